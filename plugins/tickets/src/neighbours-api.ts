/**
 * What this plugin uses of the plugins that load after it (they depend on tickets, so it never
 * imports them): the one declaration of each, which the provider checks itself against with
 * `satisfies` (connections, through `@atende/plugin-tickets/api`). Types only; each is looked up at
 * call time and may be absent (not installed, or plan-gated).
 */
import type { ServiceRef } from '@atende/sdk'

/** The bot messages a connection carries. */
export interface ConnectionMessages {
  name: string
  complationMessage: string | null
  ratingMessage: string | null
}

/** One connection's automation settings, for the idle-close and transfer job. */
export interface ConnectionAutomations {
  id: number
  companyId: number
  name: string
  expiresTicket: number
  expiresInactiveMessage: string
  timeToTransfer: number | null
  transferQueueId: number | null
}

/** The `connections` service as tickets reads it. */
export interface ConnectionsForTickets {
  /** A connection of the company (rejects when it is not one). */
  get(companyId: number, id: number): Promise<{ id: number } & ConnectionMessages>
  /** The company's default connection (new tickets started by an attendant), null without one. */
  defaultId(companyId: number): Promise<number | null>
  /** Names for a list page's connections, in one query. */
  namesByIds(companyId: number, ids: number[]): Promise<{ id: number; name: string }[]>
  /** Every company's connections with an automation set (a platform task). */
  withAutomations(): Promise<ConnectionAutomations[]>
}

/** The `tags` service as the ticket lists read it. */
export interface TagsForTickets {
  forTickets(
    companyId: number,
    ticketIds: number[],
  ): Promise<Map<number, { id: number; name: string; color: string }[]>>
  ticketIdsWithAll(companyId: number, tagIds: number[]): import('knex').Knex.QueryBuilder
}

/** The `queues` service as tickets reads it. */
export interface QueuesForTickets {
  exists(companyId: number, ids: number[]): Promise<boolean>
  byIds(companyId: number, ids: number[]): Promise<{ id: number; name: string; color: string }[]>
}

/** The `connections` service: `kernel.services.find<ConnectionsPort>('connections')`. */
export type ConnectionsPort = ServiceRef<'connections', ConnectionsForTickets>

/** The `queues` service: `kernel.services.find<QueuesPort>('queues')`. */
export type QueuesPort = ServiceRef<'queues', QueuesForTickets>

/** The `tags` service: `kernel.services.find<TagsPort>('tags')`. */
export type TagsPort = ServiceRef<'tags', TagsForTickets>
