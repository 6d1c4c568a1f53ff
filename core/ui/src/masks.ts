/** Input masks (core.md §5): CNPJ 00.000.000/0000-00 and phone +55 (47) 99999-9999. */
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

export const formatCnpj = (value: string) => applyPattern(value.slice(0, 18), '00.000.000/0000-00')

export function formatPhone(value: string): string {
  const d = digits(value).slice(0, 13)
  if (d.length <= 12) return applyPattern(d, '+00 (00) 0000-0000').replace(/[-\s(]+$/, '')
  return applyPattern(d, '+00 (00) 00000-0000')
}

export type MaskKind = 'cnpj' | 'phone'
export const MASKS: Record<MaskKind, { format: (v: string) => string; maxLength: number }> = {
  cnpj: { format: formatCnpj, maxLength: 18 },
  phone: { format: formatPhone, maxLength: 19 },
}
