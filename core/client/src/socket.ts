/**
 * The realtime connection: one websocket to /socket with the token in
 * the query, an application ping every 18 s, reconnect with capped exponential backoff and
 * jitter, and every joined room re-joined after a reconnect. Rooms are reference-counted so two
 * components watching the same room share one join. Server frames are `{ event, data }`.
 */
import type { SessionEndReason } from './http.ts'

export const SOCKET_PING_MS = 18_000
export const RECONNECT_MIN_MS = 1_000
export const RECONNECT_MAX_MS = 30_000
/** Close codes the server uses to end a session over the socket. */
export const CLOSE_SESSION_EXPIRED = 4001
export const CLOSE_SESSION_REPLACED = 4002
/**
 * The user opened more sockets (tabs) than the server keeps: this one, the oldest, was closed.
 * Reconnecting at once would close the user's next oldest, and so on between tabs: this socket
 * waits until its page is shown again (the user came back to this tab).
 */
export const CLOSE_TOO_MANY_SOCKETS = 4003
/** Refused: too many sockets from this address. Retried at the longest backoff, not at once. */
export const CLOSE_ADDRESS_BUSY = 4029

/** The part of the browser WebSocket we use (the `ws` package's client has it too). */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  /** The open and error events are not read. */
  onopen: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onclose: ((ev: { code: number; reason: string }) => void) | null
  onerror: ((ev: unknown) => void) | null
}
export type WebSocketCtor = new (url: string) => WebSocketLike

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed'

export interface SocketOptions {
  /** 'ws://host/socket', or a path such as '/socket' resolved against the page's location. */
  url: string
  /** Called before every (re)connect; null means there is no session (no connection is made). */
  getToken: () => string | null | Promise<string | null>
  /** 4001 → 'expired' (the shell reloads), 4002 → 'replaced' (notice, clear storage, reload in 1 s). */
  onSessionEnded?: (reason: SessionEndReason) => void
  WebSocketImpl?: WebSocketCtor
  pingIntervalMs?: number
  reconnectMinMs?: number
  reconnectMaxMs?: number
  random?: () => number
  /**
   * Calls `listener` whenever the page becomes visible; returns the unsubscribe. Default: the
   * document's visibilitychange, when there is a document.
   */
  onPageShown?: (listener: () => void) => () => void
}

export interface RealtimeSocket {
  /** Starts (or keeps) the connection; reconnects until close() or the session ends. */
  connect(): void
  close(): void
  join(room: string): void
  leave(room: string): void
  /** `T` is the frame's data as the caller knows the event; it is not checked at run time. */
  on<T = unknown>(event: string, handler: (data: T) => void): () => void
  onStatus(listener: (status: SocketStatus) => void): () => void
  readonly status: SocketStatus
  /** Rooms currently joined (or to be joined once connected). */
  readonly rooms: string[]
}

const OPEN = 1

/** The browser's: the document turning visible. Nothing to watch without a document. */
function documentShown(listener: () => void): () => void {
  const doc = (
    globalThis as {
      document?: {
        visibilityState: string
        addEventListener(type: string, fn: () => void): void
        removeEventListener(type: string, fn: () => void): void
      }
    }
  ).document
  if (!doc) return () => {}
  const onChange = () => {
    if (doc.visibilityState === 'visible') listener()
  }
  doc.addEventListener('visibilitychange', onChange)
  return () => doc.removeEventListener('visibilitychange', onChange)
}

/** Resolves a relative URL against the page and turns http(s) into ws(s); adds the token. */
export function socketUrl(url: string, token: string): string {
  const base = (globalThis as { location?: { href: string } }).location?.href
  const u = base ? new URL(url, base) : new URL(url)
  if (u.protocol === 'http:') u.protocol = 'ws:'
  else if (u.protocol === 'https:') u.protocol = 'wss:'
  u.searchParams.set('token', token)
  return u.toString()
}

/** Delay before reconnect attempt `attempt` (0-based): doubling from min, capped, with jitter in [½d, d]. */
export function backoffDelay(attempt: number, min: number, max: number, random: () => number): number {
  const d = Math.min(max, min * 2 ** Math.min(attempt, 30))
  return Math.round(d / 2 + (d / 2) * random())
}

export function createSocket(options: SocketOptions): RealtimeSocket {
  const Impl = options.WebSocketImpl ?? (globalThis as unknown as { WebSocket?: WebSocketCtor }).WebSocket
  const pingMs = options.pingIntervalMs ?? SOCKET_PING_MS
  const minMs = options.reconnectMinMs ?? RECONNECT_MIN_MS
  const maxMs = options.reconnectMaxMs ?? RECONNECT_MAX_MS
  const random = options.random ?? Math.random
  const onPageShown = options.onPageShown ?? documentShown
  /** Set while closed for being the user's oldest socket (4003): waiting for the page to be shown. */
  let stopShownWatch: (() => void) | null = null

  const rooms = new Map<string, number>()
  /** One wrapper per subscription, so the same function subscribed twice unsubscribes once. */
  const handlers = new Map<string, Set<{ fn: (data: unknown) => void }>>()
  const statusListeners = new Set<(s: SocketStatus) => void>()
  let status: SocketStatus = 'idle'
  let ws: WebSocketLike | null = null
  let wanted = false
  /** Bumped on every open/close so late callbacks of an old attempt are ignored. */
  let generation = 0
  let attempt = 0
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null
  let pingTimer: ReturnType<typeof setInterval> | null = null

  const setStatus = (s: SocketStatus) => {
    if (s === status) return
    status = s
    for (const l of [...statusListeners]) l(s)
  }
  const sendFrame = (frame: Record<string, unknown>) => {
    if (ws && ws.readyState === OPEN) ws.send(JSON.stringify(frame))
  }
  const stopPing = () => {
    if (pingTimer) {
      clearInterval(pingTimer)
      pingTimer = null
    }
  }
  const clearReconnect = () => {
    if (reconnectTimer) {
      clearTimeout(reconnectTimer)
      reconnectTimer = null
    }
  }

  function scheduleReconnect() {
    if (!wanted || reconnectTimer) return
    setStatus('connecting')
    const delay = backoffDelay(attempt++, minMs, maxMs, random)
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null
      void open()
    }, delay)
  }

  function dispatch(raw: unknown) {
    let frame: { event?: unknown; data?: unknown }
    try {
      frame = JSON.parse(typeof raw === 'string' ? raw : String(raw))
    } catch {
      return
    }
    if (!frame || typeof frame.event !== 'string') return
    const set = handlers.get(frame.event)
    if (!set) return
    for (const h of [...set]) {
      // One broken handler must not starve the others or kill the connection.
      try {
        h.fn(frame.data)
      } catch (e) {
        console.error(`[socket] handler for ${frame.event} failed`, e)
      }
    }
  }

  /** 4003: stay closed (no reconnect) until the page is shown again, then connect as new. */
  function waitUntilShown() {
    wanted = false
    clearReconnect()
    setStatus('closed')
    stopShownWatch?.()
    stopShownWatch = onPageShown(() => api.connect())
  }

  function endSession(reason: SessionEndReason) {
    wanted = false
    clearReconnect()
    setStatus('closed')
    options.onSessionEnded?.(reason)
  }

  async function open() {
    if (!wanted || !Impl) return
    const gen = ++generation
    setStatus('connecting')
    let token: string | null
    try {
      token = await options.getToken()
    } catch {
      if (gen === generation) scheduleReconnect()
      return
    }
    if (gen !== generation || !wanted) return
    if (!token) {
      // No session: nothing to connect with. connect() again after login.
      wanted = false
      setStatus('closed')
      return
    }
    const socket = new Impl(socketUrl(options.url, token))
    ws = socket
    socket.onerror = () => {
      /* onclose follows and decides */
    }
    socket.onopen = () => {
      if (gen !== generation) return
      attempt = 0
      setStatus('open')
      for (const room of rooms.keys()) sendFrame({ type: 'join', room })
      stopPing()
      pingTimer = setInterval(() => sendFrame({ type: 'ping' }), pingMs)
    }
    socket.onmessage = (ev) => {
      if (gen === generation) dispatch(ev.data)
    }
    socket.onclose = (ev) => {
      if (gen !== generation) return
      ws = null
      stopPing()
      if (ev.code === CLOSE_SESSION_EXPIRED) return endSession('expired')
      if (ev.code === CLOSE_SESSION_REPLACED) return endSession('replaced')
      if (ev.code === CLOSE_TOO_MANY_SOCKETS) return waitUntilShown()
      // Refused for its address: the longest backoff, so a crowded address is not hammered.
      if (ev.code === CLOSE_ADDRESS_BUSY) attempt = Math.max(attempt, 30)
      if (wanted) scheduleReconnect()
      else setStatus('closed')
    }
  }

  const api: RealtimeSocket = {
    get status() {
      return status
    },
    get rooms() {
      return [...rooms.keys()]
    },
    connect() {
      if (!Impl) throw new Error('No WebSocket implementation: pass WebSocketImpl')
      if (wanted) return
      wanted = true
      attempt = 0
      stopShownWatch?.()
      stopShownWatch = null
      void open()
    },
    close() {
      wanted = false
      generation++
      clearReconnect()
      stopShownWatch?.()
      stopShownWatch = null
      stopPing()
      const socket = ws
      ws = null
      if (socket) {
        try {
          socket.close(1000, 'client closed')
        } catch {
          /* already closing */
        }
      }
      setStatus('closed')
    },
    join(room) {
      const n = rooms.get(room) ?? 0
      rooms.set(room, n + 1)
      if (n === 0) sendFrame({ type: 'join', room })
    },
    leave(room) {
      const n = rooms.get(room)
      if (!n) return
      if (n > 1) {
        rooms.set(room, n - 1)
        return
      }
      rooms.delete(room)
      sendFrame({ type: 'leave', room })
    },
    on(event, handler) {
      let set = handlers.get(event)
      if (!set) handlers.set(event, (set = new Set()))
      // The caller's T names the event's data; frames arrive untyped.
      const sub = { fn: handler as (data: unknown) => void }
      set.add(sub)
      return () => {
        set.delete(sub)
        if (set.size === 0 && handlers.get(event) === set) handlers.delete(event)
      }
    },
    onStatus(listener) {
      statusListeners.add(listener)
      return () => {
        statusListeners.delete(listener)
      }
    },
  }
  return api
}
