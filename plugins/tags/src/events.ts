/**
 * The tag events this plugin adds to the bus, and how they reach sockets (`company-{id}-tag`:
 * create/update/delete of a tag, and `sync` with a ticket's new tag set).
 */
import type { Kernel } from '@atende/sdk'
import type { Tag, TagFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'tag.created': { companyId: number; tag: Tag }
    /** Also when only its ticketsCount moved (a sync, a deleted ticket). */
    'tag.updated': { companyId: number; tag: Tag }
    'tag.deleted': { companyId: number; tagId: number }
    /** A ticket's tag set was replaced (POST /tags/sync); for the tickets screen of issue 6. */
    'ticketTags.synced': { companyId: number; ticketId: number; tagIds: number[] }
  }
}

export function mapRealtime(kernel: Kernel) {
  const rooms = (companyId: number) => [`company-${companyId}`]
  const event = (companyId: number) => `company-${companyId}-tag`
  kernel.realtime.map('tag.created', (p) => ({
    rooms: rooms(p.companyId),
    event: event(p.companyId),
    data: { action: 'create', tag: p.tag } satisfies TagFrame,
  }))
  kernel.realtime.map('tag.updated', (p) => ({
    rooms: rooms(p.companyId),
    event: event(p.companyId),
    data: { action: 'update', tag: p.tag } satisfies TagFrame,
  }))
  kernel.realtime.map('tag.deleted', (p) => ({
    rooms: rooms(p.companyId),
    event: event(p.companyId),
    data: { action: 'delete', tagId: p.tagId } satisfies TagFrame,
  }))
  // A ticket's new tag set, for the kanban board to move its card: ids only (as a ticket delete
  // frame), so the whole company room may have it; the board reads the ticket under its own rule.
  kernel.realtime.map('ticketTags.synced', (p) => ({
    rooms: rooms(p.companyId),
    event: event(p.companyId),
    data: { action: 'sync', ticketId: p.ticketId, tagIds: p.tagIds } satisfies TagFrame,
  }))
}
