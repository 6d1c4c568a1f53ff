import { Type, type Static } from '@sinclair/typebox'
import { Nullable, errorResponses } from '@atende/sdk'
import { WEEKDAYS_EN } from './schedule.ts'

export const LIST_MAX = 500

/** HH:MM (00:00–23:59), or '' for a closed day. */
const Time = Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9])?$', description: 'HH:MM, or empty for closed' })
export const ScheduleRow = Type.Object({
  weekday: Type.String({ minLength: 1, maxLength: 30, description: 'display name, e.g. Segunda-feira' }),
  weekdayEn: Type.Union(WEEKDAYS_EN.map((d) => Type.Literal(d))),
  startTime: Time,
  endTime: Time,
})

/** A queue id (as number or digits) or 'option-{id}'; checked by the service. */
const Redirect = Nullable(
  Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 30 })], {
    description: "a queue id or 'option-{id}'; never the queue itself",
  }),
)

export const Queue = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  orderQueue: Nullable(Type.Integer()),
  greetingMessage: Type.String(),
  outOfHoursMessage: Type.String(),
  completionMessage: Type.String(),
  ratingMessage: Type.String(),
  token: Type.String(),
  integrationId: Nullable(Type.Integer()),
  promptId: Nullable(Type.Integer()),
  schedules: Type.Array(ScheduleRow),
  maxAttemptsWithoutResponse: Type.Integer(),
  redirectQueueId: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type Queue = Static<typeof Queue>

const fields = {
  // Lengths are checked by the service after trimming (400 with the field named).
  name: Type.String({ maxLength: 200, description: '2 to 50 characters' }),
  color: Type.String({ maxLength: 50, description: '3 to 9 characters, unique in the company' }),
  orderQueue: Nullable(Type.Integer({ minimum: 0, maximum: 100000 })),
  greetingMessage: Type.String({ maxLength: 10000, description: 'required when the company has more than one queue' }),
  outOfHoursMessage: Type.String({ maxLength: 10000 }),
  completionMessage: Type.String({ maxLength: 10000 }),
  ratingMessage: Type.String({ maxLength: 10000 }),
  token: Type.String({ maxLength: 255 }),
  integrationId: Nullable(Type.Integer({ minimum: 1 })),
  promptId: Nullable(Type.Integer({ minimum: 1 })),
  schedules: Type.Array(ScheduleRow, { maxItems: 7 }),
  maxAttemptsWithoutResponse: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'invalid menu answers before the redirect; 0 = never redirect',
  }),
  redirectQueueId: Redirect,
}
export const CreateBody = Type.Object({
  name: fields.name,
  color: fields.color,
  orderQueue: Type.Optional(fields.orderQueue),
  greetingMessage: Type.Optional(fields.greetingMessage),
  outOfHoursMessage: Type.Optional(fields.outOfHoursMessage),
  completionMessage: Type.Optional(fields.completionMessage),
  ratingMessage: Type.Optional(fields.ratingMessage),
  token: Type.Optional(fields.token),
  integrationId: Type.Optional(fields.integrationId),
  promptId: Type.Optional(fields.promptId),
  schedules: Type.Optional(fields.schedules),
  maxAttemptsWithoutResponse: Type.Optional(fields.maxAttemptsWithoutResponse),
  redirectQueueId: Type.Optional(fields.redirectQueueId),
})
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

export const ListQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_MAX, default: LIST_MAX })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  companyId: Type.Optional(Type.Integer({ minimum: 1, description: "ignored: always the caller's company" })),
})
export type ListQuery = Static<typeof ListQuery>

export const QueueOption = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  queueId: Type.Integer(),
  parentId: Type.Integer({ description: '-1 at the top level' }),
  title: Type.String(),
  message: Type.String(),
  option: Type.Integer({ description: 'its number in the menu' }),
  maxAttemptsWithoutResponse: Type.Integer(),
  redirectQueueId: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type QueueOption = Static<typeof QueueOption>

const optionFields = {
  title: Type.String({ maxLength: 200, description: '1 to 100 characters' }),
  message: Type.String({ maxLength: 10000 }),
  option: Type.Integer({ minimum: 1, maximum: 999, description: 'menu number; the next free one when left out' }),
  maxAttemptsWithoutResponse: Type.Integer({ minimum: 0, maximum: 100 }),
  redirectQueueId: Redirect,
}
export const OptionCreateBody = Type.Object({
  queueId: Type.Integer({ minimum: 1 }),
  parentId: Type.Optional(Nullable(Type.Integer({ minimum: -1, description: '-1 or null: top level' }))),
  title: optionFields.title,
  message: Type.Optional(optionFields.message),
  option: Type.Optional(optionFields.option),
  maxAttemptsWithoutResponse: Type.Optional(optionFields.maxAttemptsWithoutResponse),
  redirectQueueId: Type.Optional(optionFields.redirectQueueId),
})
export type OptionCreateBody = Static<typeof OptionCreateBody>
export const OptionUpdateBody = Type.Partial(
  Type.Object({
    title: optionFields.title,
    message: optionFields.message,
    option: optionFields.option,
    maxAttemptsWithoutResponse: optionFields.maxAttemptsWithoutResponse,
    redirectQueueId: optionFields.redirectQueueId,
  }),
)
export type OptionUpdateBody = Static<typeof OptionUpdateBody>
export const OptionQuery = Type.Object({
  queueId: Type.Optional(Type.Integer({ minimum: 1 })),
  parentId: Type.Optional(Type.Integer({ minimum: -1, description: '-1: the top level' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_MAX, default: LIST_MAX })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
})
export type OptionQuery = Static<typeof OptionQuery>

export const errors = errorResponses()
