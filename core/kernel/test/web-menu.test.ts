import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { moduleMenus } from '../src/web.ts'

const dir = mkdtempSync(join(tmpdir(), 'atende-menus-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function built(name: string, menu: string) {
  mkdirSync(join(dir, name, 'dist'), { recursive: true })
  writeFileSync(join(dir, name, 'dist', 'menu.json'), menu)
}

describe('moduleMenus: the drawer items GET /api/modules hands the shell', () => {
  it("reads a built module's dist/menu.json; a module without one, or with a broken one, has none", () => {
    const item = { label: 'menu.notes', to: '/notes', labels: { pt: 'Notas', en: 'Notes' }, section: 'main', order: 70 }
    built('notes', JSON.stringify([item]))
    built('broken', '{ not json')
    built('odd', '{"an": "object"}')
    const menuOf = moduleMenus(dir)
    expect(menuOf('notes')).toEqual([item])
    expect(menuOf('broken')).toBeUndefined()
    expect(menuOf('odd')).toBeUndefined()
    expect(menuOf('missing')).toBeUndefined()
  })

  it('reads each file once per process (the build is done before the server starts)', () => {
    built('once', '[]')
    const menuOf = moduleMenus(dir)
    expect(menuOf('once')).toEqual([])
    built('once', JSON.stringify([{ label: 'x', to: '/x', labels: {} }]))
    expect(menuOf('once')).toEqual([])
  })
})
