import type { Knex } from 'knex'

const CACHE_MS = 30_000

/** Whether a company may be served: active, past its due date, or switched off by the super user. */
export type CompanyAccess = 'active' | 'expired' | 'disabled'

/**
 * A company's standing, read on every authenticated request (sessions here, API tokens in the
 * integrators' scope): disabled (companies.status false, or gone) answers nothing; expired (core.md §5
 * Login, PLAN_EXPIRED) lets its signed-in admin reach only the routes marked `allowExpired`
 * (renewing). Cached briefly per company and dropped when the company changes (company.updated
 * reaches every process).
 */
export function createExpiryGate(db: Knex) {
  const cache = new Map<number, { dueAt: number | null; active: boolean; until: number }>()
  async function access(companyId: number, now = Date.now()): Promise<CompanyAccess> {
    let entry = cache.get(companyId)
    if (!entry || entry.until < now) {
      const row = await db('companies').where({ id: companyId }).first('dueDate', 'status')
      entry = {
        dueAt: row?.dueDate ? new Date(row.dueDate).getTime() : null,
        active: !!row && row.status !== false,
        until: now + CACHE_MS,
      }
      cache.set(companyId, entry)
    }
    if (!entry.active) return 'disabled'
    return entry.dueAt !== null && entry.dueAt < now ? 'expired' : 'active'
  }
  return {
    access,
    async expired(companyId: number, now = Date.now()) {
      return (await access(companyId, now)) === 'expired'
    },
    invalidate(companyId?: number) {
      if (companyId === undefined) cache.clear()
      else cache.delete(companyId)
    },
  }
}
