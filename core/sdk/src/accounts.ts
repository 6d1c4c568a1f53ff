import { Type, type Static } from '@sinclair/typebox'
import type { UnitOfWork } from './kernel.ts'

/**
 * The user as every API answers it (never the password hash): identity, role and company. Plugins
 * add their own fields to it (a manifest's `userFields`, filled by `accounts.extendViews`), so the
 * schema the server registers under this $id is this one plus theirs.
 */
export const UserView = Type.Object(
  {
    id: Type.Integer(),
    companyId: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    profile: Type.Union([Type.Literal('admin'), Type.Literal('user')]),
    super: Type.Boolean(),
    profilePicture: Type.Union([Type.String(), Type.Null()]),
    language: Type.Union([Type.String(), Type.Null()]),
    online: Type.Boolean(),
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

/** A user of a company as a plugin sees its peers: name and role. Lighter than UserView: no company, no settings. */
export interface Member {
  id: number
  name: string
  profile: 'admin' | 'user'
  super: boolean
}

/**
 * A plugin's fields of some users' views, by user id; every user asked for gets an entry (the
 * plugin's defaults when it holds nothing for them).
 */
export type UserFieldsLoader = (
  users: { id: number; companyId: number }[],
  /** Read through this unit of work (its company's users only), to see what it has written. */
  uow?: UnitOfWork,
) => Promise<Map<number, Record<string, unknown>>>

/** The kernel's limit of a company's plan (0: unlimited); plugins publish their own (plans.limits). */
export interface PlanLimits {
  planId: number | null
  users: number
}

/** Read-side of the kernel's identity data, for any plugin. Writes belong to the platform plugins. */
export interface AccountsService {
  /**
   * Users with their company and every plugin's fields, in one query plus one per extending plugin
   * (no N+1). Missing ids are skipped. Inside a unit of work, pass it: the views are read through its
   * transaction (what it wrote, and no second connection: the embedded database has one), and only
   * its company's users are answered.
   */
  userViews(ids: number[], uow?: UnitOfWork): Promise<UserView[]>
  userView(id: number): Promise<UserView | undefined>
  /**
   * A company's users (only those of `ids` when given); other companies' ids are skipped. Cached per
   * company until a user.created/updated/deleted or company event.
   */
  members(companyId: number, ids?: Array<number | null | undefined>): Promise<Member[]>
  /**
   * Which of these user ids are the company's (for `assertKnown`: a body naming users); read
   * through the unit of work when given, else from the cached members.
   */
  ownedBy(companyId: number, ids: number[], uow?: UnitOfWork): Promise<number[]>
  /** The platform company's id (the super user's, which holds platform-wide switches); null before the first start. */
  platformCompanyId(): Promise<number | null>
  planLimits(companyId: number): Promise<PlanLimits>
  /**
   * Adds a plugin's fields to every user view. The plugin declares their schema as its manifest's
   * `userFields` (the kernel composes the served UserView schema from those at boot, and refuses to
   * start when a declared plugin registers no loader).
   */
  extendViews(plugin: string, load: UserFieldsLoader): void
}
