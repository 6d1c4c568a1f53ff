import type { Knex } from 'knex'

const CACHE_MS = 30_000

/**
 * Plan gating reads: which module keys a company's plan disables. Cached briefly per company and
 * dropped whenever a plan or company changes (events reach every process through the bus).
 */
export function createPlanGate(db: Knex) {
  const cache = new Map<number, { disabled: Set<string>; until: number }>()
  return {
    async enabled(companyId: number, key: string) {
      let entry = cache.get(companyId)
      if (!entry || entry.until < Date.now()) {
        const rows: { module: string }[] = await db('plan_modules as pm')
          .join('companies as c', 'c.planId', 'pm.planId')
          .where({ 'c.id': companyId, 'pm.enabled': false })
          .select('pm.module')
        entry = { disabled: new Set(rows.map((r) => r.module)), until: Date.now() + CACHE_MS }
        cache.set(companyId, entry)
      }
      return !entry.disabled.has(key)
    },
    invalidate() {
      cache.clear()
    },
  }
}
