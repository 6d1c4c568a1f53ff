import { useEffect, useState } from 'react'
import { useApi } from '@atende/client'
import type { Queue } from './types.ts'

/**
 * The company's queues for the multi-select (GET /api/queue, core.md §7). Queues arrive with a
 * later plugin: until then the call fails and the select shows its empty state.
 */
export function useQueues(enabled: boolean): Queue[] | null {
  const api = useApi()
  const [queues, setQueues] = useState<Queue[] | null>(null)
  useEffect(() => {
    if (!enabled) return
    const ctrl = new AbortController()
    api.get<unknown>('/queue', { signal: ctrl.signal })
      .then((data) => {
        const list = Array.isArray(data) ? data : (data as { queues?: unknown })?.queues
        setQueues(Array.isArray(list) ? list.filter((q): q is Queue => typeof q?.id === 'number' && typeof q?.name === 'string') : [])
      })
      .catch(() => { if (!ctrl.signal.aborted) setQueues([]) })
    return () => ctrl.abort()
  }, [api, enabled])
  return queues
}
