import { badRequest, type Kernel } from '@atende/sdk'
import type { SettingsBody } from './schemas.ts'

/**
 * Campaign settings: key/value pairs with JSON values, per company.
 * Beyond the spec's three intervals and variables, two protections of the number
 * (WhatsApp restricts numbers that send many cold messages): a daily limit per connection and a
 * sending window in the company's time zone. Defaults: 20 s random interval, a 60 s pause every
 * 20 messages, 250 messages a day per connection (Meta's floor for new business numbers), 08:00–20:00.
 */
export interface CampaignSettings {
  messageInterval: number
  longerIntervalAfter: number
  greaterInterval: number
  variables: { key: string; value: string }[]
  dailyLimit: number
  windowStart: string
  windowEnd: string
}

export const DEFAULT_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  dailyLimit: 250,
  windowStart: '08:00',
  windowEnd: '20:00',
}
/** The spec's option lists. */
export const INTERVAL_OPTIONS = [0, 5, 10, 15, 20]
export const LONGER_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120]

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof CampaignSettings)[]

export function createCampaignSettings(kernel: Kernel) {
  async function read(companyId: number): Promise<CampaignSettings> {
    const rows: { key: string; value: string }[] = await kernel
      .tenant(companyId)('campaign_settings')
      .select('key', 'value')
    const out = { ...DEFAULT_SETTINGS } as Record<string, unknown>
    for (const r of rows)
      if ((KEYS as string[]).includes(r.key)) {
        try {
          out[r.key] = JSON.parse(r.value)
        } catch {
          // a value written by hand: the default stands
        }
      }
    return out as unknown as CampaignSettings
  }

  return {
    read,
    /** GET /campaign-settings: every key with its value (defaults included). */
    async list(companyId: number) {
      const s = await read(companyId)
      return KEYS.map((key) => ({ key, value: s[key] }))
    },
    async save(companyId: number, body: SettingsBody['settings']) {
      const { messageInterval, longerIntervalAfter, greaterInterval } = body
      if (messageInterval !== undefined && !INTERVAL_OPTIONS.includes(messageInterval))
        throw badRequest('messageInterval', `One of ${INTERVAL_OPTIONS.join(', ')} seconds`)
      if (longerIntervalAfter !== undefined && !LONGER_OPTIONS.includes(longerIntervalAfter))
        throw badRequest('longerIntervalAfter', `One of ${LONGER_OPTIONS.join(', ')}`)
      if (greaterInterval !== undefined && !LONGER_OPTIONS.includes(greaterInterval))
        throw badRequest('greaterInterval', `One of ${LONGER_OPTIONS.join(', ')} seconds`)
      const values: Partial<CampaignSettings> = { ...body }
      if (body.variables) {
        // Duplicate keys are ignored: the first one counts.
        const seen = new Set<string>()
        values.variables = body.variables
          .map((v) => ({ key: v.key.trim(), value: v.value }))
          .filter((v) => v.key && !seen.has(v.key) && (seen.add(v.key), true))
      }
      const rows = KEYS.filter((k) => values[k] !== undefined).map((key) => ({
        key,
        value: JSON.stringify(values[key]),
      }))
      if (rows.length)
        await kernel
          .tenant(companyId)
          .insert('campaign_settings', rows)
          .onConflict(['companyId', 'key'])
          .merge(['value'])
      return this.list(companyId)
    },
  }
}

export type CampaignSettingsService = ReturnType<typeof createCampaignSettings>
