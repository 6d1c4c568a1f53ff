import {
  AppError,
  ErrorCodes,
  assertKnown,
  conflict,
  forbidden,
  notFound,
  type AuthInfo,
  type Kernel,
  type OwnerRef,
  type TenantDb,
} from '@atende/sdk'
import type { AttendantPatch, TicketsRef } from '@atende/plugin-tickets/api'
import type { CreateUserBody, UpdateUserBody } from './schemas.ts'
import { createUserQueries, isAdmin, usersOf } from './queries.ts'
import { cleanEmail, cleanName, cleanPassword, cleanPicture, uniqueIds } from './validate.ts'

export const ERR_EMAIL_EXISTS = 'ERR_EMAIL_EXISTS'
export const ERR_CANNOT_DELETE_SELF = 'ERR_CANNOT_DELETE_SELF'

const emailTaken = () =>
  conflict(ERR_EMAIL_EXISTS, 'A user with this email already exists in the company', { field: 'email' })

/** The unique index on (companyId, lower(email)) settles a race the pre-check cannot. */
async function guardEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw emailTaken()
    throw err
  }
}

async function assertEmailFree(t: TenantDb, email: string, exceptId?: number) {
  const q = t('users').whereRaw('lower(email) = ?', [email])
  if (exceptId) q.whereNot('id', exceptId)
  if (await q.first('id')) throw emailTaken()
}

/**
 * The connection and queues a body names are the user's company's, asked of their owners as record
 * owners (without the queues or connections plugin installed, no id can be). 400 naming the field
 * otherwise. The owners' packages are not imported: their tests load this plugin.
 */
async function checkReferences(
  kernel: Kernel,
  companyId: number,
  body: { whatsappId?: number | null; queueIds?: number[] },
) {
  await assertKnown(companyId, body.whatsappId, kernel.services.find<OwnerRef<'connections'>>('connections')?.ownedBy, {
    field: 'whatsappId',
    code: 'ERR_NO_WAPP_FOUND',
    message: 'Connection not found',
  })
  await assertKnown(companyId, body.queueIds, kernel.services.find<OwnerRef<'queues'>>('queues')?.ownedBy, {
    field: 'queueIds',
    code: 'ERR_QUEUE_NOT_FOUND',
    message: 'Queue not found',
  })
}

/** Write side: create, edit, delete users and set a user's language; events go out after commit. */
export function createUserService(kernel: Kernel) {
  const queries = createUserQueries(kernel)
  // Queues, allTicket and default connection are the tickets plugin's (attendants).
  const tickets = () => kernel.services.get<TicketsRef>('tickets')

  async function announce(event: 'user.created' | 'user.updated', id: number) {
    const user = (await usersOf(kernel, [id]))[0]!
    await kernel.bus.emit(event, { companyId: user.companyId, user })
    return user
  }

  return {
    ...queries,

    async create(auth: AuthInfo, body: CreateUserBody) {
      const companyId = auth.super && body.companyId ? body.companyId : auth.companyId
      const row = {
        name: cleanName(body.name),
        email: cleanEmail(body.email),
        passwordHash: await kernel.auth.hashPassword(cleanPassword(body.password)),
        profile: body.profile ?? 'user',
        profilePicture: cleanPicture(body.profilePicture ?? null),
        language: body.language ?? null,
        // Only a super user makes super users; anyone else's flag is ignored.
        super: auth.super ? (body.super ?? false) : false,
      }
      const attendant: AttendantPatch = {
        allTicket: body.allTicket === 'enabled',
        whatsappId: body.whatsappId ?? null,
        queueIds: uniqueIds(body.queueIds ?? []),
      }
      await checkReferences(kernel, companyId, body)
      // Plan users limit; 0 (or no plan) means unlimited, as for every plan limit.
      const { users: maxUsers } = await kernel.accounts.planLimits(companyId)
      const id = await guardEmail(() =>
        kernel.unitOfWork(companyId, async (uow) => {
          const { db, t } = uow
          // Lock the company row so concurrent creations count one after another.
          if (!(await db('companies').where({ id: companyId }).forUpdate().first('id'))) {
            throw notFound(ErrorCodes.COMPANY_NOT_FOUND, 'Company not found')
          }
          if (maxUsers > 0) {
            const { count } = (await t('users').count({ count: '*' }).first()) as { count: number | string }
            if (Number(count) >= maxUsers)
              throw new AppError(ErrorCodes.PLAN_LIMIT, 403, `The company's plan allows ${maxUsers} users`)
          }
          await assertEmailFree(t, row.email)
          const [created] = await t.insert('users', row).returning('id')
          await tickets().setAttendant(uow, created.id, attendant)
          return created.id as number
        }),
      )
      return announce('user.created', id)
    },

    /**
     * Admins edit anyone of their company; other users only themself, and without the
     * user-modal:editProfile / user-modal:editQueues permissions they cannot change profile,
     * allTicket or queues (sending the current value is fine: the form posts every field).
     */
    async update(auth: AuthInfo, id: number, body: UpdateUserBody) {
      const target = await queries.target(auth, id)
      const self = target.id === auth.userId
      if (!isAdmin(auth) && !self) throw forbidden(ErrorCodes.NO_PERMISSION, 'You may only edit your own user')
      if (target.super && !auth.super)
        throw forbidden(ErrorCodes.NO_PERMISSION, 'Only a super user may edit a super user')
      const t = kernel.tenant(target.companyId)
      const [current, [attendant]] = await Promise.all([
        t('users').where({ id }).first('profile') as Promise<{ profile: string }>,
        tickets().attendants(target.companyId, [id]),
      ])
      const currentAllTicket = attendant?.allTicket ? 'enabled' : 'disabled'
      const deny = (field: string) =>
        new AppError(ErrorCodes.NO_PERMISSION, 403, `You may not change ${field}`, { field })
      const canProfile = kernel.permissions.has(auth, 'user-modal:editProfile')
      const canQueues = kernel.permissions.has(auth, 'user-modal:editQueues')
      if (body.profile !== undefined && body.profile !== current.profile && !canProfile) throw deny('profile')
      if (body.allTicket !== undefined && body.allTicket !== currentAllTicket && !canProfile) throw deny('allTicket')
      const queueIds = body.queueIds === undefined ? undefined : uniqueIds(body.queueIds)
      if (queueIds && queueIds.join() !== (attendant?.queueIds ?? []).join() && !canQueues) throw deny('queueIds')
      await checkReferences(kernel, target.companyId, body)
      const attendantPatch: AttendantPatch = {
        allTicket: body.allTicket === undefined ? undefined : body.allTicket === 'enabled',
        whatsappId: body.whatsappId,
        queueIds,
      }

      const patch: Record<string, unknown> = {
        name: body.name === undefined ? undefined : cleanName(body.name),
        email: body.email === undefined ? undefined : cleanEmail(body.email),
        profile: body.profile,
        profilePicture: body.profilePicture === undefined ? undefined : cleanPicture(body.profilePicture),
        language: body.language,
        // A super user grants or removes the flag on others, never on themself (no lock-out).
        super: auth.super && !self ? body.super : undefined,
      }
      const passwordChanged = !!body.password
      if (passwordChanged) patch.passwordHash = await kernel.auth.hashPassword(cleanPassword(body.password!))
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))

      await guardEmail(() =>
        kernel.unitOfWork(target.companyId, async (uow) => {
          const tx = uow.t
          if (set.email) await assertEmailFree(tx, set.email as string, id)
          await tx('users')
            .where({ id })
            .update({ ...set, updatedAt: new Date() })
          await tickets().setAttendant(uow, id, attendantPatch)
        }),
      )
      // Access tokens carry the role; a new password or role ends the user's other sessions.
      const roleChanged =
        (set.profile !== undefined && set.profile !== target.profile) ||
        (set.super !== undefined && set.super !== target.super)
      if (passwordChanged || roleChanged)
        await kernel.auth.revokeOthers(id, target.companyId, self ? auth.sessionId : null)
      return announce('user.updated', id)
    },

    async remove(auth: AuthInfo, id: number) {
      const target = await queries.target(auth, id)
      if (target.super)
        throw new AppError(ErrorCodes.CANNOT_DELETE_SUPER_ADMIN, 403, 'A super admin user cannot be deleted')
      if (target.id === auth.userId) throw new AppError(ERR_CANNOT_DELETE_SELF, 400, 'You cannot delete yourself')
      await kernel.unitOfWork(target.companyId, async ({ t, emit }) => {
        await t('users').where({ id }).delete()
        emit('user.deleted', { companyId: target.companyId, userId: id })
        // Its sessions went with the row; tell every process to drop cached access at once.
        emit('auth.sessionsRevoked', { companyId: target.companyId, userId: id, keepSessionId: null })
      })
    },

    async setLanguage(auth: AuthInfo, lang: string) {
      await kernel
        .tenant(auth.companyId)('users')
        .where({ id: auth.userId })
        .update({ language: lang, updatedAt: new Date() })
      return announce('user.updated', auth.userId)
    },
  }
}

export type UserService = ReturnType<typeof createUserService>
