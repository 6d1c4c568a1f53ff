import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const dirs = (p: string) =>
  readdirSync(join(ROOT, p), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

/**
 * Issue 36, one contract style: every plugin publishes `src/api.ts` (and its package exports it),
 * and what a module receives over the socket is typed by the sending plugin's contract — no module
 * writes its own copy of a frame.
 */
describe('contracts', () => {
  it('every plugin has src/api.ts, exported as ./api', () => {
    const missing = dirs('plugins').filter((p) => {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'plugins', p, 'package.json'), 'utf8'))
      return !existsSync(join(ROOT, 'plugins', p, 'src/api.ts')) || pkg.exports?.['./api'] !== './src/api.ts'
    })
    expect(missing).toEqual([])
  })

  it('a `/values` entry is browser-safe: constants and TypeBox schemas, importing TypeBox only', () => {
    const entries = [
      'core/sdk',
      ...dirs('plugins')
        .map((p) => `plugins/${p}`)
        .filter((p) => existsSync(join(ROOT, p, 'src/values.ts'))),
    ]
    expect(entries.length).toBeGreaterThan(2)
    for (const dir of entries) {
      const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'))
      expect(pkg.exports?.['./values'], dir).toBe('./src/values.ts')
      const imports = [
        ...readFileSync(join(ROOT, dir, 'src/values.ts'), 'utf8').matchAll(
          /^\s*(?:import|export)\b[^;]*?\bfrom\s+['"]([^'"]+)['"]/gm,
        ),
      ]
      expect(
        imports.map((m) => m[1]).filter((source) => source !== '@sinclair/typebox'),
        dir,
      ).toEqual([])
    }
  })

  it('no module declares a frame type of its own', () => {
    const own = dirs('modules').flatMap((m) =>
      files(join(ROOT, 'modules', m, 'src')).flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/^\s*(?:export )?(?:type|interface) (\w+Frame)\b\s*(?:=|\{|<)/gm)].map(
          (x) => `${f.slice(ROOT.length + 1)}: ${x[1]}`,
        ),
      ),
    )
    expect(own).toEqual([])
  })
})
