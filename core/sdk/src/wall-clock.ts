const formatters = new Map<string, Intl.DateTimeFormat>()

export interface WallClock {
  year: string
  /** 01–12 */
  month: string
  day: string
  /** 00–23 */
  hour: string
  minute: string
  second: string
  /** Sunday … Saturday */
  weekday: string
}

/**
 * An instant's fields on a clock in `timeZone`. One formatter per zone, kept: building an
 * Intl.DateTimeFormat costs far more than formatting with it, and message templates, business
 * hours and the dashboard ask on every message. An unknown zone throws RangeError, as Intl does.
 */
export function wallClock(at: Date | number, timeZone: string): WallClock {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  const out: WallClock = { year: '', month: '', day: '', hour: '', minute: '', second: '', weekday: '' }
  for (const p of f.formatToParts(at)) if (p.type in out) out[p.type as keyof WallClock] = p.value
  return out
}
