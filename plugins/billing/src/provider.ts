import type { BillingAccount } from '@atende/plugin-companies/api'
import type { BillingConfig } from './config.ts'
import type { InvoiceRow } from './invoices.ts'
import type { ProviderName } from './schemas.ts'

export interface ChargeRequest {
  invoice: InvoiceRow
  account: BillingAccount
  config: BillingConfig
  /** The company's customer at the provider, when an earlier charge made one. */
  customerId: string | null
}

/** A Pix charge for one invoice, as the checkout shows it. */
export interface Charge {
  /** The copy-and-paste BR Code. */
  brCode: string
  /** The provider's own QR image (base64 PNG); else the plugin draws one from brCode. */
  imagePngBase64?: string
  txid: string
  expiresAt: string | null
  chargeId: string | null
  customerId: string | null
}

/** Confirmation of a charge, asked of the provider itself (never taken from a notification). */
export interface ChargeStatus {
  chargeId: string
  paid: boolean
  value: number
  externalReference: string | null
}

/**
 * How an invoice gets paid by Pix. `pix-static` confirms by hand (the super user marks it paid);
 * a PSP adapter also answers `status` so its notifications can be verified before acting.
 */
export interface PaymentProvider {
  readonly name: ProviderName
  /** Creates the charge, or reuses the invoice's existing one at the same provider. */
  charge(req: ChargeRequest): Promise<Charge>
  status?(chargeId: string, config: BillingConfig): Promise<ChargeStatus>
}
