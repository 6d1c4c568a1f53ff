import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Resources } from '@atende/ui'
import { createTranslationRegistry, describeClash } from '../../src/modules/translations.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const LANGS = ['pt', 'en', 'es'] as const
const read = (dir: string) =>
  Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(join(dir, `${l}.json`), 'utf8')) as Resources]))

describe('translation namespaces: a module taking texts another owns is reported', () => {
  const shell = { pt: { common: { save: 'Salvar' }, errors: { ERR_X: 'Erro X' } } }

  it('reports a namespace another module or the shell holds, and a drawer label worded twice', () => {
    const reg = createTranslationRegistry(shell)
    expect(reg.register('notes', { pt: { notes: { title: 'Notas' }, menu: { notes: 'Notas' } } })).toEqual([])
    const clashes = reg.register('nps', {
      pt: { notes: { title: 'Outra' }, common: { save: 'Gravar' }, menu: { notes: 'Pesquisa' }, nps: { a: 'A' } },
    })
    expect(clashes.map((c) => [c.kind, c.key, c.owner, c.severity])).toEqual([
      ['namespace', 'notes', 'notes', 'error'],
      ['namespace', 'common', 'shell', 'error'],
      ['key', 'menu.notes', 'notes', 'error'],
    ])
    expect(describeClash(clashes[0]!)).toBe(
      'Translation clash: module "nps" uses the namespace "notes", which module "notes" already uses; its texts there are ignored. Keep a module\'s texts under its own name.',
    )
  })

  it('an error code worded differently is a warning; the same text, or the same module again, is no clash', () => {
    const reg = createTranslationRegistry(shell)
    const bundle = { pt: { tasks: { t: 'T' }, errors: { ERR_X: 'Erro X', ERR_Y: 'Y' } } }
    expect(reg.register('tasks', bundle)).toEqual([])
    expect(reg.register('tasks', bundle)).toEqual([]) // reloaded on a company switch
    const clashes = reg.register('files', { pt: { files: {}, errors: { ERR_Y: 'Outro Y' } } })
    expect(clashes).toEqual([
      { kind: 'key', module: 'files', owner: 'tasks', lng: 'pt', key: 'errors.ERR_Y', severity: 'warn' },
    ])
  })

  it('a module may bundle the words of the components it borrows, in either order of loading', () => {
    const contacts = { pt: { contacts: { title: 'Contatos', form: { name: 'Nome' } } } }
    const borrowed = { pt: { contacts: { form: { name: 'Nome' } }, tickets: { title: 'Atendimentos' } } }
    for (const order of [
      ['contacts', 'tickets'],
      ['tickets', 'contacts'],
    ]) {
      const reg = createTranslationRegistry(shell)
      for (const m of order) expect(reg.register(m, m === 'contacts' ? contacts : borrowed), order.join()).toEqual([])
    }
    // Worded otherwise, it is a clash again.
    const reg = createTranslationRegistry(shell)
    reg.register('contacts', contacts)
    expect(reg.register('tickets', { pt: { contacts: { form: { name: 'Nome completo' } } } })).toHaveLength(1)
  })

  it("the workspace's modules, as they define themselves, keep to their own namespaces and drawer labels", async () => {
    const reg = createTranslationRegistry(read(join(ROOT, 'shell/src/i18n')))
    const names = readdirSync(join(ROOT, 'modules'))
      .sort()
      .filter((m) => existsSync(join(ROOT, 'modules', m, 'src/index.ts')))
    const clashes: string[] = []
    for (const m of names) {
      // The bundles the shell registers: the module's definition, with the words it borrows.
      const mod = (await import(`../../../modules/${m}/src/index.ts`)) as {
        default: { i18n?: Record<string, Resources> }
      }
      clashes.push(...reg.register(m, mod.default.i18n ?? {}).map(describeClash))
    }
    expect(names.length).toBeGreaterThan(20)
    expect(clashes).toEqual([])
  })
})
