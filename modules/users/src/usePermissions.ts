import { useEffect, useState } from 'react'
import { useApi, useSession } from '@atende/client'

// One request per signed-in user and page load: the answer only changes with the role.
const cache = new Map<string, Promise<string[]>>()

/** The caller's named permissions (GET /api/permissions, core.md §6); null while loading. */
export function usePermissions(): Set<string> | null {
  const api = useApi()
  const { user } = useSession()
  const key = user ? `${user.id}:${user.profile}:${user.super}` : ''
  const [perms, setPerms] = useState<Set<string> | null>(null)
  useEffect(() => {
    if (!key) return
    let alive = true
    let p = cache.get(key)
    if (!p) {
      p = api.get<{ permissions: string[] }>('/permissions').then((r) => r.permissions)
      p.catch(() => cache.delete(key))
      cache.set(key, p)
    }
    p.then((list) => { if (alive) setPerms(new Set(list)) })
      // Without the list the form simply leaves the guarded fields out; the server decides anyway.
      .catch((err) => { console.error('[users] permissions failed', err); if (alive) setPerms(new Set()) })
    return () => { alive = false }
  }, [api, key])
  return perms
}
