import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams } from '@atende/sdk'
import type { BillingConfigService } from './config.ts'
import { invoicePaid, invoiceNotFound, invoiceView, type InvoiceService } from './invoices.ts'
import {
  AsaasWebhookBody,
  BillingConfigBody,
  BillingConfigView,
  InvoiceView,
  InvoicesPage,
  InvoicesQuery,
  PixCharge,
  PlatformInvoicesPage,
  PlatformInvoicesQuery,
  SubscriptionBody,
  SubscriptionInfo,
  WebhookAnswer,
  errors,
} from './schemas.ts'
import type { Settlement } from './settle.ts'
import type { SubscriptionService } from './subscription.ts'
import type { createAsaasWebhook } from './webhook.ts'

const tags = ['billing']

export interface BillingParts {
  invoices: InvoiceService
  settlement: Settlement
  subscriptions: SubscriptionService
  config: BillingConfigService
  asaasWebhook: ReturnType<typeof createAsaasWebhook>
}

/**
 * Billing routes. Every company route is the company admin's; the super user holds the
 * platform's payment settings and confirms static Pix payments; the provider's webhook is public to
 * the session check and authenticates itself.
 */
export function registerBillingRoutes(root: FastifyInstance, p: BillingParts) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  // allowExpired: an expired company's admin (a restricted session) renews through these.
  const company = { admin: true, allowExpired: true }

  app.get(
    '/invoices/all',
    {
      config: company,
      schema: {
        tags,
        summary: "The company's invoices, newest due date first, 20 a page (searchParam: detail or id)",
        querystring: InvoicesQuery,
        response: { 200: InvoicesPage, ...errors },
      },
    },
    async (request) => p.invoices.page(request.auth.companyId, request.query.searchParam, request.query.pageNumber),
  )

  app.get(
    '/invoices/:id',
    {
      config: company,
      schema: {
        tags,
        summary: 'One invoice of the company',
        params: IdParams,
        response: { 200: InvoiceView, ...errors },
      },
    },
    async (request) => invoiceView(await p.invoices.row(request.auth.companyId, request.params.id)),
  )

  app.get(
    '/billing/invoices',
    {
      config: { super: true },
      schema: {
        tags,
        summary: "Every company's invoices (super user): unpaid oldest due first; search by company name or id",
        querystring: PlatformInvoicesQuery,
        response: { 200: PlatformInvoicesPage, ...errors },
      },
    },
    async (request) => p.invoices.platformPage(request.query),
  )

  app.post(
    '/invoices/:id/mark-paid',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Confirm a static Pix payment (super user): renews the company once; 409 when already paid',
        params: IdParams,
        response: { 200: InvoiceView, ...errors },
      },
    },
    async (request) => {
      const found = await p.invoices.anyRow({ id: request.params.id })
      if (!found) throw invoiceNotFound()
      const { settled } = await p.settlement.settle(found.id, { via: 'manual', userId: request.auth.userId })
      if (!settled) throw invoicePaid()
      return invoiceView(await p.invoices.row(found.companyId, found.id))
    },
  )

  app.post(
    '/subscription',
    {
      config: company,
      schema: {
        tags,
        summary: 'Pay an invoice by Pix: creates or reuses its charge and answers the BR Code and QR image',
        body: SubscriptionBody,
        response: { 200: PixCharge, ...errors },
      },
    },
    async (request) => p.subscriptions.subscribe(request.auth, request.body),
  )

  app.get(
    '/billing/subscription',
    {
      config: company,
      schema: {
        tags,
        summary: "The company's plan, due date, recurrence, billing e-mail and trial days left",
        response: { 200: SubscriptionInfo, ...errors },
      },
    },
    async (request) => p.subscriptions.info(request.auth.companyId),
  )

  app.get(
    '/billing/config',
    {
      config: { super: true },
      schema: {
        tags,
        summary: "The platform's payment settings (super user)",
        response: { 200: BillingConfigView, ...errors },
      },
    },
    async () => p.config.view(await p.config.get()),
  )

  app.put(
    '/billing/config',
    {
      config: { super: true },
      schema: {
        tags,
        summary: "Set the platform's payment settings (super user); provider secrets are write-only",
        body: BillingConfigBody,
        response: { 200: BillingConfigView, ...errors },
      },
    },
    async (request) => p.config.update(request.body),
  )

  app.post(
    '/billing/webhooks/asaas',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Asaas's payment notification (authenticated by the asaas-access-token header)",
        body: AsaasWebhookBody,
        response: { 200: WebhookAnswer, ...errors },
      },
    },
    async (request) => {
      const header = request.headers['asaas-access-token']
      const { settled } = await p.asaasWebhook(typeof header === 'string' ? header : undefined, request.body)
      return { received: true, settled }
    },
  )
}
