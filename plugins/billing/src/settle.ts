import type { Kernel } from '@atende/sdk'
import type { CompaniesBillingService } from '@atende/plugin-companies/api'
import type { InvoiceService } from './invoices.ts'

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
  const companies = () => kernel.services.get<CompaniesBillingService>('companies.billing')

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
      // A plan chosen at checkout becomes the company's with the payment that bought it.
      const account = await companies().renew(invoice.companyId, trx, {
        planId: invoice.planChosen ? invoice.planId : null,
      })
      return { companyId: account.id, dueDate: account.dueDate }
    })
    if (!done) return { settled: false }
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
