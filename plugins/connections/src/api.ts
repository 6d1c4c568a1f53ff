/**
 * The connections plugin's published contract, types only: the services it provides
 * (`kernel.services.get<ConnectionsRef>('connections')`, `'inbound'`, `'messaging'`,
 * `'channelSessions'`). Other plugins import from `@atende/plugin-connections/api`, never its files.
 * What tickets reads of it is declared by tickets (which loads first); this service satisfies it.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import type { ConnectionsForTickets, MessagingService, MessagingRef } from '@atende/plugin-tickets/api'
import type { WhatsappView } from './service.ts'
import type { RecordOwner, UnitOfWork, ServiceRef } from '@atende/sdk'
import type { BotRef } from './bot-links.ts'
import type { Static } from '@sinclair/typebox'
import type { ScheduleDay, Whatsapp } from './schemas.ts'
import type { SessionStatus } from './providers/types.ts'
import type { SessionView } from './events.ts'

export type { InboundRouting, InboundRef, RoutingContext, RoutingStep } from './pipeline/routing.ts'
export type { ChannelSessionsService, ChannelSessionsRef } from './sessions.ts'
export type { WhatsappView } from './service.ts'
export type { MessagingService, MessagingRef }

/** A connection as the API answers it (GET /api/whatsapp, its route schema), and one weekday of its hours. */
export type ConnectionWire = Omit<Static<typeof Whatsapp>, 'status'> & { status: SessionStatus }
export type ScheduleDayWire = Static<typeof ScheduleDay>
export type { SessionStatus }

/** `company-{id}-whatsapp` frames (events.ts). */
export type ConnectionFrame = { action: 'update'; whatsapp: ConnectionWire } | { action: 'delete'; whatsappId: number }
/** `company-{id}-whatsappSession` frames: a session's state as it changes. */
export type SessionFrame = { action: 'update'; session: SessionView }

/** `ownedBy`: which of these connection ids are the company's. */
export interface ConnectionsService extends ConnectionsForTickets, RecordOwner {
  readonly version: 1
  /** A connection of the company with its queueIds and bot messages (rejects with ERR_NO_WAPP_FOUND when not one). */
  get(companyId: number, id: number): Promise<WhatsappView>
  /** The queues the connection offers, in order. */
  queueIdsOf(companyId: number, whatsappId: number): Promise<number[]>
  /**
   * Which of these numbers (digits) have WhatsApp, asked through one of the company's connected
   * sessions (the default first): true / false per number; numbers left out are unknown (no
   * session connected, the network did not answer).
   */
  checkNumbers(companyId: number, numbers: string[]): Promise<Record<string, boolean>>
  /**
   * The connection whose own `token` field is this secret (any company; '' never matches): the
   * integrators' API lets a connection's token send through that connection. Null when none.
   */
  byToken(token: string): Promise<{ id: number; companyId: number; status: string } | null>
  /**
   * A queue is being deleted (the queues plugin calls this in its unit of work): no connection
   * offers it any more. A call down, not a subscription up to the queues plugin's event.
   */
  releaseQueue(uow: UnitOfWork, queueId: number): Promise<void>
  /** A prompt or integration is being deleted (its plugin calls this in that unit of work): no connection hands customers to it. */
  releaseBot(uow: UnitOfWork, bot: BotRef): Promise<void>
}

export type { BotRef } from './bot-links.ts'

/** The `connections` service: `kernel.services.get<ConnectionsRef>('connections')`. */
export type ConnectionsRef = ServiceRef<'connections', ConnectionsService>
