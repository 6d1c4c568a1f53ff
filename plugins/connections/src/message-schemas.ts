import { Type } from '@sinclair/typebox'
import { Nullable } from '@atende/sdk'
import { MessageRecord } from '@atende/plugin-tickets/values'
import { MEDIA_TYPES } from './providers/types.ts'

/** A message as the API returns it: the tickets plugin's record (its browser-safe values entry). */
export const MessageView = MessageRecord

export const TicketIdParams = Type.Object({ ticketId: Type.Integer({ minimum: 1 }) })

/** What POST /messages/{ticketId} takes as files, for a composer to check before it uploads. */
export const MessageLimits = Type.Object({
  mediaMaxBytes: Type.Integer({
    description: 'the largest file accepted, in bytes (MEDIA_MAX_BYTES; 16 MiB by default)',
  }),
  maxFiles: Type.Integer({ description: 'the most files one multipart send takes' }),
})
const body = Type.String({ maxLength: 65_536 })

/** JSON send: read/fromMe are accepted for compatibility and ignored (an attendant always sends fromMe). */
export const SendBody = Type.Object({
  body: Type.Optional(body),
  quotedMsg: Type.Optional(Nullable(Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: true }))),
  read: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  fromMe: Type.Optional(Type.Boolean()),
  mediaUrl: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 7_000_000,
        description:
          'an http(s) URL, a data: URI or a signed file link of this company: fetched into storage and sent as media',
      }),
    ),
  ),
})
export const MentionBody = Type.Object({
  text: Type.String({ maxLength: 65_536 }),
  mentionedJids: Type.Array(Type.String({ maxLength: 80 }), { maxItems: 256 }),
})
export const EditBody = Type.Object({ body })
export const ForwardBody = Type.Object({
  messageId: Type.Integer({ minimum: 1 }),
  phone: Type.String({ minLength: 8, maxLength: 30 }),
})
export const SendContactBody = Type.Object({
  contactId: Type.Integer({ minimum: 1 }),
  ticketId: Type.Integer({ minimum: 1 }),
})
export const SendResult = Type.Object({ messages: Type.Array(MessageView) })

/** The simulator phone: a customer writes. */
export const InboundBody = Type.Object({
  from: Type.String({ pattern: '^\\+?[0-9 ()-]{8,30}$', description: "the customer's number" }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  body: Type.Optional(body),
  id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_.:-]+$',
      description: 'a repeated id is a re-delivery',
    }),
  ),
  mediaUrl: Type.Optional(Type.String({ maxLength: 30_000_000, description: 'a data: URI or an http(s) URL' })),
  mediaType: Type.Optional(Type.Union(MEDIA_TYPES.map((m) => Type.Literal(m)))),
  fileName: Type.Optional(Type.String({ maxLength: 255, description: "the attachment's name (a data: URI has none)" })),
  quotedId: Type.Optional(Type.String({ maxLength: 128 })),
  groupId: Type.Optional(
    Type.String({ pattern: '^[0-9-]{5,40}$', description: 'write in this group (the sender is `from`)' }),
  ),
  groupName: Type.Optional(Type.String({ maxLength: 100 })),
})
export const InboundResult = Type.Object({ id: Type.String(), message: Nullable(MessageView) })
export const OutboxQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 40 })) })
export const OutboxEntry = Type.Object({
  id: Type.String(),
  to: Type.String(),
  isGroup: Type.Boolean(),
  body: Type.String(),
  media: Type.Optional(
    Type.Object({
      kind: Type.String(),
      fileName: Type.String(),
      mimetype: Type.String(),
      voiceNote: Type.Boolean({ description: 'sent as push-to-talk (an OGG/Opus file)' }),
    }),
  ),
  contact: Type.Optional(Type.Object({ name: Type.String(), number: Type.String() })),
  location: Type.Optional(
    Type.Object({ latitude: Type.Number(), longitude: Type.Number(), name: Type.Optional(Type.String()) }),
  ),
  quotedId: Type.Optional(Type.String()),
  mentions: Type.Optional(Type.Array(Type.String())),
  ack: Type.Integer(),
  edited: Type.Boolean(),
  deleted: Type.Boolean(),
  timestamp: Type.String(),
})
export const OutboxResult = Type.Object({ messages: Type.Array(OutboxEntry) })
