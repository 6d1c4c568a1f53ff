import { companyTimeZone } from './template.ts'
import { wallClock } from './wall-clock.ts'

/**
 * The company's wall clock (companyTimeZone, TZ or America/Sao_Paulo): the local day and minute of
 * an instant, and the instant a local day starts. Days are 'YYYY-MM-DD'.
 */
export function localClock(at: Date, timeZone = companyTimeZone()) {
  const c = wallClock(at, timeZone)
  return { day: `${c.year}-${c.month}-${c.day}`, minute: Number(c.hour) * 60 + Number(c.minute) }
}

/** The instant local midnight of `day` falls on (offsets found twice, so a DST change is right). */
export function startOfLocalDay(day: string, timeZone = companyTimeZone()): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`)
  const offsetAt = (ms: number) => {
    const c = wallClock(ms, timeZone)
    const n = (v: string) => Number(v)
    return Date.UTC(n(c.year), n(c.month) - 1, n(c.day), n(c.hour), n(c.minute), n(c.second)) - ms
  }
  const guess = utcMidnight - offsetAt(utcMidnight)
  return new Date(utcMidnight - offsetAt(guess))
}

/** The day after `day`. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
