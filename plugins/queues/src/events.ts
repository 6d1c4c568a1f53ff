/** The queue events this plugin adds to the bus, and how they reach sockets (`company-{id}-queue`). */
import type { Kernel } from '@atende/sdk'
import type { Queue } from './schemas.ts'
import type { QueueFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'queue.created': { companyId: number; queue: Queue }
    'queue.updated': { companyId: number; queue: Queue }
    /** Announced after the queue's own transaction released it in tickets (attendants) and connections. */
    'queue.deleted': { companyId: number; queueId: number }
  }
}

export function mapRealtime(kernel: Kernel) {
  const rooms = (companyId: number) => [`company-${companyId}`]
  const event = (companyId: number) => `company-${companyId}-queue`
  kernel.realtime.map('queue.created', (p) => ({
    rooms: rooms(p.companyId),
    event: event(p.companyId),
    data: { action: 'create', queue: p.queue } satisfies QueueFrame,
  }))
  kernel.realtime.map('queue.updated', (p) => ({
    rooms: rooms(p.companyId),
    event: event(p.companyId),
    data: { action: 'update', queue: p.queue } satisfies QueueFrame,
  }))
  kernel.realtime.map('queue.deleted', (p) => ({
    rooms: rooms(p.companyId),
    event: event(p.companyId),
    data: { action: 'delete', queueId: p.queueId } satisfies QueueFrame,
  }))
}
