import { definePlugin } from '@atende/sdk'
import { createBillingConfig } from './config.ts'
import { mapRealtime } from './events.ts'
import { createInvoices } from './invoices.ts'
import { registerBillingRoutes } from './routes.ts'
import { createSettlement } from './settle.ts'
import { createSubscriptions } from './subscription.ts'
import { createAsaasWebhook } from './webhook.ts'

export const INVOICES_JOB = 'billing.invoices'
/** BILLING_INVOICES_EVERY_MS: how often the next invoices are created (default hourly; 0 = only at start). */
const everyMs = () => Number(process.env.BILLING_INVOICES_EVERY_MS ?? 3_600_000)

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['billing.paid']

/**
 * Billing (issue 20).
 *
 * - Invoices: one per company per period, the period starting at the company's due date and lasting
 *   its recurrence; value and plan from the company's plan (free plans are not billed, nor the
 *   platform company). Made when a company is created or updated (plan, recurrence, due date) and
 *   by a repeating job (also at start); unique (companyId, periodStart), so running twice makes one.
 * - Pix: `pix-static` (default) draws a BR Code for the platform's key; the super user confirms with
 *   POST /invoices/{id}/mark-paid. `asaas` creates a PIX charge and is confirmed by its webhook,
 *   verified with the provider.
 * - Paying renews the company exactly once (settle.ts) through the companies plugin's published
 *   `companies.billing`, then `company-{id}-payment` CONCLUIDA goes out.
 * - The checkout's plan (step 1) is the invoice's: another plan than the company's re-terms the open
 *   invoice as the payer's choice, and the company switches to it when that invoice is paid, never
 *   before. Only a public plan (or the company's own) can be chosen: another is 403
 *   ERR_PLAN_NOT_AVAILABLE, and a payment whose recorded choice is not buyable then renews the company
 *   on its own plan (settle.ts). A due date moved by hand drops the old period's open invoice unless a
 *   checkout charged it.
 * - An expired company's admin signs in to a restricted session (kernel expiry gate): these routes
 *   are `allowExpired` and this module is the only one its shell lists (`servesExpired`); the shell
 *   sends every other page to /financeiro until the payment event renews the session.
 */
export default definePlugin({
  name: 'billing',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  host: '^1.0.0',
  // Paying must work whatever the plan switches off.
  essential: true,
  // An expired company's admin renews here: the only module of that restricted session.
  servesExpired: true,
  module: true,
  moduleRoutes: ['/financeiro', '/subscription', '/plans', '/billing'],
  dependsOn: ['companies'],
  services: { requires: ['companies.billing'] },
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    mapRealtime(kernel)
    const config = createBillingConfig(kernel)
    const invoices = createInvoices(kernel)
    const settlement = createSettlement(kernel, invoices)
    const subscriptions = createSubscriptions(kernel, config, invoices)
    const asaasWebhook = createAsaasWebhook(kernel, config, invoices, settlement)
    registerBillingRoutes(app, { invoices, settlement, subscriptions, config, asaasWebhook })

    // A company sees its next invoice at once: on creation, renewal and plan or recurrence change.
    const follow = async ({ companyId }: { companyId: number }) => {
      try {
        await invoices.ensureCompany(companyId)
      } catch (err) {
        kernel.log.warn({ err, companyId }, 'billing: could not create the invoice')
      }
    }
    kernel.bus.on('company.created', follow)
    kernel.bus.on('company.updated', follow)
    kernel.bus.on('plan.updated', async () => {
      await kernel.jobs.add(INVOICES_JOB, {}).catch(() => {})
    })
    kernel.jobs.define(INVOICES_JOB, async () => {
      await invoices.sweep()
    })
    // A schedule's first run is at once (at start); without one, a single run at start.
    if (everyMs() > 0)
      await kernel.jobs.add(INVOICES_JOB, {}, { jobId: 'billing-invoices', repeat: { every: everyMs() } })
    else await kernel.jobs.add(INVOICES_JOB, {})
  },
})
