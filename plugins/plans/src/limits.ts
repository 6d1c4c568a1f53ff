import type { Knex } from 'knex'
import type { Kernel } from '@atende/sdk'
import type { PlanLimitsService } from './api.ts'

/** The limits the platform's first plan starts with (the kernel creates that plan, without them). */
export const DEFAULT_LIMITS = { connections: 10, queues: 10 }

/** Plan rows with their limits (no plan_limits row: 0, unlimited), for every query of plans. */
export const withLimits = (db: Knex, q: Knex.QueryBuilder) =>
  q
    .leftJoin('plan_limits as l', 'l.planId', 'plans.id')
    .select(
      'plans.id',
      'plans.name',
      'plans.users',
      db.raw('COALESCE(l.connections, 0) AS connections'),
      db.raw('COALESCE(l.queues, 0) AS queues'),
      'plans.value',
      'plans.isPublic',
    )

/** Sets what the body names of a plan's limits (inside the plan's transaction). */
export async function writeLimits(trx: Knex, planId: number, body: { connections?: number; queues?: number }) {
  const set = Object.fromEntries(
    (['connections', 'queues'] as const).filter((k) => body[k] !== undefined).map((k) => [k, body[k]]),
  )
  if (!Object.keys(set).length) return
  await trx('plan_limits')
    .insert({ planId, ...set })
    .onConflict('planId')
    .merge(Object.keys(set))
}

/** The `plans.limits` service: a company's plan's connection and queue limits, for the plugins that count them. */
export function createPlanLimits(kernel: Kernel): PlanLimitsService {
  return {
    version: 1,
    async of(companyId) {
      const row: { connections: number | null; queues: number | null } | undefined = await kernel
        .db('companies as c')
        .leftJoin('plan_limits as l', 'l.planId', 'c.planId')
        .where('c.id', companyId)
        .first('l.connections', 'l.queues')
      return { connections: row?.connections ?? 0, queues: row?.queues ?? 0 }
    },
  }
}

/** The first plan (the kernel makes it at the first start, without limits) gets DEFAULT_LIMITS once. */
export async function giveFirstPlanDefaultLimits(db: Knex) {
  const first: { id: number } | undefined = await db('plans').orderBy('id').first('id')
  if (!first) return
  await db('plan_limits')
    .insert({ planId: first.id, ...DEFAULT_LIMITS })
    .onConflict('planId')
    .ignore()
}
