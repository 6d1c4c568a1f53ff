/** The form's date fields: datetime-local values (YYYY-MM-DDTHH:mm) in the browser's time zone. */
const pad = (n: number) => String(n).padStart(2, '0')
export const toLocalInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`

/** A datetime-local value as an instant, or null when it is not one ('Data inválida'). */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

const HOUR = 3600_000
/**
 * The form's defaults (sendAt defaults to one hour before the chosen time, or before now): the
 * chosen time is a clicked slot, else one hour ahead; sendAt is one hour before it while
 * that is still ahead, else the chosen time itself while that is ahead, else one hour from now. So a
 * new form never defaults to sending at once.
 */
export function defaultDates(chosen: Date | null, now = new Date()) {
  const scheduleDate = chosen ?? new Date(now.getTime() + HOUR)
  const before = scheduleDate.getTime() - HOUR
  const send =
    before > now.getTime()
      ? before
      : scheduleDate.getTime() > now.getTime()
        ? scheduleDate.getTime()
        : now.getTime() + HOUR
  return { scheduleDate: toLocalInput(scheduleDate), sendAt: toLocalInput(new Date(send)) }
}

/** The date filter: all, today, this week (from Sunday), this month, as [from, to). */
export type DateFilter = 'all' | 'today' | 'week' | 'month'
export function rangeOf(filter: DateFilter, now = new Date()): { from: Date; to: Date } | null {
  if (filter === 'all') return null
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  if (filter === 'today') return { from, to: new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1) }
  if (filter === 'week') {
    from.setDate(from.getDate() - from.getDay())
    return { from, to: new Date(from.getFullYear(), from.getMonth(), from.getDate() + 7) }
  }
  const first = new Date(now.getFullYear(), now.getMonth(), 1)
  return { from: first, to: new Date(now.getFullYear(), now.getMonth() + 1, 1) }
}

/** Calendar constants: events last 30 minutes; step 30 min; the day from 06:00 to 23:59. */
export const EVENT_MINUTES = 30
export const STEP_MINUTES = 30
export const dayMin = () => new Date(1970, 0, 1, 6, 0)
export const dayMax = () => new Date(1970, 0, 1, 23, 59)
