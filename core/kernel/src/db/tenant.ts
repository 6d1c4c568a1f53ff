import type { Knex } from 'knex'
import type { TenantDb } from '@atende/sdk'

/** The easy path for tenant data: every query starts already filtered by companyId. */
export function tenantDb(knex: Knex, companyId: number): TenantDb {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`tenantDb needs a company id, got ${companyId}`)
  const t = ((table: string) => {
    const alias = table.split(/\s+as\s+/i).pop()!.trim()
    return knex(table).where(`${alias}.companyId`, companyId)
  }) as TenantDb
  Object.defineProperties(t, {
    companyId: { value: companyId },
    knex: { value: knex },
    insert: {
      value: (table: string, rows: object | object[]) => {
        const stamp = (r: object) => ({ ...r, companyId })
        return knex(table).insert(Array.isArray(rows) ? rows.map(stamp) : stamp(rows))
      },
    },
  })
  return t
}
