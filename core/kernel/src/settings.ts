import type { Knex } from 'knex'
import type { SettingDefinition, SettingsService } from '@atende/sdk'
import { AppError, ErrorCodes, companyCache } from '@atende/sdk'

/**
 * The kernel's own company setting: the shell's drawer state. Every other setting of the spec
 * is defined by the plugin that reads it, in its manifest's `settings`.
 */
export const CORE_SETTINGS: SettingDefinition[] = [{ key: 'sideMenuOpen', values: ['open', 'closed'], default: 'open' }]

/**
 * The inbound pipeline reads a few settings for every message (groups, DDD routing, greetings): a
 * company's stored settings are read at once and reused for up to 5 s (the SDK's companyCache). A
 * write through this service forgets the company here, and every announced write
 * (`setting.updated`, which the bus carries to every process) forgets it in each process (app.ts);
 * the age bounds a write neither path saw.
 */
const SETTING_TTL_MS = 5000

export function createSettings(db: Knex): SettingsService & { forget(companyId: number): void } {
  const defs = new Map<string, SettingDefinition>()
  /** A company's stored settings, key → value. */
  const read = async (companyId: number) => {
    const rows: { key: string; value: string }[] = await db('settings').where({ companyId }).select('key', 'value')
    return new Map(rows.map((r) => [r.key, r.value]))
  }
  const stored = companyCache(read, { ttlMs: SETTING_TTL_MS })
  const def = (key: string) => {
    const d = defs.get(key)
    if (!d) throw new AppError(ErrorCodes.NO_SETTING_FOUND, 404, `Unknown setting "${key}"`, { field: 'key' })
    return d
  }
  const dflt = (d: SettingDefinition) => d.default ?? d.values[0]
  return {
    define(list) {
      for (const d of list) defs.set(d.key, d)
    },
    definitions: () => [...defs.values()],
    async get(companyId, key) {
      const d = def(key)
      return (await stored.get(companyId)).get(key) ?? dflt(d)
    },
    forget: (companyId) => stored.forget(companyId),
    async all(companyId) {
      const saved = await read(companyId)
      return [...defs.values()].map((d) => ({ key: d.key, value: saved.get(d.key) ?? dflt(d) }))
    },
    async set(companyId, key, value) {
      const d = def(key)
      if (!d.values.includes(value)) {
        throw new AppError(ErrorCodes.VALIDATION, 400, `Setting ${key} accepts ${d.values.join(', ')}`, {
          field: 'value',
        })
      }
      await db('settings')
        .insert({ companyId, key, value, updatedAt: new Date() })
        .onConflict(['companyId', 'key'])
        .merge(['value', 'updatedAt'])
      stored.forget(companyId)
      return { key, value }
    },
  }
}
