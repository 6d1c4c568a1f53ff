import { useEffect, useState } from 'react'
import { useApi } from '@atende/client'

/**
 * A company list the user dialog offers (queues, connections): the rows with an id and a name from
 * GET `path` (a bare array or `{ <key>: [...] }`). null while loading; [] when there are none or the
 * call failed (the select then shows its empty state).
 */
export function useNamedList<T extends { id: number; name: string }>(path: string, enabled: boolean): T[] | null {
  const api = useApi()
  const [list, setList] = useState<T[] | null>(null)
  useEffect(() => {
    if (!enabled) return
    const ctrl = new AbortController()
    api
      .get<unknown>(path, { signal: ctrl.signal })
      .then((data) => {
        const rows = Array.isArray(data)
          ? data
          : Object.values((data ?? {}) as Record<string, unknown>).find(Array.isArray)
        setList(
          Array.isArray(rows)
            ? rows.filter((r): r is T => typeof r?.id === 'number' && typeof r?.name === 'string')
            : [],
        )
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setList([])
      })
    return () => ctrl.abort()
  }, [api, path, enabled])
  return list
}
