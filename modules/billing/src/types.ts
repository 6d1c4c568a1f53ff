/**
 * The billing contract of plugins/billing as the screens receive it (invoices,
 * the subscription payload, the Pix payment). Written out here rather than
 * imported: the screens only need these shapes, and the plugin is built alongside.
 */

export type InvoiceStatus = 'paid' | 'open' | 'expired'

/** A row of GET /api/invoices/all (`{ list, hasMore }`, 20 a page, newest due date first). */
export interface Invoice {
  id: number
  detail: string
  /** BRL, 2 decimals. */
  value: number
  /** YYYY-MM-DD. */
  dueDate: string
  status: InvoiceStatus
  paidAt: string | null
  planId: number | null
}

/** GET /api/billing/subscription: what /subscription and /plans show. */
export interface SubscriptionInfo {
  trialDaysLeft: number | null
  trialExpiration: string | null
  billingEmail: string
  dueDate: string | null
  recurrence: string
  planId: number | null
  planName: string
}

/** A plan of GET /api/plans/list (the plans plugin's public list). */
export interface Plan {
  id: number
  name: string
  /** 0 = unlimited (plans plugin). */
  users: number
  connections: number
  queues: number
  value: number
  useCampaigns: boolean
  useSchedules: boolean
  useInternalChat: boolean
  useExternalApi: boolean
  useKanban: boolean
  useOpenAi: boolean
  useIntegrations: boolean
}

export type Country = 'BR' | 'usa'

/** Step 0 of the checkout. */
export interface AddressForm {
  firstName: string
  lastName: string
  address1: string
  city: string
  state: string
  zipcode: string
  country: Country | ''
  useAddressForPaymentDetails: boolean
}

/** POST /api/subscription's body: the spec's payload without the card fields (never collected). */
export interface SubscriptionPayload {
  firstName: string
  lastName?: string
  address1: string
  city: string
  state?: string
  zipcode: string
  country: Country
  useAddressForPaymentDetails: boolean
  /** The plan chosen in step 1 (paying switches the company to it); null keeps the invoice's. */
  planId: number | null
  price: number
  users: number
  connections: number
  invoiceId: number
}

/** POST /api/subscription's answer: the Pix charge of the invoice. */
export interface PixCharge {
  invoiceId: number
  valor: { original: string }
  qrcode: { qrcode: string; imagemQrcode: string }
  txid: string
  expiresAt: string | null
  provider: 'pix-static' | 'asaas'
}

/** A `company-{id}-payment` frame: the billing plugin's contract. */
export type { PaymentFrame } from '@atende/plugin-billing/api'

/** A row of GET /api/billing/invoices (the super user's list of every company's invoices). */
export interface PlatformInvoice extends Invoice {
  companyId: number
  companyName: string
  /** The checkout's provider (pix-static, asaas); null before any checkout. */
  provider: string | null
  /** How it was confirmed: manual (the super user) or the provider's name. */
  paidVia: string | null
}
export type PlatformFilter = 'unpaid' | 'paid' | 'all'

export type ProviderName = 'pix-static' | 'asaas'
/** GET/PUT /api/billing/config: the platform's payment settings (secrets are write-only). */
export interface BillingConfig {
  provider: ProviderName
  pixKey: string
  merchantName: string
  merchantCity: string
  asaasApiKeySet: boolean
  asaasWebhookTokenSet: boolean
}
