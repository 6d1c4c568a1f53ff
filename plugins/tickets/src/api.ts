/**
 * The tickets plugin's published API (`kernel.services.get<TicketsRef>('tickets')`), version 1:
 * what the connections pipeline (inbound) and the message routes (outbound) need, and the ticket's and
 * message's TypeBox schemas. Other plugins and the module import it with `import type`.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import type { UnitOfWork, ServiceRef } from '@atende/sdk'
import type { Contact } from '@atende/plugin-contacts/api'
import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '@atende/sdk'
import type { Attendant, AttendantPatch, AttendantFields } from './attendants.ts'

export type { Attendant, AttendantPatch }
/** The fields this plugin adds to every user view (allTicket, whatsappId, queueIds). */
export type AttendantView = Static<typeof AttendantFields>

export type { TicketWithContact } from './events.ts'
type WithContact = import('./events.ts').TicketWithContact

/**
 * `company-{id}-ticket` frames (realtime.ts): the ticket with its contact, not its other neighbours
 * (queue, user, connection, tags: a list keeps the ones it has, or reads the ticket).
 */
export type TicketFrame = { action: 'update'; ticket: WithContact } | { action: 'delete'; ticketId: number }
/** `company-{id}-appMessage` frames: a new message with its ticket, or a message's change (acks, edits). */
export type MessageFrame =
  | { action: 'create'; message: Message; ticket: WithContact; contact: WithContact['contact'] }
  | { action: 'update'; message: Message }

// The ticket's and the message's shapes live in the browser-safe values entry (values.ts).
export { TICKET_STATUSES, TicketRecord, TicketView, MessageRecord, QuotedMessage, MessageView } from './values.ts'
export type { TicketStatus, Ticket, Message } from './values.ts'
import type { Message, Ticket } from './values.ts'

/** An internal note on a ticket, with who wrote it. */
export const NoteView = Type.Object({
  id: Type.Integer(),
  note: Type.String(),
  ticketId: Type.Integer(),
  contactId: Type.Integer(),
  user: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  createdAt: Type.String(),
})
export type NoteView = Static<typeof NoteView>

/** One inbound message, its contacts already resolved. */
export interface IngestItem {
  /** The conversation's contact (the group's, for group chats). */
  contact: Contact
  /** Who wrote it in a group. */
  sender?: Contact
  isGroup: boolean
  providerId: string
  body: string
  fromMe: boolean
  mediaType?: string | null
  /** Storage key of the downloaded media. */
  mediaKey?: string | null
  mediaName?: string | null
  quotedProviderId?: string
  participant?: string
  createdAt: Date
}

export interface IngestOutcome {
  /** Already stored (a re-delivery): nothing was written. */
  duplicate: boolean
  message?: Message
  ticket?: Ticket
  isNewTicket?: boolean
}

export interface OutgoingInput {
  providerId: string
  body: string
  userId: number | null
  mediaType?: string | null
  mediaKey?: string | null
  mediaName?: string | null
  quotedMsgId?: number | null
  /** The ticket's bot flag, set with the message: a bot's step that begins or ends its hold says so here. */
  chatbot?: boolean
}

export type TicketPatch = Partial<
  Pick<
    Ticket,
    | 'queueId'
    | 'userId'
    | 'status'
    | 'chatbot'
    | 'amountUsedBotQueues'
    | 'useIntegration'
    | 'integrationId'
    | 'promptId'
  >
>

export interface TicketsService {
  readonly version: 1
  /**
   * The inbound write, in bulk inside the caller's unit of work: drop re-deliveries, find or create
   * each conversation's open/pending ticket (closing ones idle past `expiresTicket` hours), insert the
   * messages, bump lastMessage/unreadMessages/updatedAt. Events follow the commit. Outcomes follow
   * the input order.
   */
  ingest(
    uow: UnitOfWork,
    whatsapp: { id: number; expiresTicket: number },
    items: IngestItem[],
  ): Promise<IngestOutcome[]>
  /** Inside the caller's unit of work when given (embedded mode has one connection). */
  get(companyId: number, id: number, uow?: UnitOfWork): Promise<Ticket | null>
  /**
   * The newest pending ticket of any of these contacts, or null: how a feature finds the waiting
   * conversation of a customer it knows by number (contacts' search gives the ids).
   */
  pendingOf(companyId: number, contactIds: number[]): Promise<Ticket | null>
  /**
   * Routing steps and other features move a ticket (queue, status, bot flags); announced as
   * ticket.updated. Inside the caller's unit of work when given (the event follows its commit).
   */
  update(companyId: number, id: number, patch: TicketPatch, uow?: UnitOfWork): Promise<Ticket>
  /** The contact's active ticket on the connection, or a new open one assigned to `userId` (forwarding to a number). */
  findOrOpen(
    uow: UnitOfWork,
    input: { contactId: number; whatsappId: number; userId: number | null; isGroup: boolean },
  ): Promise<Ticket>
  /**
   * Where a message the company starts (a campaign, a schedule) goes: the contact's active ticket on
   * the connection, else its latest ticket there, else a new closed one — never a new pending ticket
   * in the attendants' queue; the customer's reply opens one as any message does.
   */
  outreachTicket(uow: UnitOfWork, input: { contactId: number; whatsappId: number }): Promise<Ticket>
  /**
   * A sub-query selecting the `contactId` of the tickets another sub-query selects (a tag's tickets,
   * say), for a plugin to reach those contacts without reading this plugin's table.
   */
  contactIdsQuery(companyId: number, ticketIds: import('knex').Knex.QueryBuilder): import('knex').Knex.QueryBuilder
  /** Customers' ratings (1–3) given in [from, to), averaged per attendant (the ticket's user when it was rated). */
  ratingsByUser(companyId: number, from: Date, to: Date): Promise<Map<number, { average: number; count: number }>>
  /**
   * How many open tickets each of these users holds, in one grouped query (users with none are 0):
   * what spreads new tickets over attendants (DDD routing's least-busy choice).
   */
  openCountsByUser(companyId: number, userIds: number[]): Promise<Map<number, number>>
  /** Record an outgoing message as pending on the ticket (the connection sends it). */
  addOutgoing(uow: UnitOfWork, ticket: Ticket, input: OutgoingInput): Promise<Message>
  /** A note on the ticket written by the system (no user): why a bot handed the ticket over, for instance. */
  addNote(companyId: number, ticketId: number, note: string): Promise<void>
  /**
   * A queue is being deleted (the queues plugin calls this in its unit of work): its tickets become
   * queueless, so they fall under the allTicket rule instead of pointing at nothing, and it leaves
   * its attendants (announced as user.updated). A call down, not a subscription up: tickets knows
   * nothing of the queues plugin.
   */
  releaseQueue(uow: UnitOfWork, queueId: number): Promise<void>
  /** A connection is being deleted (its plugin calls this in its unit of work): it stops being anyone's default. */
  releaseConnection(uow: UnitOfWork, whatsappId: number): Promise<void>
  /**
   * Users as attendants — their queues, allTicket and default connection — cached per company until
   * a user event. With `ids`, exactly those users (defaults for one with nothing set); without,
   * the company's users that have something set.
   */
  attendants(companyId: number, ids?: number[]): Promise<Attendant[]>
  /** Sets what the patch names in the caller's unit of work; the caller announces the user (user.updated). */
  setAttendant(uow: UnitOfWork, userId: number, patch: AttendantPatch): Promise<void>
  /** The ticket's last `limit` messages (at most 200), oldest first: a bot's view of the conversation. */
  recentMessages(companyId: number, ticketId: number, limit: number): Promise<Message[]>
  getMessage(companyId: number, id: number): Promise<(Message & { mediaKey: string | null }) | null>
  findByProviderId(companyId: number, whatsappId: number, providerId: string): Promise<Message | null>
  /** Oldest first: what a connection still has to send. */
  pendingOutgoing(
    companyId: number,
    whatsappId: number,
    limit: number,
  ): Promise<(Message & { mediaKey: string | null })[]>
  markSent(companyId: number, messageId: number, ack: number): Promise<void>
  markFailed(companyId: number, messageId: number, error: string): Promise<void>
  /** Acks only move forward; returns how many messages changed. */
  applyAcks(companyId: number, whatsappId: number, updates: { providerId: string; ack: number }[]): Promise<number>
  markEdited(companyId: number, messageId: number, body: string): Promise<Message>
  markDeleted(companyId: number, messageId: number): Promise<Message>
}

// What tickets uses of the plugins that load after it: declared here, satisfied by their providers.
export type {
  ConnectionAutomations,
  ConnectionMessages,
  ConnectionsForTickets,
  QueuesForTickets,
  TagsForTickets,
  ConnectionsPort,
  QueuesPort,
  TagsPort,
} from './neighbours-api.ts'
export type { MessagingService, MessagingRef } from './messaging-api.ts'

/** The `tickets` service: `kernel.services.get<TicketsRef>('tickets')`. */
export type TicketsRef = ServiceRef<'tickets', TicketsService>
