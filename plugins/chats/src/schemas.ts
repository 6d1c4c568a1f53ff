import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, errorResponses } from '@atende/sdk'
import { Chat, ChatMessage } from './api.ts'

export const TITLE_MAX = 100
export const MESSAGE_MAX = 10_000
export const USERS_MAX = 200

// The validator drops undeclared fields, so a body can never carry companyId, id or ownerId into a write.
const fields = {
  title: Type.String({ maxLength: TITLE_MAX, description: `1 to ${TITLE_MAX} characters, trimmed; blank is refused` }),
  users: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: USERS_MAX,
    description: "the other members: users of the caller's company, at least one besides the caller",
  }),
}
export const CreateBody = Type.Object({ title: fields.title, users: fields.users })
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

export const MessageBody = Type.Object({
  message: Type.String({ maxLength: MESSAGE_MAX, description: 'trimmed; blank is refused' }),
})
export type MessageBody = Static<typeof MessageBody>

/** GET /chats/{id}: the integer id, or the chat's uuid (the screen's /chats/{uuid}). */
export const IdOrUuidParams = Type.Object({
  id: Type.String({
    pattern: '^([1-9][0-9]{0,9}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
    description: 'the chat id or its uuid',
  }),
})

export const PageQuery = Type.Object({ pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })) })

/** GET /chats: `{ records, hasMore, count }`, the spec's page shape. */
export const ChatsPage = ListResponse('records', Chat)
/** GET /chats/{id}/messages: the newest page first, oldest first within a page. */
export const MessagesPage = ListResponse('records', ChatMessage)

export const errors = errorResponses(400, 403, 404)
