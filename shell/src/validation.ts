import { digits } from '@atende/ui'

/** Validation rules shared by the public forms (core.md §5, administration.md §5). Return i18n keys. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/

export const required = (v: string) => (v.trim() ? null : 'validation.required')
export const email = (v: string) => required(v) ?? (EMAIL_RE.test(v.trim()) ? null : 'validation.email')
export const cnpj = (v: string) => required(v) ?? (digits(v).length === 14 ? null : 'validation.incomplete')
export const password = (v: string) => required(v) ?? (PASSWORD_RE.test(v) ? null : 'validation.passwordPolicy')
export const length = (min: number, max: number) => (v: string) =>
  required(v) ?? (v.trim().length < min ? 'validation.tooShort' : v.trim().length > max ? 'validation.tooLong' : null)

export type Errors<T> = Partial<Record<keyof T, string | null>>
export const hasErrors = (e: Errors<object>) => Object.values(e).some(Boolean)
