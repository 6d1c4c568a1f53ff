import {
  AppError,
  ErrorCodes,
  PAGE_SIZE,
  notFound,
  pageOffset,
  type AuthInfo,
  type Kernel,
  likePattern,
} from '@atende/sdk'
import type { User } from './api.ts'

export interface TargetUser {
  id: number
  companyId: number
  profile: 'admin' | 'user'
  super: boolean
  email: string
}

export const isAdmin = (auth: AuthInfo) => auth.profile === 'admin' || auth.super

/**
 * Users as this plugin serves them: the kernel's views carry every plugin's userFields, the tickets
 * plugin's attendant fields among them (this plugin requires that service, so they are there).
 */
export const usersOf = (kernel: Kernel, ids: number[]) => kernel.accounts.userViews(ids) as Promise<User[]>
const userOf = async (kernel: Kernel, id: number) => (await usersOf(kernel, [id]))[0]

/** Read side of the users plugin: every query is bound to one company through kernel.tenant. */
export function createUserQueries(kernel: Kernel) {
  /**
   * The user a request addresses. Company users see only their company (another company's id is
   * 404). The super user may reach any company's user: the Companies tab opens and edits a
   * company's user, a cross-company operation by design.
   */
  async function target(auth: AuthInfo, id: number): Promise<TargetUser> {
    const q = auth.super ? kernel.db('users').where({ id }) : kernel.tenant(auth.companyId)('users').where({ id })
    const row = await q.first('id', 'companyId', 'profile', 'super', 'email')
    if (!row) throw notFound(ErrorCodes.NO_USER_FOUND, 'User not found')
    return row
  }

  return {
    target,

    /** GET /users: admins page through their company's users, searching name and email. */
    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const t = kernel.tenant(companyId)
      const s = searchParam.trim()
      const filtered = () => {
        const q = t('users')
        if (s) q.where((w) => w.whereILike('name', likePattern(s)).orWhereILike('email', likePattern(s)))
        return q
      }
      const offset = pageOffset(pageNumber)
      // The total rides on the page query (a window count); only an empty page past the end asks again.
      const rows: { id: number; total: number | string }[] = await filtered()
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(PAGE_SIZE)
        .offset(offset)
        .select('id', t.knex.raw('count(*) OVER() AS total'))
      const count = rows.length
        ? Number(rows[0].total)
        : Number(((await filtered().count({ count: '*' }).first()) as { count?: unknown } | undefined)?.count ?? 0)
      const users = await usersOf(
        kernel,
        rows.map((r: { id: number }) => r.id),
      )
      return { users, count, hasMore: offset + rows.length < count }
    },

    /** GET /users/list: the lookup list every user needs (assign ticket, chat, filters). */
    async lookup(auth: AuthInfo, companyId?: number) {
      // Only the super user may list another company (Companies tab); others get their own.
      const cid = auth.super && companyId ? companyId : auth.companyId
      return kernel
        .tenant(cid)('users')
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .select('id', 'name', 'email', 'profile', 'online')
    },

    async one(auth: AuthInfo, id: number) {
      const u = await target(auth, id)
      if (!isAdmin(auth) && u.id !== auth.userId)
        throw new AppError(ErrorCodes.NO_PERMISSION, 403, 'You may only see your own user')
      return (await userOf(kernel, u.id))!
    },

    async me(auth: AuthInfo) {
      const view = await userOf(kernel, auth.userId)
      if (!view) throw notFound(ErrorCodes.NO_USER_FOUND, 'User not found')
      return view
    },
  }
}
