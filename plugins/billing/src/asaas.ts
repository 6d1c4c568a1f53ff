import { AppError } from '@atende/sdk'
import type { BillingConfig } from './config.ts'
import { ERR_BILLING_NOT_CONFIGURED } from './pix-static.ts'
import { today } from './period.ts'
import type { ChargeStatus, PaymentProvider } from './provider.ts'

export const ERR_PAYMENT_PROVIDER = 'ERR_PAYMENT_PROVIDER'
/** Asaas statuses of a charge whose money arrived. */
const PAID = new Set(['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'])

/** ASAAS_BASE_URL: https://api.asaas.com (production, the default) or https://api-sandbox.asaas.com; read at each call. */
const baseUrl = () => (process.env.ASAAS_BASE_URL || 'https://api.asaas.com').replace(/\/+$/, '')

async function call<T>(config: BillingConfig, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  if (!config.asaasApiKey) throw new AppError(ERR_BILLING_NOT_CONFIGURED, 409, 'The Asaas API key is not set')
  let res: Response
  try {
    // eslint-disable-next-line no-restricted-globals -- the deployment's payment provider (ASAAS_BASE_URL), no tenant's address
    res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        access_token: config.asaasApiKey,
        'content-type': 'application/json',
        'user-agent': 'atende-billing',
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    })
  } catch {
    throw new AppError(ERR_PAYMENT_PROVIDER, 502, 'The payment provider could not be reached')
  }
  const json = (await res.json().catch(() => null)) as T | null
  if (!res.ok || json === null)
    throw new AppError(ERR_PAYMENT_PROVIDER, 502, `The payment provider answered ${res.status}`)
  return json
}

/** Asaas dates read "2026-12-01 23:59:59"; anything unreadable is no date. */
function isoOrNull(raw: string | null | undefined): string | null {
  const d = raw ? new Date(raw.replace(' ', 'T')) : null
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : null
}

interface AsaasPayment {
  id: string
  status: string
  value: number
  externalReference?: string | null
}

/**
 * Asaas v3 (the spec's `asaas` setting): a customer per company, a PIX payment per invoice with our
 * txid as externalReference, its QR from /pixQrCode. Confirmation comes by webhook (webhook.ts),
 * checked here with GET /v3/payments/{id}.
 */
export const asaas: PaymentProvider = {
  name: 'asaas',
  async charge({ invoice, account, config, customerId }) {
    let customer = customerId
    if (!customer) {
      const made = await call<{ id: string }>(config, 'POST', '/v3/customers', {
        name: account.name,
        cpfCnpj: account.cnpj,
        email: account.email ?? undefined,
        externalReference: `company-${account.id}`,
      })
      customer = made.id
    }
    let chargeId = invoice.provider === 'asaas' ? invoice.providerChargeId : null
    if (!chargeId) {
      const due = invoice.periodStart > today() ? invoice.periodStart : today()
      const payment = await call<{ id: string }>(config, 'POST', '/v3/payments', {
        customer,
        billingType: 'PIX',
        value: invoice.value,
        dueDate: due,
        description: invoice.detail,
        externalReference: invoice.txid,
      })
      chargeId = payment.id
    }
    const qr = await call<{ encodedImage: string; payload: string; expirationDate?: string | null }>(
      config,
      'GET',
      `/v3/payments/${encodeURIComponent(chargeId)}/pixQrCode`,
    )
    return {
      brCode: qr.payload,
      imagePngBase64: qr.encodedImage,
      txid: invoice.txid,
      expiresAt: isoOrNull(qr.expirationDate),
      chargeId,
      customerId: customer,
    }
  },
  async status(chargeId, config): Promise<ChargeStatus> {
    const p = await call<AsaasPayment>(config, 'GET', `/v3/payments/${encodeURIComponent(chargeId)}`)
    return {
      chargeId: p.id,
      paid: PAID.has(p.status),
      value: Number(p.value),
      externalReference: p.externalReference ?? null,
    }
  },
}
