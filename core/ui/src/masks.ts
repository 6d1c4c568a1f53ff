/** Input masks: CNPJ 00.000.000/0000-00 and phone +55 (47) 99999-9999. */
export const digits = (value: string) => value.replace(/\D/g, '')

function applyPattern(value: string, pattern: string): string {
  const d = digits(value)
  let out = ''
  let i = 0
  for (const ch of pattern) {
    if (i >= d.length) break
    if (ch === '0') out += d[i++]
    else out += ch
  }
  return out
}

/** The pattern takes at most 14 digits; extra ones (a paste with more) are dropped. */
export const formatCnpj = (value: string) => applyPattern(value, '00.000.000/0000-00')

/**
 * Country code, area code and number: 12 digits as a landline (+55 (47) 3333-4444), 13 as a mobile
 * (+55 (47) 99999-9999); more are dropped. A separator is only written before a digit that follows
 * it, so deleting backwards never gets stuck on a ' (' or '-'.
 */
export function formatPhone(value: string): string {
  const d = digits(value).slice(0, 13)
  return applyPattern(d, d.length <= 12 ? '+00 (00) 0000-0000' : '+00 (00) 00000-0000')
}

/**
 * A stored number for reading (not an input mask): the Brazilian shapes above when it has 12 or 13
 * digits, else every digit after a '+' — a longer number (another country, the simulator's
 * 5511999990000N) never loses a digit.
 */
export function displayPhone(value: string): string {
  const d = digits(value)
  if (d.length === 12 || d.length === 13) return formatPhone(d)
  return d ? `+${d}` : ''
}

export type MaskKind = 'cnpj' | 'phone'
export const MASKS: Record<MaskKind, { format: (v: string) => string; maxLength: number }> = {
  cnpj: { format: formatCnpj, maxLength: 18 },
  phone: { format: formatPhone, maxLength: 19 },
}
