/**
 * The client's one error type and the mapping from server codes to i18n keys / messages.
 * The server always answers `{ error: 'ERR_…', message, statusCode, field? }` (plus extra data
 * for a few codes, e.g. the owner of an already open ticket); transport failures get codes of
 * their own so callers never have to inspect a raw fetch exception.
 */
export class ApiError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    /** HTTP status; 0 when no response arrived (network, timeout, abort). */
    public readonly status: number,
    public readonly field?: string,
    /** The whole error body the server sent, for codes that carry more than a message. */
    public readonly data?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const ClientErrorCodes = {
  NETWORK: 'ERR_NETWORK',
  TIMEOUT: 'ERR_TIMEOUT',
  ABORTED: 'ERR_ABORTED',
  INTERNAL: 'ERR_INTERNAL_SERVER_ERROR',
  SESSION_EXPIRED: 'ERR_SESSION_EXPIRED',
  SESSION_REPLACED: 'ERR_SESSION_REPLACED',
  PLAN_EXPIRED: 'PLAN_EXPIRED',
  PLAN_FEATURE_DISABLED: 'ERR_PLAN_FEATURE_DISABLED',
  NO_PERMISSION: 'ERR_NO_PERMISSION',
  COMPANY_DISABLED: 'ERR_COMPANY_DISABLED',
  INVALID_CREDENTIALS: 'ERR_INVALID_CREDENTIALS',
} as const

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError
export const isAbortError = (e: unknown) => isApiError(e) && e.code === ClientErrorCodes.ABORTED

/** Builds an ApiError from a non-2xx response body (already parsed, or null when it was not JSON). */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    const b = body as { error: string; message?: unknown; field?: unknown }
    const message = typeof b.message === 'string' && b.message ? b.message : b.error
    const field = typeof b.field === 'string' ? b.field : undefined
    return new ApiError(b.error, message, status, field, body as Record<string, unknown>)
  }
  // Not our JSON: a proxy page, an HTML 502, an empty body. The status is all we have.
  const code =
    status === 401
      ? ClientErrorCodes.SESSION_EXPIRED
      : status === 403
        ? ClientErrorCodes.NO_PERMISSION
        : ClientErrorCodes.INTERNAL
  return new ApiError(code, `HTTP ${status}`, status)
}

/** i18n key of an error code; the translations live in the shell's `errors` namespace. */
export const errorMessageKey = (code: string) => `errors.${code}`

/** A translation function as i18next's `t`; `exists` tells whether a key is known. */
export interface Translator {
  (key: string, options?: Record<string, unknown>): string
}
export interface TranslateOptions {
  exists?: (key: string) => boolean
}

/**
 * The text a toast shows for an error: the translation of its code when the catalogue has one,
 * otherwise the server's own message.
 */
export function errorMessage(error: unknown, t?: Translator, opts: TranslateOptions = {}): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error)
  if (t) {
    const key = errorMessageKey(error.code)
    const known = opts.exists ? opts.exists(key) : t(key) !== key
    if (known) return t(key)
  }
  return error.message
}

/** Default (pt) texts of the login screen's errors; the shell may translate the keys. */
export const LOGIN_MESSAGES = {
  'login.errors.planExpired': 'Opss! Sua assinatura venceu. Entre em contato com o Suporte para mais informações!',
  'login.errors.companyNotFound': 'Empresa não encontrada para este CNPJ.',
  'login.errors.invalidCredentials': 'Usuário ou senha inválidos.',
  'login.errors.companyDisabled': 'Empresa desativada. Entre em contato com o Suporte.',
  'login.errors.serverMessage': '',
  'login.errors.network': 'Não foi possível conectar ao servidor. Tente novamente.',
} as const
export type LoginMessageKey = keyof typeof LOGIN_MESSAGES

export interface LoginErrorView {
  key: LoginMessageKey
  /** The text to show when the key has no translation. */
  message: string
  /** PLAN_EXPIRED is shown as an alert (modal) rather than a toast. */
  alert: boolean
}

/** Maps a failed `POST /auth/login` to what the login screen shows. */
export function loginError(error: unknown): LoginErrorView {
  const view = (key: LoginMessageKey, message: string = LOGIN_MESSAGES[key], alert = false): LoginErrorView => ({
    key,
    message,
    alert,
  })
  if (!isApiError(error)) return view('login.errors.network')
  if (error.code === ClientErrorCodes.PLAN_EXPIRED) return view('login.errors.planExpired', undefined, true)
  if (error.status === 0) return view('login.errors.network')
  switch (error.status) {
    case 404:
      return view('login.errors.serverMessage', error.message)
    case 412:
      return view('login.errors.companyNotFound')
    case 401:
      return view('login.errors.invalidCredentials')
    case 403:
      return error.code === ClientErrorCodes.COMPANY_DISABLED
        ? view('login.errors.companyDisabled')
        : view('login.errors.invalidCredentials')
    default:
      return view('login.errors.serverMessage', error.message)
  }
}
