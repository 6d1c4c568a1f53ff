import QRCode from 'qrcode'
import type { AuthInfo, Kernel } from '@atende/sdk'
import { badRequest, notFound } from '@atende/sdk'
import type { CompaniesBillingRef } from '@atende/plugin-companies/api'
import { asaas } from './asaas.ts'
import type { BillingConfigService } from './config.ts'
import { invoicePaid, type InvoiceService } from './invoices.ts'
import { pixStatic } from './pix-static.ts'
import type { PaymentProvider } from './provider.ts'
import type { PixCharge, ProviderName, SubscriptionBody } from './schemas.ts'

export const PROVIDERS: Record<ProviderName, PaymentProvider> = { 'pix-static': pixStatic, asaas }
/** The checkout's country options. */
const COUNTRIES = ['br', 'usa']
const REQUIRED = ['firstName', 'address1', 'city', 'zipcode', 'country'] as const

/** POST /subscription (the checkout, its required fields checked) and GET /billing/subscription. */
export function createSubscriptions(kernel: Kernel, config: BillingConfigService, invoices: InvoiceService) {
  const companies = () => kernel.services.get<CompaniesBillingRef>('companies.billing')

  async function subscribe(auth: AuthInfo, body: SubscriptionBody): Promise<PixCharge> {
    for (const field of REQUIRED) if (!body[field]?.trim()) throw badRequest(field, `${field} is required`)
    if (!COUNTRIES.includes(body.country!.trim().toLowerCase()))
      throw badRequest('country', 'Country must be BR or usa')
    let invoice = await invoices.row(auth.companyId, body.invoiceId)
    if (invoice.status === 'paid') throw invoicePaid()
    const account = await companies().account(auth.companyId)
    if (!account) throw notFound()
    // The plan of step 1: paying this invoice switches the company to it (never before payment).
    // Without one, a choice the invoice already holds is checked again: the plan may have gone
    // private since, or the choice predates the rule that only public plans are bought.
    const planId = body.planId ?? (invoice.planChosen ? invoice.planId : null)
    if (planId != null) invoice = await invoices.choosePlan(invoice, account, planId)
    const cfg = await config.get()
    const provider = PROVIDERS[cfg.provider]
    // The company's customer at the provider, from an earlier charge (one customer per company).
    const previous = await kernel
      .tenant(auth.companyId)('invoices')
      .where({ provider: provider.name })
      .whereNotNull('providerCustomerId')
      .orderBy('id', 'desc')
      .first('providerCustomerId')
    const charge = await provider.charge({
      invoice,
      account,
      config: cfg,
      customerId: previous?.providerCustomerId ?? null,
    })
    await kernel.tenant(auth.companyId)('invoices').where({ id: invoice.id, status: 'open' }).update({
      provider: provider.name,
      providerChargeId: charge.chargeId,
      providerCustomerId: charge.customerId,
      updatedAt: new Date(),
    })
    const image = charge.imagePngBase64
      ? `data:image/png;base64,${charge.imagePngBase64}`
      : await QRCode.toDataURL(charge.brCode, { errorCorrectionLevel: 'M', margin: 1, width: 280 })
    return {
      invoiceId: invoice.id,
      valor: { original: invoice.value.toFixed(2) },
      qrcode: { qrcode: charge.brCode, imagemQrcode: image },
      txid: charge.txid,
      expiresAt: charge.expiresAt,
      provider: provider.name,
    }
  }

  /** The /subscription screen: trial left (while the company never paid, its due date ends the trial). */
  async function info(companyId: number, now = new Date()) {
    const account = await companies().account(companyId)
    if (!account) throw notFound()
    const everPaid = await kernel.tenant(companyId)('invoices').where({ status: 'paid' }).first('id')
    const trialExpiration = everPaid ? null : account.dueDate
    const trialDaysLeft = trialExpiration
      ? Math.max(0, Math.ceil((Date.parse(trialExpiration) - now.getTime()) / 86_400_000))
      : null
    return {
      trialDaysLeft,
      trialExpiration,
      billingEmail: account.email ?? '',
      dueDate: account.dueDate,
      recurrence: account.recurrence,
      planId: account.plan?.id ?? null,
      planName: account.plan?.name ?? '',
    }
  }

  return { subscribe, info }
}
export type SubscriptionService = ReturnType<typeof createSubscriptions>
