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

  it("the workspace's modules keep to their own namespaces and drawer labels", () => {
    const reg = createTranslationRegistry(read(join(ROOT, 'shell/src/i18n')))
    const errors = readdirSync(join(ROOT, 'modules'))
      .sort()
      .filter((m) => existsSync(join(ROOT, 'modules', m, 'src/i18n/pt.json')))
      .flatMap((m) => reg.register(m, read(join(ROOT, 'modules', m, 'src/i18n'))))
      .filter((c) => c.severity === 'error')
      .map(describeClash)
    expect(errors).toEqual([])
  })
})
