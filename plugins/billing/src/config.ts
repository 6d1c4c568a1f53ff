import type { Kernel } from '@atende/sdk'
import type { BillingConfigBody, BillingConfigView, ProviderName } from './schemas.ts'

/** The platform's payment settings with the provider secrets opened (server side only). */
export interface BillingConfig {
  provider: ProviderName
  pixKey: string
  merchantName: string
  merchantCity: string
  asaasApiKey: string
  asaasWebhookToken: string
}

const ROW_ID = 1
const EMPTY: BillingConfig = {
  provider: 'pix-static',
  pixKey: '',
  merchantName: '',
  merchantCity: '',
  asaasApiKey: '',
  asaasWebhookToken: '',
}

/** One row, platform-wide (the super user's): secrets sealed with kernel.vault at rest. */
export function createBillingConfig(kernel: Kernel) {
  async function get(): Promise<BillingConfig> {
    const row = await kernel.db('billing_config').where({ id: ROW_ID }).first()
    if (!row) return { ...EMPTY }
    return {
      provider: row.provider,
      pixKey: row.pixKey,
      merchantName: row.merchantName,
      merchantCity: row.merchantCity,
      asaasApiKey: kernel.vault.open(row.asaasApiKey),
      asaasWebhookToken: kernel.vault.open(row.asaasWebhookToken),
    }
  }

  const view = (c: BillingConfig): BillingConfigView => ({
    provider: c.provider,
    pixKey: c.pixKey,
    merchantName: c.merchantName,
    merchantCity: c.merchantCity,
    asaasApiKeySet: !!c.asaasApiKey,
    asaasWebhookTokenSet: !!c.asaasWebhookToken,
  })

  async function update(body: BillingConfigBody): Promise<BillingConfigView> {
    const next = { ...(await get()) }
    if (body.provider !== undefined) next.provider = body.provider
    if (body.pixKey !== undefined) next.pixKey = body.pixKey.trim()
    if (body.merchantName !== undefined) next.merchantName = body.merchantName.trim()
    if (body.merchantCity !== undefined) next.merchantCity = body.merchantCity.trim()
    if (body.asaasApiKey !== undefined) next.asaasApiKey = body.asaasApiKey.trim()
    if (body.asaasWebhookToken !== undefined) next.asaasWebhookToken = body.asaasWebhookToken.trim()
    const row = {
      id: ROW_ID,
      provider: next.provider,
      pixKey: next.pixKey,
      merchantName: next.merchantName,
      merchantCity: next.merchantCity,
      asaasApiKey: kernel.vault.seal(next.asaasApiKey),
      asaasWebhookToken: kernel.vault.seal(next.asaasWebhookToken),
      updatedAt: new Date(),
    }
    await kernel.db('billing_config').insert(row).onConflict('id').merge()
    return view(next)
  }

  return { get, update, view }
}
export type BillingConfigService = ReturnType<typeof createBillingConfig>
