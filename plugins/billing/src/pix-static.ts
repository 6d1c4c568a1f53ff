import { AppError } from '@atende/sdk'
import { brCode } from './brcode.ts'
import type { PaymentProvider } from './provider.ts'

export const ERR_BILLING_NOT_CONFIGURED = 'ERR_BILLING_NOT_CONFIGURED'

/**
 * No outside service: a static BR Code for the platform's own Pix key, carrying the invoice's txid.
 * A static code cannot report payment, so the super user confirms it (POST /invoices/{id}/mark-paid).
 */
export const pixStatic: PaymentProvider = {
  name: 'pix-static',
  async charge({ invoice, config }) {
    if (!config.pixKey || !config.merchantName || !config.merchantCity)
      throw new AppError(ERR_BILLING_NOT_CONFIGURED, 409, 'The platform has no Pix key, merchant name and city set')
    return {
      brCode: brCode({
        pixKey: config.pixKey,
        merchantName: config.merchantName,
        merchantCity: config.merchantCity,
        amount: invoice.value,
        txid: invoice.txid,
      }),
      txid: invoice.txid,
      expiresAt: null,
      chargeId: null,
      customerId: null,
    }
  },
}
