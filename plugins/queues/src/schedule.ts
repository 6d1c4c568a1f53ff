/**
 * Business hours: one function answers "is it open now?" for a queue's or a company's weekly
 * schedule, in a time zone. Pure: the caller passes the clock.
 */
import { wallClock } from '@atende/sdk'
export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type WeekdayEn = (typeof WEEKDAYS_EN)[number]
export interface ScheduleRow {
  weekday: string
  weekdayEn: WeekdayEn
  startTime: string
  endTime: string
}

/** The default weekly hours of a new queue: Sunday 00:00–00:00 is closed. */
export const DEFAULT_SCHEDULES: ScheduleRow[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
]

const minutes = (hhmm: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/** Weekday and minute of the day of `now` as a clock in `timeZone` shows them. */
export function localTime(now: Date, timeZone: string): { day: WeekdayEn; minute: number } {
  const c = wallClock(now, timeZone)
  return { day: c.weekday.toLowerCase() as WeekdayEn, minute: Number(c.hour) * 60 + Number(c.minute) }
}

/**
 * Open at `now`? A day without a row, with an empty time or with start = end is closed. A range
 * whose end is before its start runs past midnight: Friday 22:00–02:00 is open Saturday at 01:00.
 * The end minute itself is closed (08:00–18:00 closes at 18:00).
 */
export function isOpenAt(schedules: ScheduleRow[], now: Date, timeZone: string): boolean {
  const { day, minute } = localTime(now, timeZone)
  const range = (d: WeekdayEn) => {
    const row = schedules.find((s) => s.weekdayEn === d)
    const start = row ? minutes(row.startTime) : null
    const end = row ? minutes(row.endTime) : null
    return start === null || end === null || start === end ? null : { start, end }
  }
  const today = range(day)
  if (today) {
    if (today.start < today.end && minute >= today.start && minute < today.end) return true
    if (today.start > today.end && minute >= today.start) return true
  }
  const yesterday = range(WEEKDAYS_EN[(WEEKDAYS_EN.indexOf(day) + 6) % 7])
  return !!yesterday && yesterday.start > yesterday.end && minute < yesterday.end
}
