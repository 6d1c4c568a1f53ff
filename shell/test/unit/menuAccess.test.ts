import { describe, expect, it } from 'vitest'
import { menuItemVisible, type MenuAccess } from '../../src/layout/menuAccess.ts'

const ready = (perms: string[]): MenuAccess['permissions'] => ({ status: 'ready', values: new Set(perms) })
const settings: MenuAccess['settings'] = { status: 'ready', values: { apiTokensEnabled: 'enabled' } }
const user = { profile: 'user', super: false }
const admin = { profile: 'admin', super: false }

describe('menuItemVisible', () => {
  it('shows an item with a permission only to users holding it', () => {
    const item = { permission: 'reports.view' }
    expect(menuItemVisible(item, { user, settings, permissions: ready(['reports.view']) })).toBe(true)
    expect(menuItemVisible(item, { user, settings, permissions: ready(['other']) })).toBe(false)
  })

  it('hides it while the permissions load or when they failed; items without one stay', () => {
    const empty = new Set<string>()
    for (const status of ['loading', 'error'] as const) {
      const access = { user: admin, settings, permissions: { status, values: empty } }
      expect(menuItemVisible({ permission: 'reports.view' }, access)).toBe(false)
      expect(menuItemVisible({}, access)).toBe(true)
    }
  })

  it('keeps the role, super and setting rules', () => {
    const permissions = ready([])
    expect(menuItemVisible({ section: 'admin' }, { user, settings, permissions })).toBe(false)
    expect(menuItemVisible({ section: 'admin' }, { user: admin, settings, permissions })).toBe(true)
    expect(menuItemVisible({ superOnly: true }, { user: admin, settings, permissions })).toBe(false)
    expect(
      menuItemVisible(
        { superOnly: true, section: 'admin' },
        { user: { profile: 'user', super: true }, settings, permissions },
      ),
    ).toBe(true)
    const rule = { requiresSetting: { key: 'apiTokensEnabled', value: 'enabled' } }
    expect(menuItemVisible(rule, { user, settings, permissions })).toBe(true)
    expect(
      menuItemVisible(rule, {
        user,
        settings: { status: 'ready', values: { apiTokensEnabled: 'disabled' } },
        permissions,
      }),
    ).toBe(false)
    expect(menuItemVisible(rule, { user, settings: { status: 'error', values: {} }, permissions })).toBe(false)
  })
})
