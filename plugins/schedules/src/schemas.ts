import { Type, type Static } from '@sinclair/typebox'
import { DateTimeInput, errorResponses } from '@atende/sdk'
import { Schedule, ScheduleStatus } from './api.ts'

export const BODY_MIN = 5
export const BODY_MAX = 10_000
export const DESCRIPTION_MIN = 3
export const DESCRIPTION_MAX = 500
/** A list page holds 20 unless the calendar asks for more (a month of events) through `limit`. */
export const LIMIT_MAX = 500

// The validator drops undeclared fields, so a body can never carry companyId, id, status or sentAt
// into a write. Lengths and date formats are checked by the service, with the spec's messages.
const fields = {
  body: Type.String({ maxLength: BODY_MAX, description: `required, ${BODY_MIN} to ${BODY_MAX} characters` }),
  description: Type.String({
    maxLength: DESCRIPTION_MAX,
    description: `required, ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters`,
  }),
  contactId: Type.Integer({ minimum: 1, description: "one of the company's contacts" }),
  scheduleDate: Type.String({ maxLength: 40, description: 'YYYY-MM-DDTHH:mm (an ISO date-time with its offset)' }),
  sendAt: Type.String({ maxLength: 40, description: 'when the message goes out: YYYY-MM-DDTHH:mm (ISO)' }),
}
export const CreateBody = Type.Object({
  body: fields.body,
  description: fields.description,
  contactId: fields.contactId,
  scheduleDate: fields.scheduleDate,
  sendAt: fields.sendAt,
})
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

export const PageQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMIT_MAX, description: 'page size (default 20)' })),
  status: Type.Optional(ScheduleStatus),
  contactId: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(DateTimeInput({ description: 'scheduleDate at or after' })),
  to: Type.Optional(DateTimeInput({ description: 'scheduleDate before' })),
})
export type PageQuery = Static<typeof PageQuery>

/** GET /schedules: `{ schedules, hasMore, count }` (the spec's shape) and the screen's counters per status. */
export const SchedulesPage = Type.Object({
  schedules: Type.Array(Schedule),
  hasMore: Type.Boolean(),
  count: Type.Integer(),
  counts: Type.Object({ PENDENTE: Type.Integer(), ENVIADA: Type.Integer(), ERRO: Type.Integer() }),
})

export const errors = errorResponses(400, 403, 404)
