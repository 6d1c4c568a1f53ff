/**
 * Channel providers: what a WhatsApp-like connection needs from the world. This slice covers the
 * session life cycle only; the messaging methods (send text/media/contact/location, edit/delete,
 * mark read, inbound messages and acks) join this interface with the message-pipeline slice.
 */

/** Session states of core.md §4 (spelled as the spec and the web client spell them). */
export const SESSION_STATUSES = ['DISCONNECTED', 'qrcode', 'OPENING', 'CONNECTED', 'PAIRING', 'TIMEOUT'] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]

/** What a provider reports; the session manager persists it to the row and emits it on the bus. */
export interface SessionUpdate {
  status: SessionStatus
  qrcode?: string
  /** The paired phone number, once connected. */
  number?: string
  retries: number
}

export interface ConnectionRef { id: number; companyId: number; name: string }

/** A running session of one connection, owned by the process that started it. */
export interface ChannelSession {
  /** Drop the current QR and produce a new one (retries reset). */
  requestNewQr(): Promise<void>
  /** End the session; reports DISCONNECTED unless `silent` (deleting the row, shutting down). */
  stop(opts?: { silent?: boolean }): Promise<void>
}

export interface ChannelProvider {
  /** The `provider` column value it serves. */
  readonly name: string
  /** Begin a session; `report` must be awaited by the provider so state is written in order. */
  start(conn: ConnectionRef, report: (update: SessionUpdate) => Promise<void>): Promise<ChannelSession>
}
