import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { formatMoney } from '../../../core/ui/src/money.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Every translation file of the shell and the modules: path → language → flat key/value pairs. */
function bundles() {
  const dirs = [
    join(ROOT, 'shell/src/i18n'),
    ...readdirSync(join(ROOT, 'modules')).flatMap((m) => {
      const found: string[] = []
      const walk = (d: string) => {
        for (const name of readdirSync(d)) {
          const p = join(d, name)
          if (name === 'node_modules' || name === 'dist') continue
          if (statSync(p).isDirectory()) {
            if (name === 'i18n') found.push(p)
            else walk(p)
          }
        }
      }
      walk(join(ROOT, 'modules', m, 'src'))
      return found
    }),
  ]
  return dirs.flatMap((dir) =>
    (['pt', 'en', 'es'] as const).map((lng) => ({
      dir,
      lng,
      data: JSON.parse(readFileSync(join(dir, `${lng}.json`), 'utf8')),
    })),
  )
}
const flat = (o: Record<string, unknown>, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[prefix + k, v] as [string, string]]
      : flat(v as Record<string, unknown>, `${prefix}${k}.`),
  )

describe('translations', () => {
  const all = bundles()

  it('write plurals with i18next count forms, never "(s)"', () => {
    const bad = all.flatMap(({ dir, lng, data }) =>
      flat(data)
        .filter(([, v]) => /\((s|es|ies)\)/.test(v))
        .map(([k, v]) => `${dir} ${lng} ${k}: ${v}`),
    )
    expect(bad).toEqual([])
  })

  it('say "Color" in English (never the British spelling)', () => {
    const bad = all
      .filter((b) => b.lng === 'en')
      .flatMap(({ dir, data }) =>
        flat(data)
          .filter(([, v]) => /colour/i.test(v))
          .map(([k]) => `${dir} ${k}`),
      )
    expect(bad).toEqual([])
  })

  it('hard-code no "R$" before an amount (money goes through formatMoney)', () => {
    const bad = all.flatMap(({ dir, lng, data }) =>
      flat(data)
        .filter(([, v]) => /R\$\s*\{\{/.test(v))
        .map(([k]) => `${dir} ${lng} ${k}`),
    )
    expect(bad).toEqual([])
  })

  it('counts read right in every language', async () => {
    const read = (p: string) => JSON.parse(readFileSync(join(ROOT, p), 'utf8'))
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'pt',
      fallbackLng: 'pt',
      interpolation: { escapeValue: false },
      resources: Object.fromEntries(
        (['pt', 'en', 'es'] as const).map((l) => [
          l,
          { translation: { ...read(`modules/users/src/i18n/${l}.json`), ...read(`modules/tags/src/i18n/${l}.json`) } },
        ]),
      ),
    })
    const t = (lng: string, key: string, count: number) => i18n.getFixedT(lng)(key, { count })
    expect([0, 1, 2].map((n) => t('pt', 'users.count', n))).toEqual(['Nenhum usuário', '1 usuário', '2 usuários'])
    expect([0, 1, 2].map((n) => t('en', 'users.count', n))).toEqual(['No users', '1 user', '2 users'])
    expect([1, 5].map((n) => t('es', 'tags.count', n))).toEqual(['1 etiqueta', '5 etiquetas'])
  })
})

describe('formatMoney', () => {
  const plain = (s: string) => s.replace(/\s/g, ' ')
  it("writes BRL the language's way", () => {
    expect(plain(formatMoney(30, 'pt'))).toBe('R$ 30,00')
    expect(plain(formatMoney(30, 'en'))).toBe('R$30.00')
    expect(plain(formatMoney(1234.5, 'es'))).toBe('1234,50 R$')
    expect(plain(formatMoney(Number.NaN, 'en'))).toBe('R$0.00')
  })
})
