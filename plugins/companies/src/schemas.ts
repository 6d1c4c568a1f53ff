import { Type, type Static } from '@sinclair/typebox'
import { Nullable, NullableInput } from '@atende/sdk'

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
export type Recurrence = (typeof RECURRENCES)[number]
/** The expire button moves the due date by 1, 2, 3, 6 or 12 months. */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
}
export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

/** HH:MM (00:00–23:59), or '' for a day without business hours. */
const Time = Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9])?$', description: 'HH:MM, or empty for closed' })

export const ScheduleRow = Type.Object({
  weekday: Type.String({ minLength: 1, maxLength: 30, description: 'display name, e.g. Segunda-feira' }),
  weekdayEn: Type.Union(WEEKDAYS_EN.map((d) => Type.Literal(d))),
  startTime: Time,
  endTime: Time,
})
export type ScheduleRow = Static<typeof ScheduleRow>

export const CompanyView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  cnpj: Type.String(),
  planId: Nullable(Type.Integer()),
  plan: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  status: Type.Boolean(),
  dueDate: Nullable(Type.String()),
  recurrence: Type.String(),
  schedules: Type.Array(ScheduleRow),
  settings: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type CompanyView = Static<typeof CompanyView>

const Recurrence = Type.Union(RECURRENCES.map((r) => Type.Literal(r)))

export const SignupBody = Type.Object({
  // Also the first admin's name, so the users' limit (50), not the company form's 100.
  name: Type.String({ minLength: 2, maxLength: 50, description: "the company's and its first admin's name" }),
  email: Type.String({ format: 'email', maxLength: 200 }),
  phone: Type.String({ minLength: 1, maxLength: 30, description: 'digits are kept (10–13)' }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  planId: Type.Integer({ minimum: 1 }),
  cnpj: Type.String({ maxLength: 30, description: 'masked or digits; 14 digits' }),
  dueDate: Type.Optional(
    Nullable(Type.String({ description: 'ignored: the trial always ends 15 days after sign-up' })),
  ),
})
export type SignupBody = Static<typeof SignupBody>

const companyFields = {
  name: Type.String({ minLength: 2, maxLength: 100 }),
  email: Type.String({ format: 'email', maxLength: 200 }),
  phone: Type.Optional(NullableInput(Type.String({ maxLength: 30, description: 'digits are kept; empty clears it' }))),
  planId: Type.Integer({ minimum: 1 }),
  status: Type.Optional(Type.Boolean()),
  campaignsEnabled: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])),
  dueDate: Type.Optional(
    NullableInput(Type.String({ maxLength: 40, description: 'ISO date; empty or invalid is stored as null' })),
  ),
  recurrence: Type.Optional(Recurrence),
  cnpj: Type.String({ maxLength: 30 }),
}

export const CreateCompanyBody = Type.Object({
  ...companyFields,
  password: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'first admin password; without it the admin sets one through password reset',
    }),
  ),
})
export type CreateCompanyBody = Static<typeof CreateCompanyBody>

export const UpdateCompanyBody = Type.Partial(Type.Object(companyFields))
export type UpdateCompanyBody = Static<typeof UpdateCompanyBody>

export const SchedulesBody = Type.Object({ schedules: Type.Array(ScheduleRow, { maxItems: 7 }) })

const flag = Type.Boolean()
export const CompanyPlanView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plan: Nullable(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      users: Type.Integer(),
      connections: Type.Integer(),
      queues: Type.Integer(),
      value: Type.Number(),
      useCampaigns: flag,
      useSchedules: flag,
      useInternalChat: flag,
      useExternalApi: flag,
      useKanban: flag,
      useOpenAi: flag,
      useIntegrations: flag,
    }),
  ),
})
