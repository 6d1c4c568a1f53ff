import { useEffect, useRef, useState } from 'react'
import { useApi, useSession } from '@atende/client'
import type { QueueRef } from '../types.ts'

/**
 * The company's queues (GET /api/queue-flow/queues/{companyId}): null until they come. A failure is
 * logged and handed to `onFailed` (which may be a new function each render); the list stays null.
 */
export function useQueueRefs(onFailed: () => void) {
  const api = useApi()
  const { companyId } = useSession()
  const [queues, setQueues] = useState<QueueRef[] | null>(null)
  const failed = useRef(onFailed)
  failed.current = onFailed
  useEffect(() => {
    if (!companyId) return
    const ctrl = new AbortController()
    api
      .get<QueueRef[]>(`/queue-flow/queues/${companyId}`, { signal: ctrl.signal })
      .then(setQueues)
      .catch((err) => {
        if (ctrl.signal.aborted) return
        console.error(err)
        failed.current()
      })
    return () => ctrl.abort()
  }, [api, companyId])
  return queues
}
