import type { PermissionRule, PermissionsService, Profile } from '@atende/sdk'

/** One rule table: plugins add rows; a super user holds every permission. */
export function createPermissions(): PermissionsService {
  const rules = new Map<string, Set<Profile>>()
  return {
    define(list: PermissionRule[]) {
      for (const r of list) {
        const set = rules.get(r.permission) ?? new Set<Profile>()
        for (const p of r.profiles) set.add(p)
        rules.set(r.permission, set)
      }
    },
    of(auth) {
      return [...rules.entries()]
        .filter(([, profiles]) => auth.super || profiles.has(auth.profile))
        .map(([p]) => p)
        .sort()
    },
    has(auth, permission) {
      return auth.super || (rules.get(permission)?.has(auth.profile) ?? false)
    },
  }
}

/** The shell's own permissions. Features define theirs in their manifests (dashboard:view: the dashboard plugin). */
export const CORE_PERMISSIONS: PermissionRule[] = [{ permission: 'drawer-admin-items:view', profiles: ['admin'] }]
