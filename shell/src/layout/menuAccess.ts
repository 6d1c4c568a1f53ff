import type { ModuleMenuItem } from '@atende/ui'

/** A remotely loaded list the drawer depends on: its items stay hidden until it is 'ready'. */
export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error'
  values: T
}
export type CompanySettings = Loaded<Record<string, string>>
export type UserPermissions = Loaded<ReadonlySet<string>>

export interface MenuAccess {
  user: { profile: string; super: boolean }
  settings: CompanySettings
  permissions: UserPermissions
}

type Rules = Pick<ModuleMenuItem, 'section' | 'superOnly' | 'permission' | 'requiresSetting'>

/**
 * A menu item with `requiresSetting` shows only when the loaded setting has that value; while the
 * settings load, or when they failed, it stays hidden (API tokens item).
 */
export function settingAllows(settings: CompanySettings, rule: ModuleMenuItem['requiresSetting']): boolean {
  if (!rule) return true
  return settings.status === 'ready' && settings.values[rule.key] === rule.value
}

/** An item with `permission` shows only once GET /api/permissions answered with it. */
export function permissionAllows(permissions: UserPermissions, permission: string | undefined): boolean {
  if (!permission) return true
  return permissions.status === 'ready' && permissions.values.has(permission)
}

/** Whether the drawer shows an item: super flag, admin section, named permission and company settings. */
export function menuItemVisible(item: Rules, { user, settings, permissions }: MenuAccess): boolean {
  const isAdmin = user.profile === 'admin' || user.super
  return (
    (!item.superOnly || user.super) &&
    ((item.section ?? 'main') === 'main' || isAdmin) &&
    permissionAllows(permissions, item.permission) &&
    settingAllows(settings, item.requiresSetting)
  )
}
