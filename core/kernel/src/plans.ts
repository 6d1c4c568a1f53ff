import type { Knex } from 'knex'

const CACHE_MS = 30_000

/**
 * Plan gating reads: whether a company's plan has a module key on. A plan's own row for the key
 * (plan_modules) decides; without one, the key's default does (the manifest's planDefault, 'on'
 * unless a plugin says otherwise), so plans made later follow the same default. Cached briefly per
 * company and dropped whenever a plan or company changes (events reach every process through the bus).
 */
export function createPlanGate(db: Knex, enabledByDefault: (key: string) => boolean = () => true) {
  const cache = new Map<number, { switched: Map<string, boolean>; until: number }>()
  return {
    async enabled(companyId: number, key: string) {
      let entry = cache.get(companyId)
      if (!entry || entry.until < Date.now()) {
        const rows: { module: string; enabled: boolean }[] = await db('plan_modules as pm')
          .join('companies as c', 'c.planId', 'pm.planId')
          .where({ 'c.id': companyId })
          .select('pm.module', 'pm.enabled')
        entry = { switched: new Map(rows.map((r) => [r.module, r.enabled])), until: Date.now() + CACHE_MS }
        cache.set(companyId, entry)
      }
      return entry.switched.get(key) ?? enabledByDefault(key)
    },
    invalidate() {
      cache.clear()
    },
  }
}
