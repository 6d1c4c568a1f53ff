import type { Knex } from 'knex'
import type { Kernel } from '@atende/sdk'
import type { CompaniesBillingRef } from '@atende/plugin-companies/api'
import { mayBuy, type InvoiceService } from './invoices.ts'

export interface SettleBy {
  via: string
  /** The super user who confirmed it by hand; null when a provider did. */
  userId?: number | null
  /** A provider notification: recorded once; a replay settles nothing. */
  event?: { provider: string; eventId: string; chargeId: string | null; payload: unknown }
}

/**
 * Paying an invoice, exactly once: in one transaction the conditional update open→paid decides
 * (a second payment, replay or concurrent confirmation finds it paid and changes nothing), and only
 * then the company's due date moves by its recurrence. Announced after the commit.
 */
export function createSettlement(kernel: Kernel, invoices: InvoiceService) {
  const companies = () => kernel.services.get<CompaniesBillingRef>('companies.billing')

  /**
   * The plan a paid checkout moves the company to, checked again at payment: the money has arrived,
   * so the payment always renews the company, but a choice that is not (or no longer) buyable — a
   * plan made private after the checkout, or a checkout from before only public plans could be
   * chosen — leaves the company on its own plan. The super user may still assign any plan by hand.
   */
  async function buyablePlan(trx: Knex.Transaction, companyId: number, planId: number | null) {
    if (planId == null) return null
    const plan = await companies().plan(planId, trx)
    const account = plan && (await companies().account(companyId, trx))
    return plan && account && mayBuy(plan, account) ? plan.id : null
  }

  async function settle(invoiceId: number, by: SettleBy): Promise<{ settled: boolean }> {
    const done = await kernel.db.transaction(async (trx) => {
      if (by.event) {
        const recorded = await trx('billing_events')
          .insert({
            provider: by.event.provider,
            eventId: by.event.eventId,
            chargeId: by.event.chargeId,
            invoiceId,
            payload: JSON.stringify(by.event.payload ?? {}),
          })
          .onConflict(['provider', 'eventId'])
          .ignore()
          .returning('id')
        if (!recorded.length) return null
      }
      const paid = await trx('invoices')
        .where({ id: invoiceId, status: 'open' })
        .update({
          status: 'paid',
          paidAt: new Date(),
          paidBy: by.userId ?? null,
          paidVia: by.via,
          updatedAt: new Date(),
        })
        .returning(['companyId', 'planId', 'planChosen'])
      if (!paid.length) return null
      const [invoice] = paid as Array<{ companyId: number; planId: number | null; planChosen: boolean }>
      const planId = invoice.planChosen ? await buyablePlan(trx, invoice.companyId, invoice.planId) : null
      // A plan chosen at checkout becomes the company's with the payment that bought it.
      const account = await companies().renew(invoice.companyId, trx, { planId })
      return { companyId: account.id, dueDate: account.dueDate, refused: invoice.planChosen && !planId }
    })
    if (!done) return { settled: false }
    if (done.refused)
      kernel.log.warn(
        { companyId: done.companyId, invoiceId },
        'billing: paid invoice chose a plan the company may not buy; renewed on its own plan',
      )
    // company.updated first: every process's expiry gate forgets the old due date before the payment
    // frame tells the page, which then reloads its (no longer restricted) modules.
    await companies().announce(done.companyId)
    await kernel.bus.emit('billing.paid', { companyId: done.companyId, invoiceId, dueDate: done.dueDate })
    // The company's next period is billed at once.
    await invoices.ensureCompany(done.companyId)
    return { settled: true }
  }

  return { settle }
}
export type Settlement = ReturnType<typeof createSettlement>
