import type { ScheduleDay } from './types.ts'

/** A connection's business hours as the dialog edits them: one row per weekday, Monday first. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export interface HoursRow {
  weekdayEn: Weekday
  open: boolean
  startTime: string
  endTime: string
}

/** A new connection's week: Mon–Fri 08:00–18:00, Sat 08:00–12:00, Sun closed. */
const defaultHours = (day: Weekday): [string, string] | null =>
  day === 'sunday' ? null : ['08:00', day === 'saturday' ? '12:00' : '18:00']

const row = (weekdayEn: Weekday, hours: [string, string] | null): HoursRow =>
  hours
    ? { weekdayEn, open: true, startTime: hours[0], endTime: hours[1] }
    : { weekdayEn, open: false, startTime: '', endTime: '' }

/**
 * The rows for stored schedules. Nothing stored gives the default week; a stored day with no times
 * (or 00:00–00:00, the settings screen's way of saying closed) is closed.
 */
export function hoursRows(stored: ScheduleDay[] | undefined): HoursRow[] {
  if (!stored?.length) return WEEKDAYS.map((d) => row(d, defaultHours(d)))
  return WEEKDAYS.map((d) => {
    const s = stored.find((x) => x.weekdayEn?.toLowerCase() === d)
    if (!s) return row(d, defaultHours(d))
    const start = s.startTime ?? ''
    const end = s.endTime ?? ''
    const closed = !start || !end || (start === '00:00' && end === '00:00')
    return closed
      ? { weekdayEn: d, open: false, startTime: '', endTime: '' }
      : { weekdayEn: d, open: true, startTime: start, endTime: end }
  })
}

/** The ##:## mask: digits only, a colon after the hour. */
export function maskTime(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}:${d.slice(2)}` : d
}

/** HH:MM from 00:00 to 23:59. */
export const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value)

/** An i18n key per bad time of an open day, keyed `<index>.startTime` / `<index>.endTime`. */
export function hoursErrors(rows: HoursRow[]): Record<string, string> {
  const out: Record<string, string> = {}
  rows.forEach((r, i) => {
    if (!r.open) return
    if (!isTime(r.startTime)) out[`${i}.startTime`] = 'connections.validation.time'
    if (!isTime(r.endTime)) out[`${i}.endTime`] = 'connections.validation.time'
  })
  return out
}

/** The API's schedules: every weekday, a closed one with empty times; `weekday` is its name in the UI language. */
export function toSchedules(rows: HoursRow[], weekdayName: (d: Weekday) => string): Required<ScheduleDay>[] {
  return rows.map((r) => ({
    weekday: weekdayName(r.weekdayEn),
    weekdayEn: r.weekdayEn,
    startTime: r.open ? r.startTime : '',
    endTime: r.open ? r.endTime : '',
  }))
}
