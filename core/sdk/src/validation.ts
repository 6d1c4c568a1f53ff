import { AppError, ErrorCodes } from './errors.ts'

/** core.md §5: 8+ characters with an uppercase letter, a lowercase letter, a digit and a special character (max 50). */
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
