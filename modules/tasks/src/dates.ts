/** Dates on this screen: the fixed dd/mm/yyyy of the spec, in the browser's time zone. */
const pad = (n: number) => String(n).padStart(2, '0')

/** dd/mm/yyyy */
export const formatDay = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`
/** dd/mm/yyyy HH:mm */
export const formatDateTime = (iso: string) => {
  const d = new Date(iso)
  return `${formatDay(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
/** The local day a task falls on (yyyy-mm-dd), or null without a date: the list's groups. */
export const dayKey = (iso: string | null) => {
  if (!iso) return null
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}
/** An ISO date-time as a datetime-local value (local time, minutes). */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return `${dayKey(iso)}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
/** A datetime-local value as the ISO date-time the API takes (null when empty or unreadable). */
export const fromLocalInput = (value: string) => {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
