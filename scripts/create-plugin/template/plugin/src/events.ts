/**
 * The __name__ events this plugin adds to the bus (their names and payloads travel with api.ts,
 * which imports this file), and how they reach sockets: `company-{id}-__name__` frames to the
 * company's room, every user of the company reads the records.
 */
import type { Kernel } from '@atende/sdk'
import type { __Entity__, __Entity__Frame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    '__entity__.saved': { companyId: number; action: 'create' | 'update'; record: __Entity__ }
    '__entity__.deleted': { companyId: number; id: number }
  }
}

/** What the manifest declares: the plugin emits these and maps them to its sockets. */
export const EVENTS = ['__entity__.saved', '__entity__.deleted']

export function mapRealtime(kernel: Kernel) {
  const to = (companyId: number, data: __Entity__Frame) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-__name__`,
    data,
  })
  kernel.realtime.map('__entity__.saved', (p) => to(p.companyId, { action: p.action, record: p.record }))
  kernel.realtime.map('__entity__.deleted', (p) => to(p.companyId, { action: 'delete', id: p.id }))
}
