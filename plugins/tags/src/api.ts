/**
 * The tags plugin's published API (`kernel.services.get<TagsRef>('tags')`), version 1: what the
 * tickets screen needs to show each ticket's tags, and the tag's TypeBox schema (the routes' source).
 * Other plugins and the module import it with `import type`.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, type RecordOwner, type ServiceRef } from '@atende/sdk'

/** A tag as every answer and event carries it. `kanban` is the spec's 0 or 1. */
export const Tag = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  kanban: Type.Unsafe<0 | 1>(Type.Integer({ minimum: 0, maximum: 1, description: '1: a column of the kanban' })),
  userId: Nullable(Type.Integer({ description: 'who created it' })),
  ticketsCount: Type.Integer({ description: 'tickets carrying it' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type Tag = Static<typeof Tag>

/** What a ticket shows of its tags. */
export const TicketTag = Type.Pick(Tag, ['id', 'name', 'color', 'kanban'])
export type TicketTag = Static<typeof TicketTag>

/** `ownedBy`: which of these tag ids are the company's. */
export interface TagsService extends RecordOwner {
  readonly version: 1
  /** The tags of many tickets in one query; tickets without tags map to []. Ordered by name. */
  forTickets(companyId: number, ticketIds: number[]): Promise<Map<number, TicketTag[]>>
  /**
   * A sub-query selecting `ticketId` of the tickets carrying every one of the tags, for the tickets
   * list to filter with (`whereIn('tickets.id', …)`) without reading this plugin's table itself.
   */
  ticketIdsWithAll(companyId: number, tagIds: number[]): import('knex').Knex.QueryBuilder
}

/** `company-{id}-tag` frames (events.ts); `sync` is a ticket's new tag set (the kanban board moves its card). */
export type TagFrame =
  | { action: 'create' | 'update'; tag: Tag }
  | { action: 'delete'; tagId: number }
  | { action: 'sync'; ticketId: number; tagIds: number[] }

/** The `tags` service: `kernel.services.get<TagsRef>('tags')`. */
export type TagsRef = ServiceRef<'tags', TagsService>
