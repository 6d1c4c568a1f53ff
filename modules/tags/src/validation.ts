import { rules, type Problem } from '@atende/ui'

/**
 * The tag form's rules (name required 'Obrigatório', at least 3 characters
 * 'Mensagem muito curta'), as Problems naming the limit (`say(t, problem)`). The server checks the same
 * (plugins/tags/src/service.ts); these only answer sooner.
 */
export const NAME_MIN = 3
export const NAME_MAX = 50
export const COLOR_RE = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/** The spec's words for a short name, with the limit. */
export const tooShort: Problem = { key: 'tags.validation.tooShort', values: { min: NAME_MIN } }

export function nameError(v: string): Problem | null {
  const n = v.trim().replace(/\s+/g, ' ')
  if (!n) return 'tags.validation.required'
  if (n.length < NAME_MIN) return tooShort
  return rules.maxLength(NAME_MAX)(n)
}

export const colorError = (v: string): string | null => (COLOR_RE.test(v.trim()) ? null : 'tags.validation.color')

/** The server's order (lower-case name) and search (part of the name), for live changes. */
export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id
export const matchesSearch = (tag: { name: string }, search: string) =>
  !search.trim() || tag.name.toLowerCase().includes(search.trim().toLowerCase())

/** Black or white text, whichever reads better on the tag's colour (relative luminance, WCAG). */
export function textOn(color: string): '#000000' | '#ffffff' {
  const m = COLOR_RE.exec(color.trim())
  if (!m) return '#ffffff'
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!.slice(0, 6)
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000'
}
