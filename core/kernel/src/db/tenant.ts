import type { Knex } from 'knex'
import { invalidReference, namedIds, type TenantDb } from '@atende/sdk'

export { ERR_INVALID_REFERENCE } from '@atende/sdk'

/** The column a tenant's write never takes from its data: the row's company. */
const GUARDED = ['companyId'] as const

function guarded<T>(data: T): T {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data
  if (!GUARDED.some((k) => k in data)) return data
  const out = { ...(data as Record<string, unknown>) }
  for (const k of GUARDED) delete out[k]
  return out as T
}

/**
 * The easy path for tenant data: every query starts already filtered by companyId; an update can
 * never change a row's company, and an insert is always stamped with this company (whatever
 * the row says), so a stray field that reaches a write cannot move data across tenants.
 */
export function tenantDb(knex: Knex, companyId: number): TenantDb {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`tenantDb needs a company id, got ${companyId}`)
  // A TenantDb holds nothing but its knex and company: one per pair serves every call (a request
  // asks for it a few times; building it was 0.5% of a ticket list's CPU).
  let ofKnex = made.get(knex)
  if (!ofKnex) made.set(knex, (ofKnex = new Map()))
  let t = ofKnex.get(companyId)
  if (!t) ofKnex.set(companyId, (t = build(knex, companyId)))
  return t
}

/** Per knex (the pool, or a transaction while it lives), each company's TenantDb. */
const made = new WeakMap<Knex, Map<number, TenantDb>>()

function build(knex: Knex, companyId: number): TenantDb {
  const stamp = (r: object) => ({ ...guarded(r), companyId })
  const stampAll = (rows: object | object[]) => (Array.isArray(rows) ? rows.map(stamp) : stamp(rows))
  const t = ((table: string) => {
    const alias = table
      .split(/\s+as\s+/i)
      .pop()!
      .trim()
    const qb = knex(table).where(`${alias}.companyId`, companyId)
    const update = qb.update.bind(qb) as (...a: unknown[]) => Knex.QueryBuilder
    const insert = qb.insert.bind(qb) as (...a: unknown[]) => Knex.QueryBuilder
    Object.assign(qb, {
      update: (data: unknown, ...rest: unknown[]) => update(guarded(data), ...rest),
      insert: (rows: object | object[], ...rest: unknown[]) => insert(stampAll(rows), ...rest),
    })
    return qb
  }) as TenantDb
  Object.defineProperties(t, {
    companyId: { value: companyId },
    knex: { value: knex },
    insert: { value: (table: string, rows: object | object[]) => knex(table).insert(stampAll(rows)) },
    assertOwned: {
      value: async (
        table: string,
        ids: ReadonlyArray<number | null | undefined> | number | null | undefined,
        ref: { field: string; code?: string; message?: string },
      ) => {
        const wanted = namedIds(ids)
        if (!wanted.length) return
        const bad = () => invalidReference(ref)
        if (wanted.some((v) => !Number.isSafeInteger(v) || v <= 0 || v > 2_147_483_647)) throw bad()
        let n: number
        try {
          const [row] = await knex(table)
            .where({ companyId })
            .whereIn('id', wanted)
            .count<{ n: string | number }[]>({ n: '*' })
          n = Number(row.n)
        } catch (err) {
          // A table of a plugin that is not installed: nothing can be named in it.
          if ((err as { code?: string }).code === '42P01') throw bad()
          throw err
        }
        if (n !== wanted.length) throw bad()
      },
    },
  })
  return t
}
