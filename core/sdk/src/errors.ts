/**
 * Marks an application error across copies of this package: a plugin installed with its own copy of
 * @atende/sdk throws an AppError of another class, which `instanceof` would not recognise (a 500).
 * Symbol.for is one registry per process, so every copy sets and reads the same symbol.
 */
export const APP_ERROR_BRAND: unique symbol = Symbol.for('atende.AppError') as never

/**
 * One error type for every failure the API reports. The code is the contract with the client
 * (it translates known codes); the message is a fallback for humans and logs.
 */
export class AppError extends Error {
  readonly [APP_ERROR_BRAND] = true
  constructor(
    public readonly code: string,
    public readonly statusCode = 400,
    message?: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code)
    this.name = 'AppError'
  }
}

/**
 * Is this an application error, whatever copy of the SDK made it? Recognised by its brand, or by its
 * shape (name 'AppError', a string code, an HTTP status) for copies older than the brand.
 * Use this instead of `instanceof AppError` everywhere an error's code decides the answer.
 */
export function isAppError(err: unknown): err is AppError {
  if (typeof err !== 'object' || err === null) return false
  const e = err as Partial<AppError> & { [APP_ERROR_BRAND]?: unknown }
  const shaped =
    typeof e.code === 'string' &&
    typeof e.statusCode === 'number' &&
    Number.isInteger(e.statusCode) &&
    e.statusCode >= 400 &&
    e.statusCode <= 599
  return shaped && (e[APP_ERROR_BRAND] === true || e.name === 'AppError')
}

/** The error codes of the spec's catalogue plus the platform's own. */
export const ErrorCodes = {
  VALIDATION: 'ERR_VALIDATION',
  NOT_FOUND: 'ERR_NOT_FOUND',
  INTERNAL: 'ERR_INTERNAL_SERVER_ERROR',
  SESSION_EXPIRED: 'ERR_SESSION_EXPIRED',
  NO_PERMISSION: 'ERR_NO_PERMISSION',
  PLAN_FEATURE_DISABLED: 'ERR_PLAN_FEATURE_DISABLED',
  INVALID_CREDENTIALS: 'ERR_INVALID_CREDENTIALS',
  COMPANY_DISABLED: 'ERR_COMPANY_DISABLED',
  COMPANY_NOT_FOUND: 'ERR_COMPANY_NOT_FOUND',
  PLAN_EXPIRED: 'PLAN_EXPIRED',
  USER_CREATION_DISABLED: 'ERR_USER_CREATION_DISABLED',
  CANNOT_DELETE_SUPER_ADMIN: 'ERR_CANNOT_DELETE_SUPER_ADMIN',
  NO_USER_FOUND: 'ERR_NO_USER_FOUND',
  NO_SETTING_FOUND: 'ERR_NO_SETTING_FOUND',
  PLAN_LIMIT: 'ERR_PLAN_LIMIT_REACHED',
  CONFLICT: 'ERR_CONFLICT',
  RATE_LIMITED: 'ERR_TOO_MANY_REQUESTS',
} as const

export const notFound = (code: string = ErrorCodes.NOT_FOUND, message?: string) => new AppError(code, 404, message)
export const forbidden = (code: string = ErrorCodes.NO_PERMISSION, message?: string) => new AppError(code, 403, message)
export const conflict = (code: string, message?: string, details?: Record<string, unknown>) =>
  new AppError(code, 409, message, details)
export const badRequest = (field: string, message: string, code: string = ErrorCodes.VALIDATION) =>
  new AppError(code, 400, message, { field })
/** A text over its limit: the answer names the limit (`max`), as a schema's maxLength does. */
export const tooLong = (field: string, max: number) =>
  new AppError(ErrorCodes.VALIDATION, 400, `${field} is too long (at most ${max} characters)`, {
    field,
    extra: { max },
  })
/** A text under its least length: the answer names it (`min`). */
export const tooShort = (field: string, min: number) =>
  new AppError(ErrorCodes.VALIDATION, 400, `${field} is too short (at least ${min} characters)`, {
    field,
    extra: { min },
  })
