import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, NullableDateTimeInput, errorResponses } from '@atende/sdk'
import { Task } from './api.ts'

export const TEXT_MAX = 5_000
export const USERS_MAX = 200

// The validator drops undeclared fields, so a body can never carry companyId or id into a write.
const fields = {
  text: Type.String({ maxLength: TEXT_MAX, description: `1 to ${TEXT_MAX} characters, trimmed; blank is refused` }),
  done: Type.Boolean(),
  day: NullableDateTimeInput(
    { description: 'an ISO date-time (with its offset; the screen sends its local time as UTC); "" or null: no date' },
    true,
  ),
  // Array first: with the kernel's coercion a JSON string stays a string here (a lone "5" becomes [5]).
  userid: Type.Union(
    [
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: USERS_MAX }),
      Type.String({ maxLength: 4_000, description: 'the same list as a JSON string, e.g. "[1,2]"' }),
    ],
    { description: "the responsible users, each a user of the caller's company; empty or absent: the caller" },
  ),
  createdAt: Type.String({ maxLength: 40, description: 'ignored: the server stamps it' }),
  updatedAt: Type.String({ maxLength: 40, description: 'ignored: the server stamps it' }),
}
export const CreateBody = Type.Object({
  text: fields.text,
  done: Type.Optional(fields.done),
  day: Type.Optional(fields.day),
  userid: Type.Optional(fields.userid),
  createdAt: Type.Optional(fields.createdAt),
  updatedAt: Type.Optional(fields.updatedAt),
})
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

export const TasksQuery = Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
})
export type TasksQuery = Static<typeof TasksQuery>

/** GET /tasks: `{ tasks, hasMore, count }`, the spec's page shape. */
export const TasksPage = ListResponse('tasks', Task)

export const errors = errorResponses(400, 403, 404)
