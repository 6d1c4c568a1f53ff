/**
 * The billing contract as the screens receive it: invoices, the subscription, the Pix payment and
 * the payment settings come from the plugin's published contract; the forms' own shapes are here.
 */
export type {
  BillingConfig,
  Invoice,
  InvoiceStatus,
  PixCharge,
  PlatformInvoice,
  ProviderName,
  SubscriptionInfo,
} from '@atende/plugin-billing/api'

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

/** A `company-{id}-payment` frame: the billing plugin's contract. */
export type { PaymentFrame } from '@atende/plugin-billing/api'

export type PlatformFilter = 'unpaid' | 'paid' | 'all'
