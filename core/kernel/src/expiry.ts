import type { Knex } from 'knex'

const CACHE_MS = 30_000

/**
 * Whether a company is past its due date (core.md §5 Login, PLAN_EXPIRED): its signed-in admin may
 * still reach the routes marked `allowExpired` (renewing), nothing else. Cached briefly per company
 * and dropped when the company changes (a renewal emits company.updated on every process).
 */
export function createExpiryGate(db: Knex) {
  const cache = new Map<number, { dueAt: number | null; until: number }>()
  return {
    async expired(companyId: number, now = Date.now()) {
      let entry = cache.get(companyId)
      if (!entry || entry.until < now) {
        const row = await db('companies').where({ id: companyId }).first('dueDate')
        entry = { dueAt: row?.dueDate ? new Date(row.dueDate).getTime() : null, until: now + CACHE_MS }
        cache.set(companyId, entry)
      }
      return entry.dueAt !== null && entry.dueAt < now
    },
    invalidate(companyId?: number) {
      if (companyId === undefined) cache.clear()
      else cache.delete(companyId)
    },
  }
}
