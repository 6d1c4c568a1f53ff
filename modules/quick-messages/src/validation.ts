import { rules, type Problem } from '@atende/ui'

/**
 * The quick-message form's rules (shortcode required, 'Obrigatório'), as
 * Problems (`say(t, problem)`); a length names its limit. The server checks the same
 * (plugins/quick-messages/src/service.ts); these only answer sooner.
 */
export const SHORTCODE_MAX = 100
export const MESSAGE_MAX = 10_000

/** As the server keeps it: trimmed, without the leading "/". */
export const cleanShortcode = (v: string) => v.trim().replace(/^\/+/, '').trim()

export function shortcodeError(v: string): Problem | null {
  const s = cleanShortcode(v)
  if (!s) return 'quickMessages.validation.required'
  return rules.maxLength(SHORTCODE_MAX)(s)
}

export const messageError: rules.Rule = rules.maxLength(MESSAGE_MAX)

/** The server's order (lower-case shortcode) and search (shortcode or message), for live changes. */
export const byShortcode = (a: { shortcode: string; id: number }, b: { shortcode: string; id: number }) =>
  a.shortcode.toLowerCase().localeCompare(b.shortcode.toLowerCase()) || a.id - b.id
export function matchesSearch(q: { shortcode: string; message: string }, search: string) {
  const s = search.trim().replace(/^\/+/, '').toLowerCase()
  return !s || q.shortcode.toLowerCase().includes(s) || q.message.toLowerCase().includes(s)
}
