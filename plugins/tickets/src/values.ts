/**
 * The tickets plugin's data shapes as TypeBox schemas: the source the routes' schemas, the
 * service's types, other plugins' route schemas (connections' send routes answer messages) and the
 * module's types derive from. Browser-safe values: it imports TypeBox only, so a plugin or a module
 * may import these as values from `@atende/plugin-tickets/values` instead of copying them.
 */
import { Type, type Static, type StringOptions, type TSchema } from '@sinclair/typebox'

// The SDK's Nullable and StringEnum, restated here: a /values entry imports nothing of ours.
// Null first: with type coercion on, ajv would otherwise turn null into 0 or '' through the first branch.
const nullable = <T extends TSchema>(s: T) => Type.Union([Type.Null(), s])
const stringEnum = <const V extends readonly string[]>(values: V, options: StringOptions = {}) =>
  Type.Unsafe<V[number]>(Type.String({ ...options, enum: [...values] }))

// The source of the ticket's and the message's shapes: the routes' schemas, the service's types and
// the module's types all derive from these.
const Ref = Type.Object({ id: Type.Integer(), name: Type.String() })

export const TICKET_STATUSES = ['open', 'pending', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/** A ticket's own fields, as the service, its events and its frames carry it. */
export const TicketRecord = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  companyId: Type.Integer(),
  contactId: Type.Integer(),
  whatsappId: nullable(Type.Integer()),
  userId: nullable(Type.Integer()),
  queueId: nullable(Type.Integer()),
  status: stringEnum(TICKET_STATUSES),
  isGroup: Type.Boolean(),
  chatbot: Type.Boolean(),
  lastMessage: Type.String(),
  unreadMessages: Type.Integer(),
  origin: Type.String(),
  useIntegration: Type.Boolean(),
  integrationId: nullable(Type.Integer()),
  promptId: nullable(Type.Integer()),
  isReturningCustomer: Type.Boolean(),
  amountUsedBotQueues: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type Ticket = Static<typeof TicketRecord>

/** A ticket as the API answers it: its record with what the routes join in. */
export const TicketView = Type.Composite([
  TicketRecord,
  Type.Object({
    contact: nullable(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        number: Type.String(),
        profilePicUrl: Type.String(),
        isGroup: Type.Boolean(),
      }),
    ),
    queue: nullable(Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() })),
    user: nullable(Ref),
    whatsapp: nullable(Ref),
    tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() })),
  }),
])
export type TicketView = Static<typeof TicketView>

/** A stored message, as the service and its events carry it. */
export const MessageRecord = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  ticketId: Type.Integer(),
  contactId: nullable(Type.Integer()),
  whatsappId: nullable(Type.Integer()),
  providerId: nullable(Type.String()),
  body: Type.String(),
  fromMe: Type.Boolean(),
  /** A signed URL the browser can load (null without media). */
  mediaUrl: nullable(Type.String()),
  mediaType: nullable(Type.String()),
  mediaName: nullable(Type.String()),
  ack: Type.Integer(),
  read: Type.Boolean(),
  isDeleted: Type.Boolean(),
  isEdited: Type.Boolean(),
  quotedMsgId: nullable(Type.Integer()),
  participant: nullable(Type.String()),
  sendStatus: nullable(stringEnum(['pending', 'sent', 'failed'])),
  sendError: nullable(Type.String()),
  userId: nullable(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type Message = Static<typeof MessageRecord>

/** The message a reply quotes, as a page of messages shows it. */
export const QuotedMessage = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  fromMe: Type.Boolean(),
  mediaType: nullable(Type.String()),
  isDeleted: Type.Boolean(),
})
export type QuotedMessage = Static<typeof QuotedMessage>

/** A message as the API answers it: with the message it quotes (frames carry none). */
export const MessageView = Type.Composite([
  MessageRecord,
  Type.Object({ quotedMsg: Type.Optional(nullable(QuotedMessage)) }),
])
export type MessageView = Static<typeof MessageView>
