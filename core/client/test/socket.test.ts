import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  backoffDelay,
  createAtendeClient,
  createSocket,
  memoryStorage,
  SOCKET_PING_MS,
  type RealtimeSocket,
  type SessionEndReason,
  type SocketOptions,
  type WebSocketCtor,
} from '../src/index.ts'
import { json } from './support/fetch.ts'
import { fakeJwt } from './support/jwt.ts'
import { startWsServer, waitFor } from './support/ws-server.ts'

const WS = WebSocket as unknown as WebSocketCtor
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let server: Awaited<ReturnType<typeof startWsServer>>
const sockets: RealtimeSocket[] = []

beforeEach(async () => {
  server = await startWsServer()
})
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close()
  await server.close()
})

function open(opts: Partial<SocketOptions> = {}) {
  const ended: SessionEndReason[] = []
  const socket = createSocket({
    url: server.url,
    getToken: () => 'tok-1',
    WebSocketImpl: WS,
    reconnectMinMs: 20,
    reconnectMaxMs: 80,
    onSessionEnded: (r) => ended.push(r),
    ...opts,
  })
  sockets.push(socket)
  return { socket, ended }
}

describe('socket', () => {
  it('connects with the token in the query and delivers server events to subscribers', async () => {
    const { socket } = open()
    const got: unknown[] = []
    const off = socket.on('company-1-ticket', (d) => got.push(d))
    const marks: unknown[] = []
    socket.on('company-1-mark', (d) => marks.push(d))
    socket.connect()
    const conn = await server.connection(1)
    expect(conn.token).toBe('tok-1')
    await waitFor(() => socket.status === 'open')
    server.emit('company-1-ticket', { action: 'update', ticket: { id: 1 } })
    server.emit('company-1-contact', { action: 'update' })
    await waitFor(() => got.length === 1)
    off()
    server.emit('company-1-ticket', { action: 'delete', ticketId: 1 })
    // Frames arrive in order: once the marker sent after it is here, the unsubscribed one was dispatched too.
    server.emit('company-1-mark', {})
    await waitFor(() => marks.length === 1)
    expect(got).toEqual([{ action: 'update', ticket: { id: 1 } }])
  })

  it('reference-counts rooms: one join for two subscribers, leave when the last one leaves', async () => {
    const { socket } = open()
    socket.connect()
    const conn = await server.connection(1)
    await waitFor(() => socket.status === 'open')
    socket.join('open')
    socket.join('open')
    socket.join('notification')
    socket.leave('open') // still one subscriber: nothing sent
    socket.leave('open')
    socket.leave('open') // one too many: ignored
    // Frames arrive in order, so a frame sent too early (or twice) would show up before or after the leave.
    await waitFor(() => conn.frames.some((f) => f.type === 'leave'))
    expect(conn.frames).toEqual([
      { type: 'join', room: 'open' },
      { type: 'join', room: 'notification' },
      { type: 'leave', room: 'open' },
    ])
    expect(socket.rooms).toEqual(['notification'])
  })

  it('joins rooms asked for before connecting, and re-joins every room after the server drops the connection', async () => {
    let n = 0
    const { socket, ended } = open({ getToken: async () => `tok-${++n}` })
    socket.join('open')
    socket.join('chatbox-42')
    socket.connect()
    const first = await server.connection(1)
    await waitFor(() => first.frames.length === 2)
    expect(first.frames).toEqual([
      { type: 'join', room: 'open' },
      { type: 'join', room: 'chatbox-42' },
    ])

    first.ws.terminate() // the server goes away without a close frame
    const second = await server.connection(2)
    expect(second.token).toBe('tok-2') // a fresh token for every connect
    await waitFor(() => second.frames.length === 2)
    expect(second.frames).toEqual([
      { type: 'join', room: 'open' },
      { type: 'join', room: 'chatbox-42' },
    ])
    expect(ended).toEqual([])

    second.ws.close(1001, 'going away') // a clean close from the server is also reconnected
    const third = await server.connection(3)
    await waitFor(() => third.frames.length === 2)
  })

  it('close code 4001 ends the session as expired and does not reconnect', async () => {
    const { socket, ended } = open()
    socket.connect()
    const conn = await server.connection(1)
    conn.ws.close(4001, 'ERR_SESSION_EXPIRED')
    await waitFor(() => ended.length === 1)
    expect(ended).toEqual(['expired'])
    await sleep(120)
    expect(server.conns).toHaveLength(1)
    expect(socket.status).toBe('closed')
  })

  it('close code 4002 ends the session as replaced and does not reconnect', async () => {
    const { socket, ended } = open()
    socket.connect()
    const conn = await server.connection(1)
    conn.ws.close(4002, 'ERR_SESSION_REPLACED')
    await waitFor(() => ended.length === 1)
    expect(ended).toEqual(['replaced'])
    await sleep(120)
    expect(server.conns).toHaveLength(1)
  })

  it('close code 4003 (a newer socket of the user took its place) stops without reconnecting, until the page is shown again', async () => {
    let show: () => void = () => {}
    const { socket, ended } = open({
      onPageShown: (fn) => {
        show = fn
        return () => (show = () => {})
      },
    })
    socket.connect()
    const conn = await server.connection(1)
    await waitFor(() => socket.status === 'open')
    conn.ws.close(4003, 'ERR_TOO_MANY_SOCKETS')
    // 'closed', not 'connecting': no reconnect is scheduled (it would close another of the user's tabs).
    await waitFor(() => socket.status === 'closed')
    expect(ended).toEqual([])
    expect(server.conns).toHaveLength(1)
    // The user comes back to this tab: it connects again (and the server closes their oldest other one).
    show()
    const again = await server.connection(2)
    expect(again.token).toBe('tok-1')
    await waitFor(() => socket.status === 'open')
  })

  it('close code 4029 (too many sockets from the address) retries at the longest backoff, not at once', async () => {
    const { socket } = open({ reconnectMinMs: 5, reconnectMaxMs: 400, random: () => 0 })
    socket.connect()
    const conn = await server.connection(1)
    await waitFor(() => socket.status === 'open')
    const refusedAt = Date.now()
    conn.ws.close(4029, 'ERR_TOO_MANY_SOCKETS_FROM_ADDRESS')
    await server.connection(2)
    // The longest delay with this jitter is 400 / 2 ms; the first ordinary retry would be 2.5 ms.
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(190)
  })

  it('sends a ping frame on an interval (18 s by default)', async () => {
    expect(SOCKET_PING_MS).toBe(18_000)
    const { socket } = open({ pingIntervalMs: 20 })
    socket.connect()
    const conn = await server.connection(1)
    await waitFor(() => conn.frames.filter((f) => f.type === 'ping').length >= 2)
  })

  it('close() stops the connection and any reconnect', async () => {
    const { socket } = open()
    socket.connect()
    const conn = await server.connection(1)
    await waitFor(() => socket.status === 'open')
    socket.close()
    await waitFor(() => conn.closed)
    await sleep(120)
    expect(server.conns).toHaveLength(1)
    expect(socket.status).toBe('closed')
  })

  it('does not connect without a token, and retries when getting the token fails', async () => {
    const none = open({ getToken: () => null })
    none.socket.connect()
    await sleep(50)
    expect(server.conns).toHaveLength(0)
    expect(none.socket.status).toBe('closed')

    let calls = 0
    const flaky = open({
      getToken: async () => {
        if (++calls < 3) throw new Error('offline')
        return 'tok-ok'
      },
    })
    flaky.socket.connect()
    const conn = await server.connection(1)
    expect(conn.token).toBe('tok-ok')
    expect(calls).toBe(3)
  })

  it('backs off from 1 s doubling to 30 s, with jitter in the upper half', () => {
    const lo = () => 0
    const hi = () => 1
    expect(backoffDelay(0, 1000, 30_000, hi)).toBe(1000)
    expect(backoffDelay(0, 1000, 30_000, lo)).toBe(500)
    expect(backoffDelay(3, 1000, 30_000, hi)).toBe(8000)
    expect(backoffDelay(10, 1000, 30_000, hi)).toBe(30_000)
    expect(backoffDelay(99, 1000, 30_000, lo)).toBe(15_000)
  })

  it('createAtendeClient: the socket connects with a token the API client refreshed first', async () => {
    const now = Date.now()
    const renewed = fakeJwt(Math.floor(now / 1000) + 3600)
    const storage = memoryStorage({ token: fakeJwt(Math.floor(now / 1000) - 10) })
    const ended: string[] = []
    const client = createAtendeClient({
      baseUrl: 'http://api.test/api',
      socketUrl: server.url,
      storage,
      WebSocketImpl: WS,
      fetch: (async () =>
        json(200, {
          token: renewed,
          user: { id: 1, companyId: 2, name: 'A', email: 'a@b.c', profile: 'user', super: false },
        })) as typeof fetch,
      onSessionEnded: (r, source) => ended.push(`${r}:${source}`),
    })
    sockets.push(client.socket)
    client.socket.connect()
    const conn = await server.connection(1)
    expect(conn.token).toBe(renewed)
    expect(storage.getItem('token')).toBe(renewed)
    conn.ws.close(4002, 'ERR_SESSION_REPLACED')
    await waitFor(() => ended.length === 1)
    expect(ended).toEqual(['replaced:socket'])
  })
})
