/**
 * The client against the real kernel, auth plugin and realtime gateway on 127.0.0.1: login,
 * bearer calls, refresh with the httpOnly `jrt` cookie (rotated by the server, so a second
 * concurrent refresh would be refused), the end of a revoked session, and the socket
 * (token in the query, ping → pong, 4002 when the same user logs in elsewhere, 4001 on a bad token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import { createTestApp, SUPER, type TestApp } from '@atende/kernel/testing'
import auth from '@atende/plugin-auth'
import { WebSocket } from 'ws'
import {
  createApiClient,
  createAtendeClient,
  createSocket,
  memoryStorage,
  tokenExpiry,
  type AtendeClient,
  type SessionEndReason,
  type SessionUser,
  type WebSocketCtor,
} from '../src/index.ts'
import { waitFor } from './support/ws-server.ts'

const WS = WebSocket as unknown as WebSocketCtor

/** What the browser does with `credentials: 'include'`: keep cookies and send them back by path. */
function cookieJarFetch() {
  const jar = new Map<string, { value: string; path: string }>()
  const paths: string[] = []
  const fn = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input))
    paths.push(`${init.method ?? 'GET'} ${url.pathname}`)
    const cookie = [...jar]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ')
    const headers = { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) }
    const res = await fetch(url, { ...init, headers })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim())
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
      const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) ?? '/'
      const gone =
        !value ||
        attrs.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)) < new Date()))
      if (gone) jar.delete(name)
      else jar.set(name, { value, path })
    }
    return res
  }
  return { fetch: fn as typeof fetch, jar, paths }
}

let t: TestApp
let base: string

beforeAll(async () => {
  t = await createTestApp({ plugins: [auth] })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`
})
const opened: AtendeClient[] = []
afterAll(async () => {
  for (const c of opened) c.socket.close()
  await t?.close()
})

function client(now = () => Date.now()) {
  const http = cookieJarFetch()
  const ended: SessionEndReason[] = []
  const storage = memoryStorage()
  const api = createApiClient({
    baseUrl: base,
    storage,
    fetch: http.fetch,
    now: () => now(),
    onSessionEnded: (r) => ended.push(r),
  })
  return { api, http, ended, storage }
}

describe('against the real auth plugin', () => {
  it('logs in, calls with the bearer token and refreshes early with the cookie, once for many requests', async () => {
    let skew = 0
    const c = client(() => Date.now() + skew)
    const { user } = await c.api.login({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password })
    expect(user.email).toBe(SUPER.email)
    expect(c.http.jar.get('jrt')?.path).toBe('/api/auth')
    const me = await c.api.get<SessionUser>('/auth/me')
    expect(me.id).toBe(user.id)

    // Pretend the clock moved to 100 s before the token's expiry: every call must wait for one refresh.
    const exp = tokenExpiry(c.storage.getItem('token')!)!
    skew = (exp - 100) * 1000 - Date.now()
    const firstCookie = c.http.jar.get('jrt')!.value
    c.http.paths.length = 0
    const all = await Promise.all(Array.from({ length: 5 }, () => c.api.get<SessionUser>('/auth/me')))
    expect(all.every((u) => u.id === user.id)).toBe(true)
    expect(c.http.paths.filter((p) => p === 'POST /api/auth/refresh_token')).toHaveLength(1)
    expect(c.http.paths[0]).toBe('POST /api/auth/refresh_token')
    expect(c.http.jar.get('jrt')!.value).not.toBe(firstCookie) // rotated
    expect(c.ended).toEqual([])
  })

  it('two tabs refreshing at once take turns, so the server never sees a rotated token again', async () => {
    // Two tabs of one browser: one cookie jar, one local storage, one Web Locks manager.
    const http = cookieJarFetch()
    const storage = memoryStorage()
    const held = new Map<string, Promise<unknown>>()
    const locks = {
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        const turn = (held.get(name) ?? Promise.resolve()).catch(() => undefined).then(callback)
        held.set(name, turn)
        return turn
      },
    }
    const ended: SessionEndReason[] = []
    const tab = () =>
      createApiClient({ baseUrl: base, storage, fetch: http.fetch, locks, onSessionEnded: (r) => ended.push(r) })
    const [one, two] = [tab(), tab()]
    const { user } = await one.login({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password })

    // Sent together, the same cookie would reach the server twice: theft to it, the session would end.
    // (The waiting tab takes the other's new token; one issued in the same second as the old one
    // looks the same, and then it refreshes again with the new cookie: harmless.)
    await Promise.all([one.refresh(), two.refresh()])
    expect(ended).toEqual([])
    expect((await two.get<SessionUser>('/auth/me')).id).toBe(user.id)
    expect((await one.get<SessionUser>('/auth/me')).id).toBe(user.id)
    expect(await one.refresh()).toEqual(expect.any(String))
    expect(ended).toEqual([])
  })

  it('a session revoked on the server ends on the client: 401 → refused refresh → onSessionEnded', async () => {
    const c = client()
    await c.api.login({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password })
    const token = c.storage.getItem('token')!
    const user = c.storage.getItem('user')!
    await c.api.logout()
    expect(c.http.jar.has('jrt')).toBe(false)
    // Another tab still holds the old token: the server refuses it and the refresh.
    c.storage.setItem('token', token)
    c.storage.setItem('user', user)
    await expect(c.api.get('/auth/me')).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED', status: 401 })
    expect(c.ended).toEqual(['expired'])
    expect(c.storage.getItem('token')).toBeNull()
  })

  it('wrong credentials come back as an ApiError without any refresh', async () => {
    const c = client()
    await expect(c.api.login({ cnpj: SUPER.cnpj, email: SUPER.email, password: 'wrong' })).rejects.toMatchObject({
      status: 401,
    })
    expect(c.http.paths).toEqual(['POST /api/auth/login'])
  })
})

describe('the socket against the real gateway', () => {
  function atende() {
    const http = cookieJarFetch()
    const ended: string[] = []
    const c = createAtendeClient({
      baseUrl: base,
      socketUrl: base.replace(/^http/, 'ws').replace(/\/api$/, '/socket'),
      storage: memoryStorage(),
      fetch: http.fetch,
      WebSocketImpl: WS,
      onSessionEnded: (reason, source) => ended.push(`${reason}:${source}`),
    })
    opened.push(c)
    return { ...c, ended }
  }
  const loginSuper = (c: AtendeClient) =>
    c.api.login({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password })

  it('connects with the session token, joins its rooms and gets pong for ping', async () => {
    const a = atende()
    const { user } = await loginSuper(a)
    const events: Array<[string, unknown]> = []
    a.socket.on('pong', () => events.push(['pong', null]))
    a.socket.on('error', (d) => events.push(['error', d]))
    a.socket.join(`user-${user.id}`)
    a.socket.join(`company-${user.companyId}-notification`)
    a.socket.connect()
    await waitFor(() => a.socket.status === 'open', 5000, 'socket open')
    a.socket.join('company-999999-ticket') // another tenant's room: refused by the server
    await waitFor(() => events.some(([e]) => e === 'error'), 5000, 'room refusal')
    expect(events.filter(([e]) => e === 'error')).toEqual([
      ['error', { error: 'ERR_NO_PERMISSION', room: 'company-999999-ticket' }],
    ])

    const pinging = createSocket({
      url: base.replace(/^http/, 'ws').replace(/\/api$/, '/socket'),
      getToken: () => a.session.getToken(),
      WebSocketImpl: WS,
      pingIntervalMs: 20,
    })
    let pongs = 0
    pinging.on('pong', () => {
      pongs++
    })
    pinging.connect()
    try {
      await waitFor(() => pongs >= 2, 5000, 'pongs')
    } finally {
      pinging.close()
    }
  })

  it('the same user logging in elsewhere closes the first socket with 4002 → replaced', async () => {
    const first = atende()
    await loginSuper(first)
    first.socket.connect()
    await waitFor(() => first.socket.status === 'open', 5000, 'socket open')
    const second = atende()
    await loginSuper(second)
    await waitFor(() => first.ended.length > 0, 5000, 'session replaced')
    expect(first.ended).toEqual(['replaced:socket'])
    expect(second.ended).toEqual([])
  })

  it('logging out closes our own socket first, so it is not read as replaced', async () => {
    const a = atende()
    await loginSuper(a)
    a.socket.connect()
    await waitFor(() => a.socket.status === 'open', 5000, 'socket open')
    await a.api.logout()
    await new Promise((r) => setTimeout(r, 100))
    expect(a.ended).toEqual([])
    expect(a.socket.status).toBe('closed')
  })

  it('a bad token is closed with 4001 → expired', async () => {
    const ended: SessionEndReason[] = []
    const s = createSocket({
      url: base.replace(/^http/, 'ws').replace(/\/api$/, '/socket'),
      getToken: () => 'not-a-jwt',
      WebSocketImpl: WS,
      onSessionEnded: (r) => ended.push(r),
    })
    s.connect()
    try {
      await waitFor(() => ended.length > 0, 5000, '4001')
      expect(ended).toEqual(['expired'])
    } finally {
      s.close()
    }
  })
})
