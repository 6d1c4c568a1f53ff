/** The billing plugin's published contract, types only: an invoice as the API answers it. */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
export type { InvoiceView as Invoice, BillingConfigView as BillingConfig } from './schemas.ts'

/** A `company-{id}-payment` frame (events.ts): sent once a payment renewed the company. */
export type PaymentFrame = { action: 'CONCLUIDA'; company: { id: number; dueDate: string | null }; invoiceId: number }
