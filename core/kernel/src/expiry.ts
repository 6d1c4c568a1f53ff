import type { Knex } from 'knex'
import { companyCache, type EventBus } from '@atende/sdk'

/** Whether a company may be served: active, past its due date, or switched off by the super user. */
export type CompanyAccess = 'active' | 'expired' | 'disabled'

/**
 * A company's standing, read on every authenticated request (sessions here, API tokens in the
 * integrators' scope): disabled (companies.status false, or gone) answers nothing; expired (past its
 * due date) lets its signed-in admin reach only the routes marked `allowExpired` (renewing), the
 * others answering 402 PLAN_EXPIRED. The row is cached per company (companyCache, 30 s) and dropped
 * when the company changes (company.updated and company.deleted reach every process); the due date is
 * compared with the clock at each call.
 */
export function createExpiryGate(db: Knex, bus: EventBus) {
  const standing = companyCache(async (companyId) => {
    const row = await db('companies').where({ id: companyId }).first('dueDate', 'status')
    return {
      dueAt: row?.dueDate ? new Date(row.dueDate).getTime() : null,
      active: !!row && row.status !== false,
    }
  })
  standing.forgetOn(bus, ['company.updated', 'company.deleted'])
  async function access(companyId: number, now = Date.now()): Promise<CompanyAccess> {
    const { dueAt, active } = await standing.get(companyId)
    if (!active) return 'disabled'
    return dueAt !== null && dueAt < now ? 'expired' : 'active'
  }
  return {
    access,
    async expired(companyId: number, now = Date.now()) {
      return (await access(companyId, now)) === 'expired'
    },
  }
}
