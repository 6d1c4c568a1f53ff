import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import type { Kernel } from '@atende/sdk'
import { AppError, PAGE_SIZE, badRequest, likePattern, pageOffset } from '@atende/sdk'
import type { BillingAccount, CompaniesBillingRef } from '@atende/plugin-companies/api'
import { addMonthsToDate, brDate, monthsOf, today } from './period.ts'
import type { InvoiceView, PlatformInvoicesQuery } from './schemas.ts'

export const ERR_NO_INVOICE_FOUND = 'ERR_NO_INVOICE_FOUND'
export const ERR_INVOICE_PAID = 'ERR_INVOICE_PAID'
export const ERR_PLAN_NOT_FOUND = 'ERR_PLAN_NOT_FOUND'
export const ERR_PLAN_NOT_AVAILABLE = 'ERR_PLAN_NOT_AVAILABLE'
export const invoiceNotFound = () => new AppError(ERR_NO_INVOICE_FOUND, 404, 'Invoice not found')
export const invoicePaid = () => new AppError(ERR_INVOICE_PAID, 409, 'This invoice is already paid')
const planNotAvailable = () =>
  new AppError(ERR_PLAN_NOT_AVAILABLE, 403, 'This plan is not offered: choose a public plan or your own', {
    field: 'planId',
  })

/**
 * Whether a company may buy a plan: a public one, or the plan it already has (the super user may put
 * a company on a private plan; it keeps paying for it). Anything else stays the super user's to assign.
 */
export const mayBuy = (plan: { id: number; isPublic: boolean }, account: Pick<BillingAccount, 'plan'>) =>
  plan.isPublic || account.plan?.id === plan.id

/** An invoices row as the services read it (dates as YYYY-MM-DD text, value as a number). */
export interface InvoiceRow {
  id: number
  companyId: number
  planId: number | null
  detail: string
  value: number
  periodStart: string
  periodEnd: string
  status: 'open' | 'paid'
  /** The plan is the payer's choice at checkout: paying switches the company to it. */
  planChosen: boolean
  txid: string
  provider: string | null
  providerChargeId: string | null
  providerCustomerId: string | null
  paidAt: Date | string | null
  paidVia: string | null
}

const COLUMNS = [
  'id',
  'companyId',
  'planId',
  'detail',
  'value',
  'status',
  'planChosen',
  'txid',
  'provider',
  'providerChargeId',
  'providerCustomerId',
  'paidAt',
  'paidVia',
]
/** Dates as text whatever the driver's date parsing (pg gives local-midnight Dates). */
const select = (q: Knex.QueryBuilder, knex: Knex) =>
  q
    .select(COLUMNS.map((c) => `invoices.${c}`))
    .select(
      knex.raw(`to_char("periodStart", 'YYYY-MM-DD') as "periodStart"`),
      knex.raw(`to_char("periodEnd", 'YYYY-MM-DD') as "periodEnd"`),
    )
const fromDb = (r: Record<string, unknown>) => ({ ...r, value: Number(r.value) }) as InvoiceRow

export function invoiceView(r: InvoiceRow, now = new Date()): InvoiceView {
  return {
    id: r.id,
    detail: r.detail,
    value: r.value,
    dueDate: r.periodStart,
    status: r.status === 'paid' ? 'paid' : r.periodStart < today(now) ? 'expired' : 'open',
    paidAt: r.paidAt == null ? null : new Date(r.paidAt).toISOString(),
    planId: r.planId,
  }
}

/** Letters and digits only, 25 long: fits the static BR Code's txid and Asaas's externalReference. */
export const newTxid = () => `ATD${randomBytes(16).toString('hex').toUpperCase().slice(0, 22)}`

export function createInvoices(kernel: Kernel) {
  const companies = () => kernel.services.get<CompaniesBillingRef>('companies.billing')

  /**
   * What the company owes for the period starting at its due date, on its plan or on `plan` (one a
   * checkout chose); null when nothing is to bill.
   */
  function termsFor(account: BillingAccount, plan: BillingAccount['plan'] = account.plan) {
    if (!account.dueDate || !plan || !(plan.value > 0)) return null
    const periodStart = account.dueDate.slice(0, 10)
    const periodEnd = addMonthsToDate(periodStart, monthsOf(account.recurrence))
    return {
      planId: plan.id,
      value: Math.round(plan.value * 100) / 100,
      periodStart,
      periodEnd,
      detail: `${plan.name} - ${brDate(periodStart)} a ${brDate(periodEnd)}`.slice(0, 200),
    }
  }

  /**
   * The invoice of the company's current period (starting at its due date), created once: the
   * unique (companyId, periodStart) makes concurrent callers agree. An open one follows a plan or
   * recurrence change (its stale charge is dropped) unless its plan was chosen at checkout; a paid
   * one never changes. When the due date was moved by hand (the super user's edit or expire button),
   * the open invoice of the old period goes, unless a checkout already charged it: that one stays
   * payable (paying it renews from the later of today and the due date).
   */
  async function ensureFor(account: BillingAccount): Promise<void> {
    if (account.id === (await kernel.accounts.platformCompanyId())) return
    const terms = termsFor(account)
    if (!terms) return
    const t = kernel.tenant(account.id)
    await t('invoices')
      .where({ status: 'open' })
      .whereNot({ periodStart: terms.periodStart })
      .whereNull('provider')
      .delete()
    const inserted = await t
      .insert('invoices', { ...terms, status: 'open', txid: newTxid() })
      .onConflict(['companyId', 'periodStart'])
      .ignore()
      .returning('id')
    if (inserted.length) return
    await t('invoices')
      .where({ periodStart: terms.periodStart, status: 'open', planChosen: false })
      .where((w) =>
        w
          .whereNot({ planId: terms.planId })
          .orWhereNot({ value: terms.value })
          .orWhereNot({ periodEnd: terms.periodEnd })
          .orWhereNull('planId'),
      )
      .update({ ...terms, provider: null, providerChargeId: null, updatedAt: new Date() })
  }

  /**
   * A checkout's plan for an open invoice: another plan than the company's is recorded as the
   * payer's choice (re-termed, its stale charge dropped); the company's own plan undoes a choice.
   * Only a public plan may be chosen (mayBuy), checked also when the invoice already holds the choice.
   * Returns the invoice as it now stands.
   */
  async function choosePlan(invoice: InvoiceRow, account: BillingAccount, planId: number): Promise<InvoiceRow> {
    const own = account.plan?.id === planId
    const other = own ? undefined : await companies().plan(planId)
    const plan = own ? account.plan : other
    if (!plan || !(plan.value > 0)) throw badRequest('planId', 'No such paid plan', ERR_PLAN_NOT_FOUND)
    if (other && !mayBuy(other, account)) throw planNotAvailable()
    if (invoice.planId === planId && invoice.planChosen === !own) return invoice
    const terms = termsFor({ ...account, dueDate: invoice.periodStart }, plan)!
    await kernel
      .tenant(account.id)('invoices')
      .where({ id: invoice.id, status: 'open' })
      .update({ ...terms, planChosen: !own, provider: null, providerChargeId: null, updatedAt: new Date() })
    return row(account.id, invoice.id)
  }

  async function ensureCompany(companyId: number) {
    const account = await companies().account(companyId)
    if (account) await ensureFor(account)
  }

  /** The repeating job: every billed company has the invoice of its coming period. */
  async function sweep(batch = 200) {
    let after = 0
    for (;;) {
      const accounts = await companies().accounts(after, batch)
      for (const a of accounts) await ensureFor(a)
      if (accounts.length < batch) return
      after = accounts[accounts.length - 1].id
    }
  }

  async function page(companyId: number, searchParam: string | undefined, pageNumber = 1) {
    const q = kernel.tenant(companyId)('invoices')
    const term = searchParam?.trim()
    if (term) {
      q.where((w) => {
        w.whereILike('detail', likePattern(term))
        if (/^\d{1,9}$/.test(term)) w.orWhere('id', Number(term))
      })
    }
    const rows = await select(q, kernel.db)
      .orderBy([
        { column: 'periodStart', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(pageOffset(pageNumber))
      .limit(PAGE_SIZE + 1)
    const list = rows.slice(0, PAGE_SIZE).map((r: Record<string, unknown>) => invoiceView(fromDb(r)))
    return { list, hasMore: rows.length > PAGE_SIZE }
  }

  /**
   * Every company's invoices for the super user (a platform query, not a tenant's): unpaid ones
   * oldest due first (the most overdue on top), the others newest first; search by company name or id.
   */
  async function platformPage({ status = 'unpaid', searchParam, pageNumber = 1 }: PlatformInvoicesQuery) {
    const q = kernel.db('invoices')
    if (status !== 'all') q.where('invoices.status', status === 'paid' ? 'paid' : 'open')
    const term = searchParam?.trim()
    if (term) {
      const named = await companies().idsNamed(term, 500)
      q.where((w) => {
        w.whereIn('invoices.companyId', named)
        if (/^\d{1,9}$/.test(term)) w.orWhere('invoices.id', Number(term))
      })
    }
    const order = status === 'unpaid' ? 'asc' : 'desc'
    const raw: Record<string, unknown>[] = await select(q, kernel.db)
      .orderBy([
        { column: 'periodStart', order },
        { column: 'id', order },
      ])
      .offset(pageOffset(pageNumber))
      .limit(PAGE_SIZE + 1)
    const rows = raw.map(fromDb)
    const page = rows.slice(0, PAGE_SIZE)
    const names = await companies().names(page.map((r) => r.companyId))
    return {
      list: page.map((r) => ({
        ...invoiceView(r),
        companyId: r.companyId,
        companyName: names.get(r.companyId) ?? '',
        provider: r.provider,
        paidVia: r.paidVia,
      })),
      hasMore: rows.length > PAGE_SIZE,
    }
  }

  /** One invoice of the company; another company's is not found. */
  async function row(companyId: number, id: number): Promise<InvoiceRow> {
    const r = await select(kernel.tenant(companyId)('invoices').where('invoices.id', id), kernel.db).first()
    if (!r) throw invoiceNotFound()
    return fromDb(r)
  }

  /** Platform-wide, for the super user and provider notifications. */
  async function anyRow(where: Record<string, unknown>): Promise<InvoiceRow | undefined> {
    const r = await select(kernel.db('invoices').where(where), kernel.db).first()
    return r && fromDb(r)
  }

  return { ensureFor, ensureCompany, choosePlan, sweep, page, platformPage, row, anyRow }
}
export type InvoiceService = ReturnType<typeof createInvoices>
