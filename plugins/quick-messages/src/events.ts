/**
 * The quick-message events this plugin adds to the bus, and how they reach sockets: the spec's
 * `company-{id}-quickemessage` channel ({ action: 'create'|'update', record } / { action: 'delete', id }).
 * A company-wide message goes to the company room; a private one only to its author's user room,
 * so nobody else's socket ever carries it.
 */
import type { Kernel, RealtimeDelivery } from '@atende/sdk'
import type { QuickMessageView } from './schemas.ts'
import type { QuickMessageFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'quickMessage.created': { companyId: number; record: QuickMessageView }
    /** `wasGeral`: it was company-wide before this change (others must drop it when it no longer is). */
    'quickMessage.updated': { companyId: number; record: QuickMessageView; wasGeral: boolean }
    'quickMessage.deleted': { companyId: number; id: number; userId: number | null; geral: boolean }
  }
}

export function mapRealtime(kernel: Kernel) {
  const event = (companyId: number) => `company-${companyId}-quickemessage`
  const to = (
    companyId: number,
    geral: boolean,
    userId: number | null,
    data: QuickMessageFrame,
  ): RealtimeDelivery | null => {
    if (geral) return { rooms: [`company-${companyId}`], event: event(companyId), data }
    return userId ? { rooms: [`user-${userId}`], event: event(companyId), data } : null
  }
  kernel.realtime.map('quickMessage.created', (p) =>
    to(p.companyId, p.record.geral, p.record.userId, { action: 'create', record: p.record }),
  )
  kernel.realtime.map('quickMessage.updated', (p) => {
    const update = to(p.companyId, p.record.geral, p.record.userId, { action: 'update', record: p.record })
    if (!p.wasGeral || p.record.geral) return update
    // No longer company-wide: everyone drops it, then its author (in both rooms) gets it back.
    const drop = to(p.companyId, true, null, { action: 'delete', id: p.record.id })!
    return update ? [drop, update] : drop
  })
  kernel.realtime.map('quickMessage.deleted', (p) => to(p.companyId, p.geral, p.userId, { action: 'delete', id: p.id }))
}
