import type { Knex } from 'knex'
import type { SettingDefinition, SettingsService } from '@atende/sdk'
import { AppError, ErrorCodes } from '@atende/sdk'

/**
 * The kernel's own company setting: the shell's drawer state. Every other setting of the spec
 * is defined by the plugin that reads it, in its manifest's `settings`.
 */
export const CORE_SETTINGS: SettingDefinition[] = [{ key: 'sideMenuOpen', values: ['open', 'closed'], default: 'open' }]

/**
 * How long a setting read is reused. Every write through this service drops its entry here, and
 * every announced write (`setting.updated`, which the bus carries to every process) drops it in
 * each process that hears it (app.ts); the age bounds a write neither path saw.
 */
export const SETTING_TTL_MS = 5000
/** Settings kept at most (company × key), oldest out. */
const CACHED_MAX = 20_000

export function createSettings(db: Knex): SettingsService & { forget(companyId: number, key: string): void } {
  const defs = new Map<string, SettingDefinition>()
  // The inbound pipeline reads a few settings for every message (groups, DDD routing, greetings).
  const cached = new Map<string, { value: string; at: number }>()
  /** Bumped by every forget: a read that overlapped one is not kept (it may predate the write). */
  let writes = 0
  const forget = (companyId: number, key: string) => {
    writes++
    cached.delete(`${companyId}:${key}`)
  }
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
      const id = `${companyId}:${key}`
      const hit = cached.get(id)
      if (hit && Date.now() - hit.at < SETTING_TTL_MS) return hit.value
      const at = Date.now()
      const before = writes
      const row = await db('settings').where({ companyId, key }).first('value')
      const value: string = row?.value ?? dflt(d)
      if (writes === before) {
        cached.delete(id)
        cached.set(id, { value, at })
        if (cached.size > CACHED_MAX) cached.delete(cached.keys().next().value!)
      }
      return value
    },
    forget,
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
      forget(companyId, key)
      return { key, value }
    },
  }
}
