/** Campaigns' wire types (TypeBox only: the module imports them). */
import { Type, type Static } from '@sinclair/typebox'

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

const Ref = Type.Union([Type.Null(), Type.Object({ id: Type.Integer(), name: Type.String() })])
const Nullable = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.String>>(s: T) =>
  Type.Union([Type.Null(), s])

/** Recipients by state (the report's counters). */
export const CampaignCounts = Type.Object({
  total: Type.Integer(),
  pending: Type.Integer(),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  read: Type.Integer(),
  failed: Type.Integer(),
})
export type CampaignCounts = Static<typeof CampaignCounts>

export const Campaign = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  message1: Type.String(),
  message2: Type.String(),
  message3: Type.String(),
  message4: Type.String(),
  message5: Type.String(),
  status: Type.Union(CAMPAIGN_STATUSES.map((s) => Type.Literal(s))),
  scheduledAt: Nullable(Type.String({ format: 'date-time' })),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  completedAt: Nullable(Type.String({ format: 'date-time' })),
  whatsappId: Nullable(Type.Integer()),
  contactListId: Nullable(Type.Integer()),
  tagListId: Nullable(Type.Integer()),
  fileListId: Nullable(Type.Integer()),
  mediaPath: Nullable(Type.String({ description: 'a signed URL of the attached file' })),
  mediaName: Nullable(Type.String()),
  pauseReason: Type.String({
    description: 'why the engine is holding it (window, daily cap, failures); empty while it sends',
  }),
  pause: Type.Union([
    Type.Null(),
    Type.Object(
      {
        code: Type.Union([
          Type.Literal('window'),
          Type.Literal('dailyLimit'),
          Type.Literal('disconnected'),
          Type.Literal('failures'),
        ]),
        values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
      },
      {
        description:
          'pauseReason as a code with its values: window {start, end}, dailyLimit {limit}, disconnected, failures {failed, of}',
      },
    ),
  ]),
  editable: Type.Boolean({ description: 'INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA' }),
  contactList: Ref,
  whatsapp: Ref,
  counts: CampaignCounts,
  /** Recipients per message variant (1–5): how many drew it and how many got it. */
  variants: Type.Array(Type.Object({ variant: Type.Integer(), total: Type.Integer(), sent: Type.Integer() })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Campaign = Static<typeof Campaign>

/** `company-{id}-campaign` frames (events.ts): the campaign as read after the change, or the deleted one's id. */
export type CampaignFrame = { action: 'create' | 'update'; record: Campaign } | { action: 'delete'; id: number }

/** One of the campaign settings: values are JSON. */
export const CampaignSetting = Type.Object({ key: Type.String(), value: Type.Unknown() })
