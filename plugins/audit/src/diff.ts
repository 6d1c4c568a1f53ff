/**
 * Field-level changes between two versions of a record, with secrets masked: the log says that a
 * token, password or API key changed, never what it is.
 */
import { createHash } from 'node:crypto'

export type Changes = Record<string, { before?: unknown; after?: unknown }>

/** Field names whose values are never stored (matched case-insensitively, anywhere in the name). */
const SECRET = /pass(word)?|secret|token|api_?key|apikey|credential|private|hash|^key$|session|creds/i
export const MASK = '••••••'

/**
 * Fields that change on their own (timestamps, counters, presence, a connection's passing QR code)
 * and say nothing an admin did: a tag's ticket count moves whenever an attendant tags a ticket.
 */
const NOISE = new Set([
  'updatedAt',
  'createdAt',
  'lastUsedAt',
  'online',
  'lastSeen',
  'tokenVersion',
  'retries',
  'ticketsCount',
  'qrcode',
  'usageCount',
  'lastUsed',
])

/**
 * A secret becomes the mask and a short fingerprint, so the next version can tell it changed; the
 * fingerprint stays in the plugin's snapshot table and never reaches an entry (`shown`).
 */
function masked(key: string, value: unknown) {
  if (!SECRET.test(key) || value === null || value === undefined || value === '') return value
  return MASK + createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 8)
}

function shown(v: unknown): unknown {
  if (typeof v === 'string' && v.startsWith(MASK)) return MASK
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shown(x)]))
  return v
}

/**
 * A record's fields as the log keeps them: secrets masked, noise and `omit` (another record's
 * fields joined in) dropped, dates as ISO text, nested values whole.
 */
export function cleanRecord(record: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(record)) {
    if (NOISE.has(key) || omit.includes(key) || raw === undefined) continue
    const value = raw instanceof Date ? (Number.isNaN(raw.getTime()) ? null : raw.toISOString()) : raw
    out[key] = isPlainObject(value) ? cleanRecord(value) : masked(key, value)
  }
  return out
}

/** An object of fields (not a list, a date or a buffer). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  return Object.prototype.toString.call(v) === '[object Object]'
}

/**
 * What the screen calls the record ("a campanha Black Friday"): its name, title or key, from the
 * version after the change or, for a deletion, the one before. Null when it has none.
 */
export function labelOf(...versions: (Record<string, unknown> | null | undefined)[]): string | null {
  for (const v of versions) {
    for (const key of ['name', 'title', 'shortcode', 'key']) {
      const x = v?.[key]
      if (typeof x === 'string' && x.trim() && !x.startsWith(MASK)) return x.trim().slice(0, 255)
    }
  }
  return null
}

/** JSON with every object's keys sorted: a kept version comes back from jsonb in another key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  )
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b)

/**
 * The fields that differ between `before` and `after` (both already cleaned). With no `before`
 * (a creation, or the first change the log sees of a record), every field is an `after`; with no
 * `after` (a deletion), every field is a `before`.
 */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const changes: Changes = {}
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const key of [...keys].sort()) {
    const b = before?.[key]
    const a = after?.[key]
    if (before && after && same(a, b)) continue
    const change: { before?: unknown; after?: unknown } = {}
    if (before && b !== undefined) change.before = shown(b)
    if (after && a !== undefined) change.after = shown(a)
    changes[key] = change
  }
  return changes
}
