import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { client } from '../client.ts'
import type { UserPermissions } from './menuAccess.ts'

const EMPTY: ReadonlySet<string> = new Set()
const Ctx = createContext<UserPermissions>({ status: 'loading', values: EMPTY })
export const usePermissions = () => useContext(Ctx)

/**
 * The signed-in user's named permissions (GET /api/permissions, core.md §6), loaded once per
 * session: `sessionKey` changes only with the user or their role. A failure is a state, not a toast.
 */
export function PermissionsProvider({ sessionKey, children }: { sessionKey: string; children: ReactNode }) {
  const [state, setState] = useState<UserPermissions>({ status: 'loading', values: EMPTY })
  useEffect(() => {
    let cancelled = false
    setState({ status: 'loading', values: EMPTY })
    client.api.get<{ permissions: string[] }>('/permissions')
      .then((r) => { if (!cancelled) setState({ status: 'ready', values: new Set(r.permissions) }) })
      .catch((err) => {
        console.warn('[permissions] load failed', err)
        if (!cancelled) setState({ status: 'error', values: EMPTY })
      })
    return () => { cancelled = true }
  }, [sessionKey])
  return <Ctx.Provider value={state}>{children}</Ctx.Provider>
}
