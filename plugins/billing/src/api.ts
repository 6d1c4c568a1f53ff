/**
 * The billing plugin's published contract, types only: invoices, the subscription and its Pix
 * charge, and the platform's payment settings, as the API answers them (the route schemas).
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import type { Static } from '@sinclair/typebox'
import type { SubscriptionInfo as SubscriptionInfoSchema } from './schemas.ts'
export type {
  InvoiceView as Invoice,
  PlatformInvoiceView as PlatformInvoice,
  BillingConfigView as BillingConfig,
  PixCharge,
  ProviderName,
} from './schemas.ts'
export type SubscriptionInfo = Static<typeof SubscriptionInfoSchema>
/** The invoice status the API answers: paid; expired when due before today and unpaid; otherwise open. */
export type InvoiceStatus = import('./schemas.ts').InvoiceView['status']

/** A `company-{id}-payment` frame (events.ts): sent once a payment renewed the company. */
export type PaymentFrame = { action: 'CONCLUIDA'; company: { id: number; dueDate: string | null }; invoiceId: number }
