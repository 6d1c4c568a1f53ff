import { Type } from '@sinclair/typebox'
import { Nullable, companyCache, type Kernel, type TenantDb, type UnitOfWork } from '@atende/sdk'

/**
 * A user as an attendant: the queues whose tickets they see, whether they see queueless tickets
 * (allTicket) and the connection their new tickets go out through. This plugin owns these
 * (tables attendants, attendant_queues); the users plugin edits them through the service, and
 * every user view carries them (the manifest's userFields).
 */
export const AttendantFields = Type.Object({
  /** 'enabled': the user also sees tickets that have no queue. */
  allTicket: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
  /** The user's default connection. */
  whatsappId: Nullable(Type.Integer()),
  queueIds: Type.Array(Type.Integer()),
})

export interface Attendant {
  userId: number
  allTicket: boolean
  whatsappId: number | null
  /** Ascending. */
  queueIds: number[]
}

export interface AttendantPatch {
  allTicket?: boolean
  whatsappId?: number | null
  queueIds?: number[]
}

const none = (userId: number): Attendant => ({ userId, allTicket: false, whatsappId: null, queueIds: [] })

/** The attendants of one company (only `ids` when given; every one of them, defaults for those with no row). */
async function read(t: TenantDb, ids?: number[]): Promise<Attendant[]> {
  const rows = t('attendants').select('userId', 'allTicket', 'whatsappId')
  const queues = t('attendant_queues').select('userId', 'queueId').orderBy('queueId')
  if (ids) {
    rows.whereIn('userId', ids)
    queues.whereIn('userId', ids)
  }
  const [own, links]: [Omit<Attendant, 'queueIds'>[], { userId: number; queueId: number }[]] = await Promise.all([
    rows,
    queues,
  ])
  const byUser = new Map<number, Attendant>()
  const at = (userId: number) => byUser.get(userId) ?? byUser.set(userId, none(userId)).get(userId)!
  for (const id of ids ?? []) at(id)
  for (const r of own) Object.assign(at(r.userId), { allTicket: r.allTicket, whatsappId: r.whatsappId })
  for (const l of links) at(l.userId).queueIds.push(l.queueId)
  return [...byUser.values()]
}

const wire = (a: Attendant) => ({
  allTicket: a.allTicket ? ('enabled' as const) : ('disabled' as const),
  whatsappId: a.whatsappId,
  queueIds: a.queueIds,
})

export function createAttendants(kernel: Kernel) {
  // Read on every tickets request (the viewer) and realtime frame (the audience): kept per company
  // until a user event, which every writer of these rows announces (the users plugin, the releases below).
  const directory = companyCache((companyId) => read(kernel.tenant(companyId)))
  directory.forgetOn(kernel.bus, ['user.created', 'user.updated', 'user.deleted', 'company.deleted'])
  const copy = (a: Attendant): Attendant => ({ ...a, queueIds: [...a.queueIds] })

  /** user.updated after commit, with the views as this transaction sees them. */
  async function announce(uow: UnitOfWork, userIds: number[]) {
    if (!userIds.length) return
    for (const user of await kernel.accounts.userViews(userIds, uow))
      uow.emit('user.updated', { companyId: user.companyId, user })
  }

  return {
    /** Every user of the company that has an attendant row or queue; `ids`: exactly those users (defaults for the rest). */
    async list(companyId: number, ids?: number[]): Promise<Attendant[]> {
      const all = await directory.get(companyId)
      if (!ids) return all.map(copy)
      const byUser = new Map(all.map((a) => [a.userId, a]))
      return [...new Set(ids)].map((id) => copy(byUser.get(id) ?? none(id)))
    },

    /**
     * The user views' fields (kernel.accounts.extendViews): one query pair per company asked, never
     * from the cache (a view announced right after a write must show it).
     */
    async viewFields(users: { id: number; companyId: number }[], uow?: UnitOfWork) {
      const byCompany = new Map<number, number[]>()
      for (const u of users) byCompany.set(u.companyId, [...(byCompany.get(u.companyId) ?? []), u.id])
      const out = new Map<number, Record<string, unknown>>()
      for (const [companyId, ids] of byCompany) {
        const t = uow?.t.companyId === companyId ? uow.t : kernel.tenant(companyId)
        for (const a of await read(t, ids)) out.set(a.userId, wire(a))
      }
      return out
    },

    /** Sets what the patch names, in the caller's unit of work; the caller announces the user. */
    async set({ t }: UnitOfWork, userId: number, patch: AttendantPatch) {
      const fields: Record<string, unknown> = {}
      if (patch.allTicket !== undefined) fields.allTicket = patch.allTicket
      if (patch.whatsappId !== undefined) fields.whatsappId = patch.whatsappId
      if (Object.keys(fields).length)
        await t
          .insert('attendants', { userId, ...fields })
          .onConflict('userId')
          .merge(Object.keys(fields))
      if (patch.queueIds) {
        await t('attendant_queues').where({ userId }).delete()
        const queueIds = [...new Set(patch.queueIds)]
        if (queueIds.length)
          await t.insert(
            'attendant_queues',
            queueIds.map((queueId) => ({ userId, queueId })),
          )
      }
    },

    /** A deleted queue leaves its attendants; each is announced (user.updated) after commit. */
    async releaseQueue(uow: UnitOfWork, queueId: number) {
      const gone: { userId: number }[] = await uow.t('attendant_queues').where({ queueId }).delete(['userId'])
      await announce(
        uow,
        gone.map((r) => r.userId),
      )
    },

    /** A deleted connection stops being anyone's default; each is announced after commit. */
    async releaseConnection(uow: UnitOfWork, whatsappId: number) {
      const gone: { userId: number }[] = await uow
        .t('attendants')
        .where({ whatsappId })
        .update({ whatsappId: null }, ['userId'])
      await announce(
        uow,
        gone.map((r) => r.userId),
      )
    },
  }
}

export type Attendants = ReturnType<typeof createAttendants>
