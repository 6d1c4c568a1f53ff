/**
 * The `messaging` service, published by the connections plugin (which depends on this one, so this
 * plugin never imports it): a bot/system message on a ticket — no user, stored first, then sent in
 * order with the connection's other messages, closed tickets included (the completion and rating
 * messages follow a close). Types only; looked up at call time, absent without connections.
 */
import type { ServiceRef } from '@atende/sdk'
export interface MessagingService {
  readonly version: 1
  /** Resolves once the message is stored (not when the network takes it). */
  send(companyId: number, ticketId: number, body: string): Promise<void>
  /**
   * Ask the connection's session owner to send what is pending. For features that store their
   * messages inside their own unit of work (`TicketsService.addOutgoing`), after it commits.
   */
  flush(companyId: number, whatsappId: number): void
}

/** The `messaging` service: `kernel.services.find<MessagingRef>('messaging')`. */
export type MessagingRef = ServiceRef<'messaging', MessagingService>
