import type { Knex } from 'knex'
import type { SettingDefinition, SettingsService } from '@atende/sdk'
import { AppError, ErrorCodes } from '@atende/sdk'

/**
 * The kernel's own company setting: the shell's drawer state. Every other setting of the spec
 * is defined by the plugin that reads it, in its manifest's `settings`.
 */
export const CORE_SETTINGS: SettingDefinition[] = [{ key: 'sideMenuOpen', values: ['open', 'closed'], default: 'open' }]

export function createSettings(db: Knex): SettingsService {
  const defs = new Map<string, SettingDefinition>()
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
        throw new AppError(ErrorCodes.VALIDATION, 400, `Setting ${key} accepts ${d.values.join(', ')}`, {
          field: 'value',
        })
      }
      await db('settings')
        .insert({ companyId, key, value, updatedAt: new Date() })
        .onConflict(['companyId', 'key'])
        .merge(['value', 'updatedAt'])
      return { key, value }
    },
  }
}
