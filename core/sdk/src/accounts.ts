import { Type, type Static } from '@sinclair/typebox'

/** The user as every API answers it (never the password hash). */
export const UserView = Type.Object(
  {
    id: Type.Integer(),
    companyId: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    profile: Type.Union([Type.Literal('admin'), Type.Literal('user')]),
    super: Type.Boolean(),
    allTicket: Type.String(),
    whatsappId: Type.Union([Type.Integer(), Type.Null()]),
    profilePicture: Type.Union([Type.String(), Type.Null()]),
    language: Type.Union([Type.String(), Type.Null()]),
    online: Type.Boolean(),
    queueIds: Type.Array(Type.Integer()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    company: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      dueDate: Type.Union([Type.String(), Type.Null()]),
      status: Type.Boolean(),
      planId: Type.Union([Type.Integer(), Type.Null()]),
      settings: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
    }),
  },
  { $id: 'UserView' },
)
export type UserView = Static<typeof UserView>

/**
 * A user as the access rules see them (core.md §4 "Ticket view access"): profile, queues, and
 * allTicket (queueless tickets visible). Lighter than UserView: no company, no settings.
 */
export interface Member {
  id: number
  name: string
  profile: 'admin' | 'user'
  super: boolean
  allTicket: boolean
  queueIds: number[]
  /** The user's default connection (new tickets they open go out through it). */
  whatsappId: number | null
}

/** One weekday of a company's opening hours (empty times: closed that day). */
export interface WeeklyHour {
  weekday: string
  weekdayEn: string
  startTime: string
  endTime: string
}

export interface PlanLimits {
  planId: number | null
  users: number
  connections: number
  queues: number
}

/** Read-side of the kernel's identity data, for any plugin. Writes belong to the platform plugins. */
export interface AccountsService {
  /** Users with their company and queueIds, in one round of queries (no N+1). Missing ids are skipped. */
  userViews(ids: number[]): Promise<UserView[]>
  userView(id: number): Promise<UserView | undefined>
  /**
   * A company's users (only those of `ids` when given) with their queues; other companies' ids are
   * skipped. Cached per company until a user.created/updated/deleted or company event: whoever
   * writes users or user_queues announces it.
   */
  members(companyId: number, ids?: Array<number | null | undefined>): Promise<Member[]>
  /** A company's weekly opening hours (administration.md §2 Companies, "schedules"); [] when unset or unknown. */
  companyHours(companyId: number): Promise<WeeklyHour[]>
  /** The platform company's id (the super user's, which holds platform-wide switches); null before the first start. */
  platformCompanyId(): Promise<number | null>
  planLimits(companyId: number): Promise<PlanLimits>
}
