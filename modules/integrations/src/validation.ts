import type { IntegrationType } from './types.ts'

/**
 * The queue-integration form's rules (administration.md §5), as i18n keys under
 * `integrations.validation`. The server checks the same (plugins/integrations/src/service.ts);
 * these only answer sooner.
 */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const URL_MAX = 500

/** Name: required ('Required'), 2 ('Too Short!') to 50 ('Too Long!') characters, trimmed as the server keeps it. */
export function nameError(v: string): string | null {
  const s = v.trim()
  if (!s) return 'integrations.validation.required'
  if (s.length < NAME_MIN) return 'integrations.validation.tooShort'
  if (s.length > NAME_MAX) return 'integrations.validation.tooLong'
  return null
}

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

/** Server validation texts (badRequest's message) that the form translates. */
export const SERVER_MESSAGES: Record<string, string> = {
  Required: 'integrations.validation.required',
  'Too Short!': 'integrations.validation.tooShort',
  'Too Long!': 'integrations.validation.tooLong',
}
