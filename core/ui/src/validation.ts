import { digits } from './masks.ts'

/**
 * Form rules shared by the shell and the modules (core.md §5, administration.md §5). Each returns
 * null when the value is fine, else an i18n key of the shell's `validation` namespace, so every
 * module shows the same words. Exported from the package as `rules`.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** At least 8 characters with a lowercase and an uppercase letter, a digit and a special character. */
export const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/

export type Rule = (value: string) => string | null

export const required: Rule = (v) => (v.trim() ? null : 'validation.required')
export const email: Rule = (v) => required(v) ?? (EMAIL_RE.test(v.trim()) ? null : 'validation.email')
/** 14 digits, however it is masked ('incomplete' otherwise, core.md §5). */
export const cnpj: Rule = (v) => required(v) ?? (digits(v).length === 14 ? null : 'validation.incomplete')
export const password: Rule = (v) => required(v) ?? (PASSWORD_RE.test(v) ? null : 'validation.passwordPolicy')
/** Required, and between min and max characters once trimmed ('Too Short!' / 'Too Long!'). */
export const length =
  (min: number, max: number): Rule =>
  (v) =>
    required(v) ?? (v.trim().length < min ? 'validation.tooShort' : v.trim().length > max ? 'validation.tooLong' : null)

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

export type Errors<T> = Partial<Record<keyof T, string | null>>
export const hasErrors = (e: Errors<object>) => Object.values(e).some(Boolean)
