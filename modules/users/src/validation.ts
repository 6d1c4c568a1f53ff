import { rules, type Problem } from '@atende/ui'

/**
 * The user form's rules, as Problems (`say(t, problem)`): keys under
 * `users.validation`, and the kit's length words naming the limit.
 * The server checks the same rules (plugins/users/src/validate.ts); these only answer sooner.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/
export const NAME_MIN = 2
export const NAME_MAX = 50
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 50
export const EMAIL_MAX = 200
/** Largest picture file accepted (its base64 data URL stays under the server's 1.5 MB). */
export const MAX_PICTURE_BYTES = 1024 * 1024

export function nameError(v: string): Problem | null {
  return v.trim() ? rules.length(NAME_MIN, NAME_MAX)(v) : 'users.validation.required'
}

export function emailError(v: string): Problem | null {
  const e = v.trim()
  if (!e) return 'users.validation.required'
  if (e.length > EMAIL_MAX) return rules.tooLong(EMAIL_MAX)
  return EMAIL_RE.test(e) ? null : 'users.validation.email'
}

/** Required only when creating; when editing an empty password keeps the current one. */
export function passwordError(v: string, creating: boolean): Problem | null {
  if (!v) return creating ? 'users.validation.required' : null
  if (v.length < PASSWORD_MIN) return 'users.validation.passwordShort'
  if (v.length > PASSWORD_MAX) return rules.tooLong(PASSWORD_MAX)
  return PASSWORD_RE.test(v) ? null : 'users.validation.passwordPolicy'
}

export interface UserFormValues {
  name: string
  email: string
  password: string
  profile: 'admin' | 'user'
  allTicket: 'enabled' | 'disabled'
  queueIds: number[]
  whatsappId: number | null
  profilePicture: string | null
}

export type FormErrors = Partial<Record<keyof UserFormValues, Problem | null>>

export function validateUser(v: UserFormValues, creating: boolean): FormErrors {
  return { name: nameError(v.name), email: emailError(v.email), password: passwordError(v.password, creating) }
}

export const hasErrors = (e: FormErrors) => Object.values(e).some(Boolean)

/** Case-insensitive name/email match, as the server's search (for users arriving over the socket). */
export function matchesSearch(user: { name: string; email: string }, search: string): boolean {
  const q = search.trim().toLowerCase()
  return !q || user.name.toLowerCase().includes(q) || user.email.toLowerCase().includes(q)
}
