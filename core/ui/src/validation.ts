import { digits } from './masks.ts'

/**
 * Form rules shared by the shell and the modules. Each returns
 * null when the value is fine, else a Problem: an i18n key of the shell's `validation` namespace
 * (or a module's), with the values its words need — a length rule names its limit ("Muito longo!
 * (máximo 50 caracteres)"). `say(t, problem)` turns it into text. Exported as `rules`.
 *
 * One rule for lengths (issue 35): a box's maxLength is the server's limit, the message names the
 * limit, an empty required field says "Obrigatório" (never "Muito curto!"), and nothing is cut
 * silently (see guardCuts).
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** At least 8 characters with a lowercase and an uppercase letter, a digit and a special character. */
export const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/

/** An i18n key, or a key with its interpolation values. */
export type Problem = string | { key: string; values: Record<string, number | string> }
export type Rule = (value: string) => Problem | null

/** The text of a problem (null and undefined stay null), with any `t` of i18next. */
export function say(
  t: (key: string, values?: Record<string, unknown>) => string,
  problem: Problem | null | undefined,
): string | null {
  if (!problem) return null
  return typeof problem === 'string' ? t(problem) : t(problem.key, problem.values)
}

/** The words of every field's problem (fields without one left out), for a form's error state. */
export function sayAll<K extends string>(
  t: (key: string, values?: Record<string, unknown>) => string,
  problems: Partial<Record<K, Problem | null | undefined>>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {}
  for (const [field, problem] of Object.entries(problems) as [K, Problem | null | undefined][]) {
    const text = say(t, problem)
    if (text) out[field] = text
  }
  return out
}

export const tooShort = (min: number): Problem => ({ key: 'validation.tooShort', values: { min } })
export const tooLong = (max: number): Problem => ({ key: 'validation.tooLong', values: { max } })

/** The limit a server's ERR_VALIDATION answer names (its `min` / `max`), as a Problem; null when it names none. */
export function limitOf(data: Record<string, unknown> | undefined): Problem | null {
  if (typeof data?.max === 'number') return tooLong(data.max)
  if (typeof data?.min === 'number') return tooShort(data.min)
  return null
}

export const required: Rule = (v) => (v.trim() ? null : 'validation.required')
export const email: Rule = (v) => required(v) ?? (EMAIL_RE.test(v.trim()) ? null : 'validation.email')
/** 14 digits, however it is masked ('incomplete' otherwise). */
export const cnpj: Rule = (v) => required(v) ?? (digits(v).length === 14 ? null : 'validation.incomplete')
export const password: Rule = (v) => required(v) ?? (PASSWORD_RE.test(v) ? null : 'validation.passwordPolicy')
/** Required ("Obrigatório" when empty), then between min and max characters once trimmed, naming the limit. */
export const length =
  (min: number, max: number): Rule =>
  (v) =>
    required(v) ?? (v.trim().length < min ? tooShort(min) : v.trim().length > max ? tooLong(max) : null)
/** Optional text of at most max characters (as written: the server keeps it untrimmed). */
export const maxLength =
  (max: number): Rule =>
  (v) =>
    v.length > max ? tooLong(max) : null

/** The first problem a list of rules finds (null when all pass). */
export const all =
  (...list: Rule[]): Rule =>
  (v) => {
    for (const r of list) {
      const e = r(v)
      if (e) return e
    }
    return null
  }

export type Errors<T> = Partial<Record<keyof T, Problem | null>>
export const hasErrors = (e: Errors<object>) => Object.values(e).some(Boolean)
