import { companyTimeZone } from './template.ts'

/**
 * The company's wall clock (companyTimeZone, TZ or America/Sao_Paulo): the local day and minute of
 * an instant, and the instant a local day starts. Days are 'YYYY-MM-DD'.
 */
export function localClock(at: Date, timeZone = companyTimeZone()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const get = (t: string) => parts.find((p) => p.type === t)!.value
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    minute: Number(get('hour')) * 60 + Number(get('minute')),
  }
}

/** The instant local midnight of `day` falls on (offsets found twice, so a DST change is right). */
export function startOfLocalDay(day: string, timeZone = companyTimeZone()): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`)
  const offsetAt = (ms: number) => {
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(ms)
    const get = (t: string) => Number(local.find((p) => p.type === t)!.value)
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms
  }
  const guess = utcMidnight - offsetAt(utcMidnight)
  return new Date(utcMidnight - offsetAt(guess))
}

/** The day after `day`. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
