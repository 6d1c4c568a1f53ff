import type { Knex } from 'knex'
import {
  companyCache,
  pickByIds,
  type AccountsService,
  type EventBus,
  type Member,
  type SettingDefinition,
  type UnitOfWork,
  type UserFieldsLoader,
  type UserView,
} from '@atende/sdk'

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString())

/** A row of userViews' query: the user's columns and company as JSON (parsed by pg, a string in some drivers). */
type UserViewRow = Omit<UserView, 'createdAt' | 'updatedAt' | 'company'> & {
  createdAt: Date | string
  updatedAt: Date | string
  company: UserView['company'] | string
}

const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? JSON.parse(v) : v)

/**
 * `definitions`: the defined company settings, so a user view's company.settings lists every one at
 * its effective value (stored, else its default) — a new company's list is never empty.
 */
export function createAccounts(
  db: Knex,
  definitions: () => SettingDefinition[] = () => [],
  /** The platform company's CNPJ (config.superuser.cnpj). */
  platformCnpj?: string,
  /** Drops a company's cached members on its user and company events (every process hears them). */
  bus?: EventBus,
): AccountsService & { extendedBy(): string[] } {
  // A company's users, read on every ticket list and message page (the viewer, the names): kept
  // until a user or company event says otherwise. Writers of users announce user.created/updated/deleted.
  const directory = companyCache((companyId) => readMembers(companyId), { ttlMs: bus ? 30_000 : 0 })
  if (bus)
    directory.forgetOn(bus, ['user.created', 'user.updated', 'user.deleted', 'company.created', 'company.deleted'])
  async function readMembers(companyId: number): Promise<Member[]> {
    return db('users').where({ companyId }).select('id', 'name', 'profile', 'super').orderBy('id')
  }
  // Plugins' fields of the user views (manifest userFields), in the order they were added.
  const extensions = new Map<string, UserFieldsLoader>()
  const effective = (stored: { key: string; value: string }[]) => {
    const byKey = new Map(stored.map((s) => [s.key, s.value]))
    const defs = definitions()
    const out = defs.map((d) => ({ key: d.key, value: byKey.get(d.key) ?? d.default ?? d.values[0] }))
    const known = new Set(defs.map((d) => d.key))
    return [...out, ...stored.filter((s) => !known.has(s.key))].sort((a, b) => a.key.localeCompare(b.key))
  }
  async function userViews(ids: number[], uow?: UnitOfWork): Promise<UserView[]> {
    const unique = [...new Set(ids)].filter((n) => Number.isInteger(n))
    if (!unique.length) return []
    // One round trip: the company and its settings come back as a JSON column.
    const { rows } = await (uow?.db ?? db).raw(
      `SELECT u.id, u."companyId", u.name, u.email, u.profile, u.super,
              u."profilePicture", u.language, u.online, u."createdAt", u."updatedAt",
              json_build_object('id', c.id, 'name', c.name, 'dueDate', c."dueDate", 'status', c.status, 'planId', c."planId",
                'settings', COALESCE((SELECT json_agg(json_build_object('key', s.key, 'value', s.value) ORDER BY s.key)
                                      FROM settings s WHERE s."companyId" = c.id), '[]'::json)) AS company
         FROM users u JOIN companies c ON c.id = u."companyId"
        WHERE u.id = ANY(?::int[])${uow ? ' AND u."companyId" = ?' : ''}`,
      uow ? [unique, uow.t.companyId] : [unique],
    )
    const order = new Map(unique.map((id, i) => [id, i]))
    const found = (rows as UserViewRow[]).sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    const keys = found.map((u) => ({ id: u.id, companyId: u.companyId }))
    const extra = found.length ? await Promise.all([...extensions.values()].map((load) => load(keys, uow))) : []
    return found.map((u) => {
      const company = parseJson<UserView['company']>(u.company)
      return {
        ...Object.assign({}, ...extra.map((fields) => fields.get(u.id))),
        ...u,
        createdAt: iso(u.createdAt)!,
        updatedAt: iso(u.updatedAt)!,
        company: { ...company, dueDate: iso(company.dueDate), settings: effective(company.settings) },
      }
    })
  }
  return {
    userViews,
    userView: async (id) => (await userViews([id]))[0],
    async members(companyId, ids) {
      const all = await directory.get(companyId)
      // Copies: a caller that edits what it got must not edit the cache.
      return (ids ? pickByIds(all, ids) : all).map((m) => ({ ...m }))
    },
    async ownedBy(companyId, ids, uow) {
      if (uow) return uow.db('users').where({ companyId }).whereIn('id', ids).pluck('id')
      return pickByIds(await directory.get(companyId), ids).map((m) => m.id)
    },
    extendViews(plugin, load) {
      if (extensions.has(plugin)) throw new Error(`Plugin ${plugin} extends the user views twice`)
      extensions.set(plugin, load)
    },
    extendedBy: () => [...extensions.keys()],
    async platformCompanyId() {
      if (!platformCnpj) return null
      const row: { id: number } | undefined = await db('companies').where({ cnpj: platformCnpj }).first('id')
      return row?.id ?? null
    },
    async planLimits(companyId) {
      const row = await db('companies as c')
        .leftJoin('plans as p', 'p.id', 'c.planId')
        .where('c.id', companyId)
        .first('c.planId', 'p.users')
      return { planId: row?.planId ?? null, users: row?.users ?? 0 }
    },
  }
}
