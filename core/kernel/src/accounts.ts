import type { Knex } from 'knex'
import type { AccountsService, UserView } from '@atende/sdk'

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString())

export function createAccounts(db: Knex): AccountsService {
  async function userViews(ids: number[]): Promise<UserView[]> {
    const unique = [...new Set(ids)].filter((n) => Number.isInteger(n))
    if (!unique.length) return []
    const users = await db('users').whereIn('id', unique).select(
      'id', 'companyId', 'name', 'email', 'profile', 'super', 'allTicket', 'whatsappId', 'profilePicture', 'language', 'online', 'createdAt', 'updatedAt',
    )
    if (!users.length) return []
    const companyIds = [...new Set(users.map((u) => u.companyId))]
    const [companies, settings, queues] = await Promise.all([
      db('companies').whereIn('id', companyIds).select('id', 'name', 'dueDate', 'status', 'planId'),
      db('settings').whereIn('companyId', companyIds).select('companyId', 'key', 'value'),
      db('user_queues').whereIn('userId', users.map((u) => u.id)).select('userId', 'queueId').orderBy('queueId'),
    ])
    const companyById = new Map(companies.map((c) => [c.id, c]))
    const order = new Map(unique.map((id, i) => [id, i]))
    return users
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
      .map((u) => {
        const c = companyById.get(u.companyId)
        return {
          ...u,
          createdAt: iso(u.createdAt)!,
          updatedAt: iso(u.updatedAt)!,
          queueIds: queues.filter((q) => q.userId === u.id).map((q) => q.queueId),
          company: {
            id: c.id, name: c.name, dueDate: iso(c.dueDate), status: c.status, planId: c.planId,
            settings: settings.filter((s) => s.companyId === c.id).map(({ key, value }) => ({ key, value })),
          },
        }
      })
  }
  return {
    userViews,
    userView: async (id) => (await userViews([id]))[0],
    async planLimits(companyId) {
      const row = await db('companies as c').leftJoin('plans as p', 'p.id', 'c.planId').where('c.id', companyId)
        .first('c.planId', 'p.users', 'p.connections', 'p.queues')
      return { planId: row?.planId ?? null, users: row?.users ?? 0, connections: row?.connections ?? 0, queues: row?.queues ?? 0 }
    },
  }
}
