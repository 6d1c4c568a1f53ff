/** Minutes as the spec shows averages: "HH h mm m"; a dash when there is none. */
export function hoursMinutes(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return '—'
  const total = Math.round(minutes)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(total / 60))}h ${pad(total % 60)}m`
}

/** Today and the first of this month as date inputs read them (the browser's local day). */
export function localDay(d = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}
export const firstOfMonth = (d = new Date()) => `${localDay(d).slice(0, 8)}01`

/** 'YYYY-MM-DD' as dd/mm. */
export const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** The period options: none, or the last N days. */
export const PERIODS = [0, 3, 7, 15, 30, 60, 90] as const

export type Filter = { type: 'date'; from: string; to: string } | { type: 'period'; days: number }

/** The query strings of the three calls for a filter, or null when nothing is chosen (the spec's toast). */
export function queriesOf(f: Filter): { summary: string; charts: string } | null {
  if (f.type === 'period') {
    if (!f.days) return null
    const to = localDay()
    const from = localDay(new Date(Date.now() - (f.days - 1) * 86_400_000))
    return { summary: `days=${f.days}`, charts: `initialDate=${from}&finalDate=${to}` }
  }
  if (!f.from || !f.to) return null
  return { summary: `date_from=${f.from}&date_to=${f.to}`, charts: `initialDate=${f.from}&finalDate=${f.to}` }
}
