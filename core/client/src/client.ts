/**
 * One object the shell creates at start-up and every module reuses: the session, the API client
 * and the socket, wired together (the socket asks the API client for a fresh token before each
 * connect; the socket closes when the HTTP session ends).
 */
import { createApiClient, type ApiClient, type SessionEndReason } from './http.ts'
import { createSession, type Session, type StorageLike } from './session.ts'
import { createSocket, type RealtimeSocket, type WebSocketCtor } from './socket.ts'

export type SessionEndSource = 'http' | 'socket'

export interface AtendeClientOptions {
  /** Default '/api'. */
  baseUrl?: string
  /** Default '/socket' (resolved against the page). */
  socketUrl?: string
  storage?: StorageLike
  onSessionEnded?: (reason: SessionEndReason, source: SessionEndSource) => void
  fetch?: typeof fetch
  WebSocketImpl?: WebSocketCtor
  now?: () => number
}

export interface AtendeClient {
  session: Session
  api: ApiClient
  socket: RealtimeSocket
}

export function createAtendeClient(options: AtendeClientOptions = {}): AtendeClient {
  const session = createSession(options.storage)
  let socket: RealtimeSocket | undefined
  const api = createApiClient({
    baseUrl: options.baseUrl ?? '/api',
    session,
    fetch: options.fetch,
    now: options.now,
    onSessionEnded: (reason) => {
      socket?.close()
      options.onSessionEnded?.(reason, 'http')
    },
    beforeLogout: () => socket?.close(),
  })
  socket = createSocket({
    url: options.socketUrl ?? '/socket',
    getToken: () => api.getFreshToken(),
    WebSocketImpl: options.WebSocketImpl,
    onSessionEnded: (reason) => options.onSessionEnded?.(reason, 'socket'),
  })
  return { session, api, socket }
}

export const SESSION_REPLACED_MESSAGE = 'Sua conta foi acessada em outro computador.'
export const SESSION_REPLACED_RELOAD_MS = 1_000

export interface SessionEndActions {
  session: Session
  /** Navigate to /login without reloading (HTTP session ended). */
  goToLogin: () => void
  /** Reload the page (default: location.reload()). */
  reload?: () => void
  /** Show the 'accessed on another computer' notice (a toast or alert). */
  notify?: (message: string) => void
  setTimeout?: (fn: () => void, ms: number) => unknown
}

/**
 * The shell's reaction to the end of a session: an expired HTTP session clears
 * the stored session and goes to /login; a token that expires under the socket reloads the page
 * (the reload refreshes it or lands on /login); the same user logging in elsewhere shows
 * 'Sua conta foi acessada em outro computador.', clears local storage and reloads after 1 s.
 */
export function sessionEndHandler(actions: SessionEndActions) {
  const reload = actions.reload ?? (() => (globalThis as { location?: { reload(): void } }).location?.reload())
  const later = actions.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
  return (reason: SessionEndReason, source: SessionEndSource) => {
    if (reason === 'replaced') {
      actions.notify?.(SESSION_REPLACED_MESSAGE)
      actions.session.clearAll()
      later(reload, SESSION_REPLACED_RELOAD_MS)
    } else if (source === 'socket') {
      reload()
    } else {
      actions.session.clearSession()
      actions.goToLogin()
    }
  }
}
