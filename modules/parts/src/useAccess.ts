import { useCallback, useEffect, useState } from 'react'
import { useApi, useSession } from '@atende/client'
import type { Access } from '@atende/plugin-parts/api'

export type AccessState = 'loading' | 'granted' | 'denied' | 'error'

/** Whether the company holds the parts grant (GET /api/part-inventory/access), read when a page opens. */
export function useAccess() {
  const api = useApi()
  const { companyId } = useSession()
  const [state, setState] = useState<AccessState>('loading')
  const load = useCallback(
    (signal?: AbortSignal) => {
      setState('loading')
      api
        .get<Access>('/part-inventory/access', { signal })
        .then((a) => setState(a.granted ? 'granted' : 'denied'))
        .catch((err) => {
          if (signal?.aborted) return
          console.warn('[parts] access failed', err)
          setState('error')
        })
    },
    [api],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    load(ctrl.signal)
    return () => ctrl.abort()
  }, [load, companyId])
  return { state, retry: () => load() }
}
