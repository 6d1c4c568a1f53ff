/**
 * The browser session: what login leaves in local storage,
 * read back by the API client, the socket and the shell. Storage is injectable so tests and
 * server-side code can use a Map.
 */

/** The subset of the Web Storage API we use. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  clear(): void
}

/** Session keys: cleared when the session ends. */
export const SESSION_KEYS = {
  token: 'token',
  user: 'user',
  userId: 'userId',
  companyId: 'companyId',
  companyDueDate: 'companyDueDate',
} as const

/** Preference keys: they survive a logout (a new login on the same browser keeps them). */
export const PREFERENCE_KEYS = {
  /** Shows the campaign/contact-list/flow routes when present. */
  cshow: 'cshow',
  theme: 'preferredTheme',
  /** i18next's detector key; the language is its first two letters. */
  language: 'i18nextLng',
  notificationVolume: 'volume',
  ticketsPanelWidth: 'ticketsPanelWidth',
  signMessage: 'signOption',
  /** Flow-builder variables list (JSON). */
  variables: 'variables',
} as const

export const STORAGE_KEYS = { ...SESSION_KEYS, ...PREFERENCE_KEYS } as const

/** The user `/auth/login`, `/auth/refresh_token` and `/auth/me` return (the server's UserView). */
export interface SessionUser {
  id: number
  companyId: number
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  allTicket?: string
  queueIds?: number[]
  whatsappId?: number | null
  profilePicture?: string | null
  language?: string | null
  company?: {
    id: number
    name: string
    dueDate: string | null
    status?: boolean
    planId?: number | null
    settings?: Array<{ key: string; value: string }>
  }
  [extra: string]: unknown
}

/** Told once at the first sign-in after the server ended a session of the user's for theft. */
export interface SecurityNotice {
  /** SESSION_REVOKED_REUSE: a refresh token was used twice, so the session it belonged to was ended. */
  code: 'SESSION_REVOKED_REUSE'
  /** When the session was ended (ISO). */
  at: string
}

export interface LoginResult {
  token: string
  user: SessionUser
  /** Sign-in only. */
  securityNotice?: SecurityNotice
}

export type SessionListener = (state: { token: string | null; user: SessionUser | null }) => void

export interface Session {
  saveLogin(result: LoginResult): void
  /** Removes the session keys and keeps preferences (logout, failed refresh). */
  clearSession(): void
  /** Clears everything, preferences included (the account was opened on another computer). */
  clearAll(): void
  getToken(): string | null
  getUser(): SessionUser | null
  getUserId(): number | null
  getCompanyId(): number | null
  getCompanyDueDate(): string | null
  getPreference(key: keyof typeof PREFERENCE_KEYS): string | null
  setPreference(key: keyof typeof PREFERENCE_KEYS, value: string | null): void
  /** Called after every change made through this object; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void
  readonly storage: StorageLike
}

/** A Storage over a Map, for tests and non-browser callers. */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, String(v))
    },
    removeItem: (k) => {
      map.delete(k)
    },
    clear: () => map.clear(),
  }
}

/** `window.localStorage` when it exists and works (Safari private mode may throw), else memory. */
export function defaultStorage(): StorageLike {
  try {
    const ls = (globalThis as { localStorage?: StorageLike }).localStorage
    if (ls) {
      ls.getItem('token')
      return ls
    }
  } catch {
    /* fall through */
  }
  return memoryStorage()
}

const toInt = (v: string | null) => {
  if (v == null || v === '') return null
  const n = Number(v)
  return Number.isInteger(n) ? n : null
}

export function createSession(storage: StorageLike = defaultStorage()): Session {
  const listeners = new Set<SessionListener>()
  const getToken = () => storage.getItem(SESSION_KEYS.token) || null
  const getUser = (): SessionUser | null => {
    const raw = storage.getItem(SESSION_KEYS.user)
    if (!raw) return null
    try {
      return JSON.parse(raw) as SessionUser
    } catch {
      return null
    }
  }
  const notify = () => {
    const state = { token: getToken(), user: getUser() }
    for (const l of [...listeners]) l(state)
  }
  const removeSessionKeys = () => {
    for (const k of Object.values(SESSION_KEYS)) storage.removeItem(k)
  }

  return {
    storage,
    saveLogin({ token, user }) {
      storage.setItem(SESSION_KEYS.token, token)
      storage.setItem(SESSION_KEYS.user, JSON.stringify(user))
      storage.setItem(SESSION_KEYS.userId, String(user.id))
      storage.setItem(SESSION_KEYS.companyId, String(user.companyId))
      const due = user.company?.dueDate
      if (due) storage.setItem(SESSION_KEYS.companyDueDate, due)
      else storage.removeItem(SESSION_KEYS.companyDueDate)
      notify()
    },
    clearSession() {
      removeSessionKeys()
      notify()
    },
    clearAll() {
      storage.clear()
      notify()
    },
    getToken,
    getUser,
    getUserId: () => toInt(storage.getItem(SESSION_KEYS.userId)),
    getCompanyId: () => toInt(storage.getItem(SESSION_KEYS.companyId)),
    getCompanyDueDate: () => storage.getItem(SESSION_KEYS.companyDueDate) || null,
    getPreference: (key) => storage.getItem(PREFERENCE_KEYS[key]),
    setPreference(key, value) {
      if (value == null) storage.removeItem(PREFERENCE_KEYS[key])
      else storage.setItem(PREFERENCE_KEYS[key], value)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it; null if absent or malformed. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=')
    const bin = atob(b64)
    // The payload is UTF-8; atob gives one char per byte.
    const json = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null
  } catch {
    return null
  }
}

/** Seconds the token has left at `nowMs` (negative when expired); null when it carries no exp. */
export function tokenSecondsLeft(token: string, nowMs: number): number | null {
  const exp = tokenExpiry(token)
  return exp == null ? null : exp - nowMs / 1000
}

const DAY_MS = 86_400_000

/** A date-only due date (YYYY-MM-DD) means that day in local time, as the product shows it. */
function parseDueDate(dueDate: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate)
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime()
  return new Date(dueDate).getTime()
}

/** True when the company's due date has passed. A missing or unreadable due date never expires. */
export function isPlanExpired(dueDate: string | null | undefined, now: Date | number = Date.now()): boolean {
  if (!dueDate) return false
  const due = parseDueDate(dueDate)
  return Number.isFinite(due) && due <= +now
}

/**
 * Days left (rounded) when fewer than 5 remain, for the 'subscription expires in N days' toast;
 * null when there is more time, no due date, or it has already passed (isPlanExpired covers that).
 */
export function subscriptionWarning(
  dueDate: string | null | undefined,
  now: Date | number = Date.now(),
): number | null {
  if (!dueDate || isPlanExpired(dueDate, now)) return null
  const due = parseDueDate(dueDate)
  if (!Number.isFinite(due)) return null
  const days = Math.round((due - +now) / DAY_MS)
  return days < 5 ? days : null
}
