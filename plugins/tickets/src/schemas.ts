import { Type, type Static } from '@sinclair/typebox'
import { Nullable, errorResponses } from '@atende/sdk'
import { MessageView, NoteView, TicketView } from './api.ts'

/** A ticket, a message and a note as the API answers them: the contract's schemas. */
export { MessageView, NoteView, TicketView }

/** POST /tickets: the ticket, and whether it is new or a recently closed one reopened. */
export const CreatedTicket = Type.Composite([
  TicketView,
  Type.Object({ outcome: Type.String({ enum: ['TICKET_CREATED', 'TICKET_REOPENED'] }) }),
])

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC day)' })
const IdList = (what: string) =>
  Type.Union([Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 200 }), Type.String({ maxLength: 2000 })], {
    description: `a JSON array of ${what} ids, a comma list, or the parameter repeated`,
  })
const Flag = Type.Union([Type.Boolean(), Type.String({ enum: ['true', 'false'] })])

export const ListQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  status: Type.Optional(
    Type.String({
      enum: ['open', 'pending', 'closed'],
      description: "also 'aguardando' (= pending) and 'attending' (= open)",
    }),
  ),
  showAll: Type.Optional(Flag),
  queueIds: Type.Optional(IdList('queue')),
  tags: Type.Optional(IdList('tag (tickets with all of them)')),
  users: Type.Optional(IdList('user (admins only)')),
  withUnreadMessages: Type.Optional(Flag),
  contactId: Type.Optional(Type.Integer({ minimum: 1 })),
  date: Type.Optional(Day),
  updatedAt: Type.Optional(Day),
})
export type ListQuery = Static<typeof ListQuery>

/** GET /tickets/counts: the list's filters without status and paging. */
export const CountsQuery = Type.Omit(ListQuery, ['status', 'pageNumber'])
export type CountsQuery = Static<typeof CountsQuery>
export const CountsResult = Type.Object({ open: Type.Integer(), pending: Type.Integer() })

/** POST /tickets: an attendant starts a conversation; it opens assigned to them (or to userId). */
export const CreateBody = Type.Object({
  contactId: Type.Integer({ minimum: 1 }),
  queueId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  whatsappId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  userId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  status: Type.Optional(
    Type.String({ enum: ['open', 'pending'], description: "also 'aguardando' (= pending) and 'attending' (= open)" }),
  ),
})
export type CreateBody = Static<typeof CreateBody>

export const NoteBody = Type.Object({
  note: Type.String({ minLength: 2, maxLength: 5000 }),
  ticketId: Type.Integer({ minimum: 1 }),
  contactId: Type.Optional(Type.Integer({ minimum: 1 })),
})
export const NotesQuery = Type.Object({
  ticketId: Type.Optional(Type.Integer({ minimum: 1 })),
  contactId: Type.Optional(Type.Integer({ minimum: 1 })),
})

export const ListResult = Type.Object({ tickets: Type.Array(TicketView), hasMore: Type.Boolean() })

export const UuidParams = Type.Object({
  uuid: Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
})
export const TicketIdParams = Type.Object({ ticketId: Type.Integer({ minimum: 1 }) })

/** PUT /tickets/{id}: the move is read from status/queueId/userId against the current state. */
export const UpdateBody = Type.Object({
  status: Type.Optional(
    Type.String({
      enum: ['open', 'pending', 'closed'],
      description: "also 'aguardando' (= pending) and 'attending' (= open)",
    }),
  ),
  userId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  queueId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  whatsappId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  useIntegration: Type.Optional(Type.Boolean()),
  promptId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  integrationId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
})
export type UpdateBody = Static<typeof UpdateBody>

export const MessagesQuery = Type.Object({ pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })) })
export const MessagesResult = Type.Object({
  messages: Type.Array(MessageView),
  ticket: TicketView,
  count: Type.Integer(),
  hasMore: Type.Boolean(),
})

export const errors = errorResponses()
