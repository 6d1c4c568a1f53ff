// Types only: the plugin's list checks ours at compile time and stays out of the bundle.
import type { EXPIRES_IN, NAME_MAX as SERVER_NAME_MAX } from '@atende/plugin-api/api'
import type { ApiToken, TokenStatus } from './types.ts'

/** The expiry choices, 365 days by default, '100y' meaning never. */
export const EXPIRY_CHOICES: typeof EXPIRES_IN = ['24h', '7d', '30d', '90d', '365d', '100y']
export type ExpiresIn = (typeof EXPIRY_CHOICES)[number]
export const DEFAULT_EXPIRY: ExpiresIn = '365d'
export const NAME_MAX: typeof SERVER_NAME_MAX = 100

/** An expiry this far ahead can only be the 100-year "never" choice: shown as never. */
const NEVER_AFTER_MS = 50 * 365 * 24 * 3600 * 1000

/**
 * Inactive when revoked, expired when active with its expiry past, else
 * active. The server sends it; this is the same rule, for a token whose expiry passes while the
 * page stays open.
 */
export function tokenStatus(token: Pick<ApiToken, 'isActive' | 'expiresAt'>, now = Date.now()): TokenStatus {
  if (!token.isActive) return 'inactive'
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'expired'
  return 'active'
}

/** Whether an expiry is the "never" choice (or none at all). */
export const neverExpires = (expiresAt: string | null, now = Date.now()) =>
  !expiresAt || Date.parse(expiresAt) - now > NEVER_AFTER_MS

/** The stats cards: tokens usable now, and calls made with any token. */
export function tokenStats(tokens: ApiToken[], now = Date.now()) {
  return {
    active: tokens.filter((t) => tokenStatus(t, now) === 'active').length,
    usages: tokens.reduce((sum, t) => sum + (Number.isFinite(t.usageCount) ? t.usageCount : 0), 0),
  }
}

/** Newest first, as the server lists them; rows changed live land where a reload would put them. */
export const newestFirst = (a: ApiToken, b: ApiToken) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id

/** A date and time as the user's language writes it; '—' for none. */
export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  return d.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })
}

/** The i18n locale of a language code ('pt' → 'pt-BR'). */
export const localeOf = (language: string) =>
  language.startsWith('en') ? 'en-US' : language.startsWith('es') ? 'es-ES' : 'pt-BR'

/** The list's preview of a token, its first 20 and last 10 characters. */
export const preview = (token: string) => (token.length > 30 ? `${token.slice(0, 20)}...${token.slice(-10)}` : token)
