import type { Knex } from 'knex'
import type { SettingDefinition, SettingsService } from '@atende/sdk'
import { AppError, ErrorCodes } from '@atende/sdk'

const ENABLED = ['enabled', 'disabled']

/**
 * The spec's company settings (administration.md §3) with their allowed values. Defaults follow
 * what a new company of such a product expects: optional behaviours off, user creation on.
 */
export const CORE_SETTINGS: SettingDefinition[] = [
  { key: 'userRating', values: ENABLED, default: 'disabled' },
  { key: 'scheduleType', values: ['disabled', 'queue', 'company'], default: 'disabled' },
  { key: 'call', values: ENABLED, default: 'enabled' },
  { key: 'CheckMsgIsGroup', values: ENABLED, default: 'enabled' },
  { key: 'sendGreetingAccepted', values: ENABLED, default: 'disabled' },
  { key: 'sendMsgTransfTicket', values: ENABLED, default: 'disabled' },
  { key: 'sendGreetingMessageOneQueues', values: ENABLED, default: 'enabled' },
  { key: 'dddRoutingEnabled', values: ENABLED, default: 'disabled' },
  { key: 'apiTokensEnabled', values: ENABLED, default: 'disabled' },
  { key: 'chatBotType', values: ['text'], default: 'text' },
  { key: 'asaas', values: ENABLED, default: 'disabled' },
  { key: 'userCreation', values: ENABLED, default: 'enabled' },
  { key: 'sideMenuOpen', values: ['open', 'closed'], default: 'open' },
  { key: 'campaignsEnabled', values: ['true', 'false'], default: 'false' },
]

export function createSettings(db: Knex): SettingsService {
  const defs = new Map<string, SettingDefinition>()
  const def = (key: string) => {
    const d = defs.get(key)
    if (!d) throw new AppError(ErrorCodes.NO_SETTING_FOUND, 404, `Unknown setting "${key}"`, { field: 'key' })
    return d
  }
  const dflt = (d: SettingDefinition) => d.default ?? d.values[0]
  return {
    define(list) { for (const d of list) defs.set(d.key, d) },
    definitions: () => [...defs.values()],
    async get(companyId, key) {
      const d = def(key)
      const row = await db('settings').where({ companyId, key }).first('value')
      return row?.value ?? dflt(d)
    },
    async all(companyId) {
      const rows: { key: string; value: string }[] = await db('settings').where({ companyId }).select('key', 'value')
      const stored = new Map(rows.map((r) => [r.key, r.value]))
      return [...defs.values()].map((d) => ({ key: d.key, value: stored.get(d.key) ?? dflt(d) }))
    },
    async set(companyId, key, value) {
      const d = def(key)
      if (!d.values.includes(value)) {
        throw new AppError(ErrorCodes.VALIDATION, 400, `Setting ${key} accepts ${d.values.join(', ')}`, { field: 'value' })
      }
      await db('settings').insert({ companyId, key, value, updatedAt: new Date() }).onConflict(['companyId', 'key']).merge(['value', 'updatedAt'])
      return { key, value }
    },
  }
}
