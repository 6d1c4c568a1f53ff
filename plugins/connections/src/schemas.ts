import { Type } from '@sinclair/typebox'
import { Nullable, errorResponses } from '@atende/sdk'
import { SESSION_STATUSES } from './providers/types.ts'
import { PROVIDERS } from './service.ts'

const HHMM = '^(([01][0-9]|2[0-3]):[0-5][0-9])?$'
/** One day of business hours (free-form day names, as the web client sends them). */
export const ScheduleDay = Type.Object({
  weekday: Type.String({ maxLength: 30 }),
  weekdayEn: Type.Optional(Type.String({ maxLength: 30 })),
  startTime: Type.Optional(Type.String({ pattern: HHMM })),
  endTime: Type.Optional(Type.String({ pattern: HHMM })),
})
const text = Type.String({ maxLength: 10_000 })
const count = Type.Integer({ minimum: 0, maximum: 100_000 })
const ref = Nullable(Type.Integer({ minimum: 1 }))

const fields = {
  name: Type.String({ minLength: 2, maxLength: 50 }),
  isDefault: Type.Boolean(),
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  expiresInactiveMessage: text,
  token: Type.String({
    maxLength: 255,
    description:
      "The connection's own API token (Bearer of POST /api/messages/send): at least 16 characters, stored hashed and answered only in this request's answer; '' removes it",
  }),
  provider: Type.Union(
    PROVIDERS.map((p) => Type.Literal(p)),
    { description: "'beta' is Baileys (arrives with the message pipeline); 'simulator' is the local stand-in" },
  ),
  expiresTicket: count,
  timeUseBotQueues: count,
  maxUseBotQueues: count,
  maxAttemptsWithoutResponse: count,
  integrationId: ref,
  promptId: ref,
  transferQueueId: ref,
  redirectQueueId: ref,
  timeToTransfer: Nullable(count),
  schedules: Type.Array(ScheduleDay, { maxItems: 7 }),
  queueIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 }),
}
const { name, ...optional } = fields
export const CreateBody = Type.Object({ name, ...Type.Partial(Type.Object(optional)).properties })
export const UpdateBody = Type.Partial(CreateBody)

export const Whatsapp = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  status: Type.String({ enum: [...SESSION_STATUSES] }),
  qrcode: Type.String(),
  retries: Type.Integer(),
  isDefault: Type.Boolean(),
  greetingMessage: Type.String(),
  complationMessage: Type.String(),
  outOfHoursMessage: Type.String(),
  ratingMessage: Type.String(),
  expiresInactiveMessage: Type.String(),
  token: Type.String({ description: "'' except in the answer to the request that set it: tokens are stored hashed" }),
  hasToken: Type.Boolean(),
  tokenPreview: Type.String({ description: "the token's first and last 4 characters, to recognise it" }),
  provider: Type.String(),
  number: Nullable(Type.String()),
  expiresTicket: Type.Integer(),
  timeUseBotQueues: Type.Integer(),
  maxUseBotQueues: Type.Integer(),
  maxAttemptsWithoutResponse: Type.Integer(),
  integrationId: Nullable(Type.Integer()),
  promptId: Nullable(Type.Integer()),
  transferQueueId: Nullable(Type.Integer()),
  redirectQueueId: Nullable(Type.Integer()),
  timeToTransfer: Nullable(Type.Integer()),
  schedules: Type.Array(ScheduleDay),
  queueIds: Type.Array(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})

export const ListQuery = Type.Object({
  session: Type.Optional(
    Type.Union([Type.String({ maxLength: 5 }), Type.Integer()], { description: 'ignored (the spec sends session=0)' }),
  ),
})
export const WhatsappIdParams = Type.Object({ whatsappId: Type.Integer({ minimum: 1 }) })
export const ScanBody = Type.Object({ number: Type.Optional(Type.String({ pattern: '^[0-9]{8,20}$' })) })
export const SessionView = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  qrcode: Type.String(),
  retries: Type.Integer(),
  number: Nullable(Type.String()),
  updatedAt: Type.String(),
})
export const errors = errorResponses()
