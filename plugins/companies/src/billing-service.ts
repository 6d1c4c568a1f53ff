import type { Knex } from 'knex'
import { likePattern, type Kernel } from '@atende/sdk'
import { RECURRENCE_MONTHS, type Recurrence } from './schemas.ts'
import { addMonths } from './service.ts'
import { companyNotFound, companyView } from './views.ts'
import type { BillingAccount, CompaniesBillingService } from './billing-api.ts'

const COLUMNS = [
  'companies.id',
  'companies.name',
  'companies.email',
  'companies.cnpj',
  'companies.status',
  'companies.dueDate',
  'companies.recurrence',
  'companies.planId',
  'plans.name as planName',
  'plans.value as planValue',
]

interface Row {
  id: number
  name: string
  email: string | null
  cnpj: string
  status: boolean
  dueDate: Date | string | null
  recurrence: string
  planId: number | null
  planName: string | null
  planValue: string | number | null
}

const toAccount = (r: Row): BillingAccount => ({
  id: r.id,
  name: r.name,
  email: r.email,
  cnpj: r.cnpj,
  status: r.status,
  dueDate: r.dueDate == null ? null : new Date(r.dueDate).toISOString(),
  recurrence: r.recurrence,
  plan: r.planId == null ? null : { id: r.planId, name: r.planName ?? '', value: Number(r.planValue ?? 0) },
})

/** The due date after a payment: recurrence months from the later of now and the current due date. */
export function renewedDueDate(current: Date | string | null, recurrence: string, now = new Date()): Date {
  const from = current && new Date(current).getTime() > now.getTime() ? new Date(current) : now
  return addMonths(from, RECURRENCE_MONTHS[recurrence as Recurrence] ?? 1)
}

export function createCompaniesBilling(kernel: Kernel): CompaniesBillingService {
  const select = (db: Knex | Knex.Transaction) =>
    db('companies').leftJoin('plans', 'plans.id', 'companies.planId').select(COLUMNS)

  async function account(companyId: number, trx?: Knex.Transaction) {
    const row = (await select(trx ?? kernel.db)
      .where('companies.id', companyId)
      .first()) as Row | undefined
    return row && toAccount(row)
  }

  return {
    account,
    async accounts(afterId, limit) {
      const rows = (await select(kernel.db)
        .whereNotNull('companies.dueDate')
        .where('companies.id', '>', afterId)
        .orderBy('companies.id')
        .limit(limit)) as Row[]
      return rows.map(toAccount)
    },
    async renew(companyId, trx, change) {
      // Locked so two payments settling at once each extend from the other's result.
      const row = await trx('companies').where({ id: companyId }).forUpdate().first('dueDate', 'recurrence')
      if (!row) throw companyNotFound()
      await trx('companies')
        .where({ id: companyId })
        .update({
          dueDate: renewedDueDate(row.dueDate, row.recurrence),
          ...(change?.planId ? { planId: change.planId } : {}),
          updatedAt: new Date(),
        })
      return (await account(companyId, trx))!
    },
    async plan(planId, trx) {
      const row = await (trx ?? kernel.db)('plans').where({ id: planId }).first('id', 'name', 'value', 'isPublic')
      return (
        row && {
          id: row.id as number,
          name: row.name as string,
          value: Number(row.value ?? 0),
          isPublic: row.isPublic === true,
        }
      )
    },
    async names(ids) {
      if (!ids.length) return new Map()
      const rows = await kernel
        .db('companies')
        .whereIn('id', [...new Set(ids)])
        .select('id', 'name')
      return new Map(rows.map((r: { id: number; name: string }) => [r.id, r.name]))
    },
    async idsNamed(term, limit) {
      const rows = await kernel
        .db('companies')
        .whereILike('name', likePattern(term))
        .orderBy('id')
        .limit(limit)
        .select('id')
      return rows.map((r: { id: number }) => r.id)
    },
    async announce(companyId) {
      await kernel.bus.emit('company.updated', { companyId, company: await companyView(kernel, companyId) })
    },
  }
}
