import { useCallback } from 'react'
import { useRealtime, useSession } from '@atende/client'
import { useCollection } from '@atende/ui'
import type { Queue, QueueFrame } from './types.ts'

const order = (a: Queue, b: Queue) =>
  (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) ||
  a.name.localeCompare(b.name) ||
  a.id - b.id

/** GET /api/queue (bounded: the plan caps queues), kept live by `company-{id}-queue`. */
export function useQueues() {
  const { companyId } = useSession()
  const list = useCollection<Queue>('/queue', '/queue', 'queues.loadError')
  const { setItems } = list
  const upsert = useCallback(
    (q: Queue) => setItems((items) => items && [...items.filter((x) => x.id !== q.id), q].sort(order)),
    [setItems],
  )
  useRealtime<QueueFrame>(companyId ? `company-${companyId}-queue` : null, (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') setItems((items) => items?.filter((x) => x.id !== frame.queueId) ?? items)
    else if (frame.queue) upsert(frame.queue)
  })
  return { ...list, items: list.items ? [...list.items].sort(order) : null, upsert }
}
