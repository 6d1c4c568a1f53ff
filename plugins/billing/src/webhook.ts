import { createHash, timingSafeEqual } from 'node:crypto'
import type { Kernel } from '@atende/sdk'
import { AppError } from '@atende/sdk'
import { asaas } from './asaas.ts'
import type { BillingConfigService } from './config.ts'
import type { InvoiceService } from './invoices.ts'
import type { AsaasWebhookBody } from './schemas.ts'
import type { Settlement } from './settle.ts'

export const ERR_INVALID_WEBHOOK_TOKEN = 'ERR_INVALID_WEBHOOK_TOKEN'
/** Asaas events that may mean the money arrived; anything else is acknowledged and ignored. */
const PAYMENT_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED'])

/** Equal strings in constant time (hashes first, so lengths leak nothing either). */
export function sameSecret(given: string, expected: string): boolean {
  if (!expected) return false
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/**
 * Asaas's notification (POST /billing/webhooks/asaas). Trust nothing in it: the `asaas-access-token`
 * header must equal the configured token (else 401); the charge must be one of ours (we look it up
 * by the provider's id we stored); the provider itself is asked whether it is paid, for our txid and
 * at least the invoice's value; the event id is recorded once, so a replay settles nothing.
 */
export function createAsaasWebhook(
  kernel: Kernel,
  config: BillingConfigService,
  invoices: InvoiceService,
  settlement: Settlement,
) {
  return async function handle(token: string | undefined, body: AsaasWebhookBody): Promise<{ settled: boolean }> {
    const cfg = await config.get()
    if (!sameSecret(token ?? '', cfg.asaasWebhookToken))
      throw new AppError(ERR_INVALID_WEBHOOK_TOKEN, 401, 'Invalid webhook token')
    const chargeId = body.payment?.id
    if (!PAYMENT_EVENTS.has(body.event) || !chargeId) return { settled: false }
    const invoice = await invoices.anyRow({ provider: 'asaas', providerChargeId: chargeId })
    if (!invoice) {
      kernel.log.warn({ chargeId }, 'asaas notification for a charge that is not ours')
      return { settled: false }
    }
    if (invoice.status === 'paid') return { settled: false }
    const status = await asaas.status!(chargeId, cfg)
    if (!status.paid || status.externalReference !== invoice.txid || status.value + 0.001 < invoice.value) {
      kernel.log.warn({ chargeId, invoiceId: invoice.id }, 'asaas notification not confirmed by the provider')
      return { settled: false }
    }
    return settlement.settle(invoice.id, {
      via: 'asaas',
      event: { provider: 'asaas', eventId: body.id || `${body.event}:${chargeId}`, chargeId, payload: body },
    })
  }
}
