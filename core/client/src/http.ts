/**
 * The HTTP client every screen uses: fetch with a 10 s timeout, the bearer token of the stored
 * session, and the session rules — refresh an expired token before the first
 * request, refresh early under 300 s, retry a 401/403 once after a refresh, one refresh in flight
 * with every other request queued behind it, and end the session when refreshing is refused.
 */
import { ApiError, ClientErrorCodes, apiErrorFromBody } from './errors.ts'
import {
  createSession,
  tokenSecondsLeft,
  type LoginResult,
  type Session,
  type SessionUser,
  type StorageLike,
} from './session.ts'

export const HTTP_TIMEOUT_MS = 10_000
export const REFRESH_THRESHOLD_S = 300
export const AUTH_PATHS = {
  login: '/auth/login',
  refresh: '/auth/refresh_token',
  me: '/auth/me',
  logout: '/auth/logout',
} as const

/**
 * 401/403 codes that are answers, not session problems: refreshing would not change them, so the
 * request is neither refreshed nor retried. (Wrong credentials on a password check and an expired
 * plan are not session problems either.)
 */
export const NOT_SESSION_CODES: ReadonlySet<string> = new Set([
  ClientErrorCodes.PLAN_FEATURE_DISABLED,
  ClientErrorCodes.NO_PERMISSION,
  ClientErrorCodes.COMPANY_DISABLED,
  ClientErrorCodes.INVALID_CREDENTIALS,
  ClientErrorCodes.PLAN_EXPIRED,
])

export type SessionEndReason = 'expired' | 'replaced'

export interface ApiClientOptions {
  /** Where the API lives, e.g. '/api' or 'http://127.0.0.1:8080/api'. */
  baseUrl: string
  /** Local storage (default: window.localStorage). Ignored when `session` is given. */
  storage?: StorageLike
  /** Share one session object between the API client, the socket and the React layer. */
  session?: Session
  /** The session is over (refresh refused, no token): the shell goes to /login. */
  onSessionEnded?: (reason: SessionEndReason) => void
  now?: () => number
  fetch?: typeof fetch
  timeoutMs?: number
  /**
   * Runs before DELETE /auth/logout. The socket must close first: the server closes the sockets
   * of an ended session with 4002, which the client would otherwise read as 'replaced'.
   */
  beforeLogout?: () => void
  /** Locks shared by the page's tabs (default: the browser's navigator.locks, when it has them). */
  locks?: RefreshLocks | null
}

/** The part of the Web Locks API (navigator.locks) the client uses. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

/** Held by the tab whose refresh is on the wire. */
export const REFRESH_LOCK = 'atende:auth-refresh'

const browserLocks = (): RefreshLocks | null =>
  (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks ?? null

export type Params = Record<string, unknown>

export interface RequestOptions {
  params?: Params
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown
  signal?: AbortSignal
  /** false for login, sign-up and other public calls: no bearer token, no refresh. */
  auth?: boolean
  headers?: Record<string, string>
  timeoutMs?: number
  /** How to read a successful response (default json: parsed when it is JSON, text otherwise). */
  responseType?: 'json' | 'text' | 'blob'
}

export interface ApiClient {
  request<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<T>
  get<T = unknown>(path: string, opts?: RequestOptions): Promise<T>
  post<T = unknown>(path: string, opts?: RequestOptions): Promise<T>
  put<T = unknown>(path: string, opts?: RequestOptions): Promise<T>
  patch<T = unknown>(path: string, opts?: RequestOptions): Promise<T>
  delete<T = unknown>(path: string, opts?: RequestOptions): Promise<T>
  /** POST /auth/login and store the session. */
  login(credentials: { cnpj: string; email: string; password: string }): Promise<LoginResult>
  /** DELETE /auth/logout (best effort) and clear the stored session. */
  logout(): Promise<void>
  /**
   * The app's first load: refresh an expired (or nearly expired) token. Resolves to the user,
   * or null when there is no session or it could not be renewed.
   */
  restoreSession(): Promise<SessionUser | null>
  /** A token good for a while (refreshing when needed) or null when there is no session: for the socket. */
  getFreshToken(): Promise<string | null>
  /** Force a refresh (joins the one in flight). */
  refresh(): Promise<string>
  readonly session: Session
}

const isRawBody = (b: unknown) =>
  typeof b === 'string' ||
  (typeof FormData !== 'undefined' && b instanceof FormData) ||
  (typeof Blob !== 'undefined' && b instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && b instanceof URLSearchParams) ||
  b instanceof ArrayBuffer

function paramValue(v: unknown): string {
  if (v instanceof Date) return v.toISOString()
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** Joins base and path and appends params; arrays repeat the key (Fastify reads them back as arrays). */
export function buildUrl(baseUrl: string, path: string, params?: Params): string {
  let url = baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`)
  if (params) {
    const qs = new URLSearchParams()
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined || v === null) continue
      if (Array.isArray(v)) for (const item of v) qs.append(k, paramValue(item))
      else qs.append(k, paramValue(v))
    }
    const s = qs.toString()
    if (s) url += (url.includes('?') ? '&' : '?') + s
  }
  return url
}

async function readBody(res: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined
  if (res.ok && type === 'blob') return res.blob()
  const text = await res.text()
  if (res.ok && type === 'text') return text
  if (!text) return res.ok ? undefined : null
  const isJson = (res.headers.get('content-type') ?? '').includes('json')
  try {
    return JSON.parse(text)
  } catch {
    return isJson || !res.ok ? null : text
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const session = options.session ?? createSession(options.storage)
  const now = options.now ?? Date.now
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const defaultTimeout = options.timeoutMs ?? HTTP_TIMEOUT_MS
  const locks = options.locks === undefined ? browserLocks() : options.locks

  /** The one refresh in flight; every request that needs a token waits on it. */
  let refreshing: Promise<string> | null = null
  /** onSessionEnded fires once per session, however many queued requests see it end. */
  let endNotified = false
  session.subscribe(({ token }) => {
    if (token) endNotified = false
  })

  const sessionExpired = (message = 'Session expired, please log in') =>
    new ApiError(ClientErrorCodes.SESSION_EXPIRED, message, 401)

  function endSession() {
    session.clearSession()
    if (!endNotified) {
      endNotified = true
      options.onSessionEnded?.('expired')
    }
  }

  /**
   * A 401/403 the server meant as "your session is not good": refresh and retry.
   * A 403 counts only when it says so (ERR_SESSION_EXPIRED): every other 403 is a business answer
   * (cannot delete the super admin, plan limit …) that a new token would not change.
   */
  const isSessionError = (e: unknown): e is ApiError =>
    e instanceof ApiError &&
    !NOT_SESSION_CODES.has(e.code) &&
    (e.status === 401 || (e.status === 403 && e.code === ClientErrorCodes.SESSION_EXPIRED))

  async function send<T>(method: string, path: string, opts: RequestOptions, token?: string): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers }
    if (token) headers.Authorization = `Bearer ${token}`
    let body: BodyInit | undefined
    if (opts.body !== undefined) {
      if (isRawBody(opts.body)) body = opts.body as BodyInit
      else {
        body = JSON.stringify(opts.body)
        headers['Content-Type'] = 'application/json'
      }
    }
    if (opts.signal?.aborted) throw new ApiError(ClientErrorCodes.ABORTED, 'Request aborted', 0)
    const timeoutMs = opts.timeoutMs ?? defaultTimeout
    const ctrl = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      ctrl.abort()
    }, timeoutMs)
    const onAbort = () => ctrl.abort()
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const res = await fetchImpl(buildUrl(options.baseUrl, path, opts.params), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: ctrl.signal,
      })
      const parsed = await readBody(res, opts.responseType)
      if (!res.ok) throw apiErrorFromBody(res.status, parsed)
      return parsed as T
    } catch (e) {
      if (e instanceof ApiError) throw e
      if (timedOut) throw new ApiError(ClientErrorCodes.TIMEOUT, `No answer after ${timeoutMs} ms`, 0)
      if (opts.signal?.aborted) throw new ApiError(ClientErrorCodes.ABORTED, 'Request aborted', 0)
      throw new ApiError(ClientErrorCodes.NETWORK, e instanceof Error ? e.message : 'Network error', 0)
    } finally {
      clearTimeout(timer)
      opts.signal?.removeEventListener('abort', onAbort)
    }
  }

  /**
   * Tabs share the refresh cookie and the stored token, and the server takes a rotated refresh token
   * presented again for theft (it ends the session). So tabs refresh one at a time, and a tab that
   * waited for its turn takes the token the other one stored instead of sending the old cookie.
   */
  async function refreshInTurn(): Promise<string> {
    const stale = session.getToken()
    const run = async () => {
      const current = session.getToken()
      if (current && current !== stale) return current
      const result = await send<LoginResult>('POST', AUTH_PATHS.refresh, {})
      if (!result || typeof result.token !== 'string' || !result.user)
        throw sessionExpired('Refresh answered without a token')
      session.saveLogin(result)
      return result.token
    }
    return locks ? locks.request(REFRESH_LOCK, run) : run()
  }

  function refresh(): Promise<string> {
    refreshing ??= (async () => {
      try {
        return await refreshInTurn()
      } catch (e) {
        // The server refused the refresh cookie: the session is over. A network failure or a 5xx
        // is not a verdict on the session, so it is reported without logging the user out.
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) {
          endSession()
          // The server's own code (e.g. PLAN_EXPIRED, ERR_COMPANY_DISABLED) stays readable as data.reason.
          throw new ApiError(ClientErrorCodes.SESSION_EXPIRED, e.message, 401, undefined, { reason: e.code })
        }
        throw e
      }
    })().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  /** Waits for a refresh; if it fails for a reason other than the session, a still-valid token is used. */
  async function refreshedOr(oldToken: string | null): Promise<string> {
    try {
      return await (refreshing ?? refresh())
    } catch (e) {
      const left = oldToken ? tokenSecondsLeft(oldToken, now()) : null
      if (oldToken && session.getToken() === oldToken && left != null && left > 0) return oldToken
      throw e
    }
  }

  /** The token to send: queued behind a refresh in flight, refreshed when expired or under 300 s. */
  async function tokenForRequest(): Promise<string> {
    if (refreshing) return refreshedOr(session.getToken())
    const token = session.getToken()
    if (!token) {
      endSession()
      throw sessionExpired('Not logged in')
    }
    const left = tokenSecondsLeft(token, now())
    if (left != null && left < REFRESH_THRESHOLD_S) return refreshedOr(token)
    return token
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    if (opts.auth === false) return send<T>(method, path, opts)
    const token = await tokenForRequest()
    try {
      return await send<T>(method, path, opts, token)
    } catch (e) {
      // The super user switched the company off: nothing it asks will be served, so the session
      // ends now (to /login, where the error's text says why) instead of at the next refresh.
      if (e instanceof ApiError && e.code === ClientErrorCodes.COMPANY_DISABLED) endSession()
      if (!isSessionError(e)) throw e
    }
    // Retry once. If another request already renewed the token while this one was out, use that
    // instead of refreshing a second time.
    const current = session.getToken()
    const next = refreshing ? await refreshing : current && current !== token ? current : await refresh()
    try {
      return await send<T>(method, path, opts, next)
    } catch (e) {
      // A fresh token still refused: the session is gone. A 403 with another code after a fresh
      // token is an answer about this resource (e.g. a ticket of another queue), not a logout.
      if (e instanceof ApiError && (e.status === 401 || e.code === ClientErrorCodes.SESSION_EXPIRED)) endSession()
      throw e
    }
  }

  return {
    session,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
    put: (path, opts) => request('PUT', path, opts),
    patch: (path, opts) => request('PATCH', path, opts),
    delete: (path, opts) => request('DELETE', path, opts),
    refresh,
    async login(credentials) {
      const result = await send<LoginResult>('POST', AUTH_PATHS.login, { body: credentials })
      session.saveLogin(result)
      return result
    },
    async logout() {
      options.beforeLogout?.()
      const token = session.getToken()
      // No refresh dance for a logout: the cookie is revoked server-side if the call gets through.
      if (token) await send('DELETE', AUTH_PATHS.logout, {}, token).catch(() => undefined)
      session.clearSession()
    },
    async restoreSession() {
      const token = session.getToken()
      if (!token) return null
      const left = tokenSecondsLeft(token, now())
      if (left == null || left >= REFRESH_THRESHOLD_S) return session.getUser()
      try {
        await refreshedOr(token)
      } catch (e) {
        if (e instanceof ApiError && e.code === ClientErrorCodes.SESSION_EXPIRED) return null
        throw e
      }
      return session.getUser()
    },
    async getFreshToken() {
      if (!session.getToken() && !refreshing) return null
      try {
        return await tokenForRequest()
      } catch (e) {
        // No session: null. A transient failure (network, 5xx) is thrown so the caller retries.
        if (e instanceof ApiError && e.code === ClientErrorCodes.SESSION_EXPIRED) return null
        throw e
      }
    },
  }
}
