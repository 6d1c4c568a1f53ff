import { AppError, ErrorCodes } from './errors.ts'

/** 8+ characters with an uppercase letter, a lowercase letter, a digit and a special character (max 50). */
export const PASSWORD_POLICY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,50}$/

export const ERR_WEAK_PASSWORD = 'ERR_WEAK_PASSWORD'

/** Throws a 400 naming the field when the password breaks the policy. */
export function assertPasswordPolicy(password: string, field = 'password') {
  if (password.length < 8)
    throw new AppError(ERR_WEAK_PASSWORD, 400, 'Password too short - minimum 8 characters!', { field })
  if (!PASSWORD_POLICY.test(password)) {
    throw new AppError(
      ERR_WEAK_PASSWORD,
      400,
      'Password must contain at least 8 characters, including uppercase, lowercase, number and special character.',
      { field },
    )
  }
}

/** Digits only (CNPJ, phone). */
export const onlyDigits = (s: string) => s.replace(/\D/g, '')

/** CNPJ: 14 digits after stripping the mask. */
export function normaliseCnpj(raw: string, field = 'cnpj'): string {
  const digits = onlyDigits(raw ?? '')
  if (digits.length !== 14) throw new AppError(ErrorCodes.VALIDATION, 400, 'CNPJ must have 14 digits', { field })
  return digits
}

/**
 * The columns a write may set, picked by name from validated input (undefined left out): a request
 * body is never spread into a write, so a field added to a schema later reaches the database only
 * when its plugin lists it here too.
 */
export function pickDefined<T extends object, K extends keyof T>(input: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {}
  for (const k of keys) if (input[k] !== undefined) out[k] = input[k]
  return out
}

// ISO 8601 date and time: year, month, day, hour, minute, [second, [fraction]], [offset].
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/
/** Years an answer's ISO string and the database both hold. */
const MIN_YEAR = 1
const MAX_YEAR = 9999

export interface DateTimeRules {
  /** Accept a time without an offset, read in the server's time zone (forms that send `YYYY-MM-DDTHH:mm`). */
  localTime?: boolean
  /** The 400's message (default: "<field> must be an ISO 8601 date and time"). */
  message?: string
}

/** Minutes east of UTC of an ISO offset (Z, ±HH, ±HHMM, ±HH:MM); NaN when out of range. */
function offsetMinutes(offset: string): number {
  const o = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset)
  if (!o) return 0 // Z
  const [h, m] = [Number(o[2]), Number(o[3] ?? 0)]
  return h > 23 || m > 59 ? NaN : (o[1] === '-' ? -1 : 1) * (h * 60 + m)
}

/**
 * A date-time from a request as a Date, or a 400 ERR_VALIDATION naming the field. Strict where
 * `new Date(text)` is lenient: only ISO 8601 ("5", "2026" or "Tue, 01 Dec 2026" are refused), a
 * real calendar day and time (30 February is not rolled into March, 24:00 into the next day), and
 * years 0001–9999: a larger one would otherwise reach the database and fail there as a 500.
 * Takes `unknown` on purpose: a schema's coercion may still hand over something that is not text.
 */
export function parseDateTime(raw: unknown, field: string, rules: DateTimeRules = {}): Date {
  const bad = () =>
    new AppError(ErrorCodes.VALIDATION, 400, rules.message ?? `${field} must be an ISO 8601 date and time`, { field })
  const m = typeof raw === 'string' ? ISO_DATE_TIME.exec(raw.trim()) : null
  if (!m || (!m[8] && !rules.localTime)) throw bad()
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0))
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3))
  // Built field by field (Date.UTC would read years below 100 as 19xx), then read back: a day the
  // month lacks or an hour past 23 comes back changed.
  const d = new Date(0)
  d.setUTCFullYear(year, month - 1, day)
  d.setUTCHours(hour, minute, second, ms)
  const real = d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
  if (!real || d.getUTCHours() !== hour || d.getUTCMinutes() !== minute || d.getUTCSeconds() !== second) throw bad()
  let at = d.getTime() - offsetMinutes(m[8] ?? 'Z') * 60_000
  if (!m[8]) {
    // No offset: the wall-clock time in the server's time zone, as Date.parse reads it.
    const local = new Date(0)
    local.setFullYear(year, month - 1, day)
    local.setHours(hour, minute, second, ms)
    at = local.getTime()
  }
  const date = new Date(at)
  const utcYear = date.getUTCFullYear()
  if (Number.isNaN(at) || utcYear < MIN_YEAR || utcYear > MAX_YEAR) throw bad()
  return date
}

/** The same, where null, an absent value or "" (a cleared form field) means no date: null. */
export function parseOptionalDateTime(raw: unknown, field: string, rules: DateTimeRules = {}): Date | null {
  if (raw == null || (typeof raw === 'string' && !raw.trim())) return null
  return parseDateTime(raw, field, rules)
}
