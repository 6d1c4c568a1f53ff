/** The billing plugin's published contract, types only: an invoice as the API answers it. */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
export type { InvoiceView as Invoice, BillingConfigView as BillingConfig } from './schemas.ts'
