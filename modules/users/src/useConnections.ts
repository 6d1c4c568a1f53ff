import { useEffect, useState } from 'react'
import { useApi } from '@atende/client'

export interface ConnectionOption { id: number; name: string }

/**
 * The company's connections for the user's default connection (GET /api/whatsapp, core.md §7):
 * null while loading, [] when there are none (or the call failed: the select then says why).
 */
export function useConnections(enabled: boolean): ConnectionOption[] | null {
  const api = useApi()
  const [list, setList] = useState<ConnectionOption[] | null>(null)
  useEffect(() => {
    if (!enabled) return
    const ctrl = new AbortController()
    api.get<unknown>('/whatsapp', { signal: ctrl.signal })
      .then((data) => setList(Array.isArray(data)
        ? data.filter((c): c is ConnectionOption => typeof c?.id === 'number' && typeof c?.name === 'string').map((c) => ({ id: c.id, name: c.name }))
        : []))
      .catch(() => { if (!ctrl.signal.aborted) setList([]) })
    return () => ctrl.abort()
  }, [api, enabled])
  return list
}
