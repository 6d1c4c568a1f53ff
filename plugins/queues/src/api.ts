/** The queues plugin's published service (`kernel.services.get<QueuesRef>('queues')`), version 1. Types only. */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import type { RecordOwner, UnitOfWork, ServiceRef } from '@atende/sdk'
import type { BotRef } from './bot-links.ts'
/** `ownedBy`: which of these queue ids are the company's (others check ids a body names with it). */
export interface QueuesService extends RecordOwner {
  readonly version: 1
  /** Do all these queue ids belong to the company? (An empty list: true.) */
  exists(companyId: number, ids: number[]): Promise<boolean>
  /** id, name and colour of these queues (ticket lists hydrate their rows); missing ids are skipped. */
  byIds(companyId: number, ids: number[]): Promise<{ id: number; name: string; color: string }[]>
  /** The integration and prompt a queue hands its customers to (null when the queue is not the company's). */
  botsOf(companyId: number, queueId: number): Promise<{ integrationId: number | null; promptId: number | null } | null>
  /** Every queue of the company (id, name, colour) in the menu's order. */
  names(companyId: number): Promise<{ id: number; name: string; color: string }[]>
  /** A prompt or integration is being deleted (its plugin calls this in that unit of work): no queue hands customers to it. */
  releaseBot(uow: UnitOfWork, bot: BotRef): Promise<void>
}

export type { BotRef } from './bot-links.ts'

/** A queue and a chatbot option as the API answers them (the routes' schemas). */
export type { Queue, QueueOption } from './schemas.ts'

/** `company-{id}-queue` frames (events.ts). */
export type QueueFrame =
  { action: 'create' | 'update'; queue: import('./schemas.ts').Queue } | { action: 'delete'; queueId: number }

/** The `queues` service: `kernel.services.get<QueuesRef>('queues')`. */
export type QueuesRef = ServiceRef<'queues', QueuesService>
