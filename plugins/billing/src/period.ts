/** Months a payment covers. */
export const RECURRENCE_MONTHS: Record<string, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
}
export const monthsOf = (recurrence: string) => RECURRENCE_MONTHS[recurrence] ?? 1

/** A YYYY-MM-DD date plus calendar months, clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonthsToDate(ymd: string, months: number): string {
  const [y, m, d] = ymd.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, last))
  return first.toISOString().slice(0, 10)
}

/** DD/MM/YYYY, as the screens show dates. */
export const brDate = (ymd: string) => ymd.split('-').reverse().join('/')

export const today = (now = new Date()) => now.toISOString().slice(0, 10)
