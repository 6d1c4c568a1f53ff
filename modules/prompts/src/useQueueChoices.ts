import { useEffect, useState } from 'react'
import { isAbortError, useApi } from '@atende/client'
import type { QueueChoice } from './types.ts'

/** The company's queues (GET /api/queue) while `active`: null while loading, 'failed' when the read failed. */
export function useQueueChoices(active: boolean): QueueChoice[] | null | 'failed' {
  const api = useApi()
  const [queues, setQueues] = useState<QueueChoice[] | null | 'failed'>(null)
  useEffect(() => {
    if (!active) return
    const ctrl = new AbortController()
    setQueues(null)
    api
      .get<QueueChoice[]>('/queue', { signal: ctrl.signal })
      .then((q) => setQueues(Array.isArray(q) ? q : []))
      .catch((err) => {
        if (isAbortError(err) || ctrl.signal.aborted) return
        console.warn('[prompts] queues failed', err)
        setQueues('failed')
      })
    return () => ctrl.abort()
  }, [active, api])
  return queues
}
