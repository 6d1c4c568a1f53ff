import { rules, type Problem } from '@atende/ui'
import type { IntegrationType } from './types.ts'

/**
 * The queue-integration form's rules, as i18n keys under
 * `integrations.validation`. The server checks the same (plugins/integrations/src/service.ts);
 * these only answer sooner.
 */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const URL_MAX = 500

/** Name: required, then 2 to 50 characters naming the limit, trimmed as the server keeps it. */
export const nameError = (v: string): Problem | null =>
  v.trim() ? rules.length(NAME_MIN, NAME_MAX)(v) : 'integrations.validation.required'

/** Types that call a URL (n8n, webhook, Typebot). */
export const usesUrl = (type: IntegrationType) => type === 'n8n' || type === 'webhook' || type === 'typebot'
/** Types whose calls are signed with the integration's secret. */
export const signsCalls = (type: IntegrationType) => type === 'n8n' || type === 'webhook'

export const required = (v: string): string | null => (v.trim() ? null : 'integrations.validation.required')

/** A whole number within bounds, or the key of what is wrong. */
export function integerError(v: string, min: number, max: number): string | null {
  if (!v.trim()) return 'integrations.validation.required'
  const n = Number(v)
  if (!Number.isInteger(n)) return 'integrations.validation.integer'
  if (n < min || n > max) return 'integrations.validation.range'
  return null
}

/** The server's order (name, then id) and search (name contains), for rows changed live. */
export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name) || a.id - b.id
export function matchesSearch(r: { name: string }, search: string) {
  const s = search.trim().toLowerCase()
  return !s || r.name.toLowerCase().includes(s)
}

/** A server validation answer as the form words it: the limit it names, or 'Required'; null for any other. */
export function serverProblem(err: { message: string; data?: Record<string, unknown> }): Problem | null {
  return rules.limitOf(err.data) ?? (err.message === 'Required' ? 'integrations.validation.required' : null)
}
