/** The billing plugin's published contract, types only: an invoice as the API answers it. */
export type { InvoiceView as Invoice, BillingConfigView as BillingConfig } from './schemas.ts'
