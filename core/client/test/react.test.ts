// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createElement, StrictMode, act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { Provider as JotaiProvider, createStore } from 'jotai'
import { WebSocket } from 'ws'
import {
  ClientProvider,
  createAtendeClient,
  memoryStorage,
  sessionEndHandler,
  sessionUserAtom,
  useApi,
  useRealtime,
  useSession,
  useSocketStatus,
  SESSION_REPLACED_MESSAGE,
  type AtendeClient,
  type SessionUser,
  type WebSocketCtor,
} from '../src/index.ts'
import { json } from './support/fetch.ts'
import { fakeJwt } from './support/jwt.ts'
import { startWsServer, waitFor } from './support/ws-server.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const user: SessionUser = { id: 4, companyId: 2, name: 'Caio', email: 'c@x.com', profile: 'admin', super: false }
const token = () => fakeJwt(Math.floor(Date.now() / 1000) + 3600)

let server: Awaited<ReturnType<typeof startWsServer>>
let root: Root | null = null
let client: AtendeClient

beforeEach(async () => {
  server = await startWsServer()
  client = createAtendeClient({
    baseUrl: 'http://api.test/api',
    socketUrl: server.url,
    storage: memoryStorage(),
    WebSocketImpl: WebSocket as unknown as WebSocketCtor,
    fetch: (async (input: string) =>
      String(input).endsWith('/auth/login')
        ? json(200, { token: token(), user })
        : new Response(null, { status: 204 })) as typeof fetch,
  })
})
afterEach(async () => {
  act(() => root?.unmount())
  root = null
  client.socket.close()
  await server.close()
})

function render(children: ReactNode, store = createStore()) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  root = createRoot(el)
  const tree = (c: ReactNode) =>
    createElement(
      StrictMode,
      null,
      createElement(JotaiProvider, { store }, createElement(ClientProvider, { client }, c)),
    )
  act(() => root!.render(tree(children)))
  return { el, store, rerender: (c: ReactNode) => act(() => root!.render(tree(c))) }
}

describe('react layer', () => {
  it('useSession follows login and logout; the socket runs only while logged in', async () => {
    let seen: ReturnType<typeof useSession> | null = null
    let status = ''
    function Probe() {
      seen = useSession()
      status = useSocketStatus()
      return createElement('span', null, seen.user?.name ?? 'anonymous')
    }
    const { el, store } = render(createElement(Probe))
    expect(el.textContent).toBe('anonymous')
    expect(seen!.isAuthenticated).toBe(false)

    await act(async () => {
      await seen!.login({ cnpj: '1', email: 'c@x.com', password: 'p' })
    })
    expect(el.textContent).toBe('Caio')
    expect(seen!.isAdmin).toBe(true)
    expect(store.get(sessionUserAtom)?.id).toBe(4)
    const conn = await server.connection(1)
    expect(conn.token).toBe(client.session.getToken())
    await act(async () => {
      await waitFor(() => status === 'open')
    })

    await act(async () => {
      await seen!.logout()
    })
    expect(el.textContent).toBe('anonymous')
    await waitFor(() => conn.closed)
  })

  it('starts from the stored session on the first render', () => {
    client.session.saveLogin({ token: token(), user })
    let name: string | undefined
    function Probe() {
      name = useSession().user?.name
      return null
    }
    render(createElement(Probe))
    expect(name).toBe('Caio')
  })

  it('useRealtime joins the room while mounted, delivers events and leaves when the last subscriber unmounts', async () => {
    client.session.saveLogin({ token: token(), user })
    const got: unknown[] = []
    function Tickets() {
      useRealtime('company-2-ticket', (d) => got.push(d), { room: 'open' })
      return null
    }
    const host = (count: number) =>
      createElement('div', null, ...Array.from({ length: count }, (_, i) => createElement(Tickets, { key: i })))
    const { rerender } = render(host(2))
    const conn = await server.connection(1)
    const roomFrames = () => conn.frames.filter((f) => f.room === 'open').map((f) => f.type)
    await waitFor(() => roomFrames().at(-1) === 'join')
    await act(async () => {
      server.emit('company-2-ticket', { action: 'update', ticket: { id: 9 } })
      await waitFor(() => got.length === 2) // two mounted subscribers, one room join
    })
    expect(got[0]).toEqual({ action: 'update', ticket: { id: 9 } })
    const before = roomFrames().length

    rerender(host(1)) // one subscriber left: the room stays joined
    expect(client.socket.rooms).toEqual(['open'])

    rerender(host(0)) // the last one leaves
    await waitFor(() => roomFrames().at(-1) === 'leave')
    expect(roomFrames().length).toBe(before + 1) // only this leave: nothing was sent when the first subscriber went
    expect(client.socket.rooms).toEqual([])
    expect(client.socket.status).toBe('open')
  })

  it('useApi outside the provider says what is missing', () => {
    function Orphan() {
      useApi()
      return null
    }
    const el = document.createElement('div')
    const orphanRoot = createRoot(el)
    const errors: unknown[] = []
    const onError = (e: ErrorEvent) => {
      errors.push(e.error)
      e.preventDefault()
    }
    window.addEventListener('error', onError)
    try {
      expect(() => act(() => orphanRoot.render(createElement(Orphan)))).toThrow(/ClientProvider/)
    } finally {
      window.removeEventListener('error', onError)
    }
  })
})

describe('sessionEndHandler', () => {
  it('expired over HTTP clears the session and goes to /login; over the socket reloads', () => {
    const log: string[] = []
    client.session.saveLogin({ token: 't', user })
    client.session.setPreference('theme', 'dark')
    const handle = sessionEndHandler({
      session: client.session,
      goToLogin: () => log.push('login'),
      reload: () => log.push('reload'),
    })
    handle('expired', 'socket')
    expect(log).toEqual(['reload'])
    handle('expired', 'http')
    expect(log).toEqual(['reload', 'login'])
    expect(client.session.getToken()).toBeNull()
    expect(client.session.getPreference('theme')).toBe('dark')
  })

  it('replaced shows the notice, clears local storage and reloads after 1 s', () => {
    const log: string[] = []
    const timers: Array<[() => void, number]> = []
    client.session.saveLogin({ token: 't', user })
    client.session.setPreference('theme', 'dark')
    const handle = sessionEndHandler({
      session: client.session,
      goToLogin: () => log.push('login'),
      reload: () => log.push('reload'),
      notify: (m) => log.push(m),
      setTimeout: (fn, ms) => timers.push([fn, ms]),
    })
    handle('replaced', 'socket')
    expect(log).toEqual([SESSION_REPLACED_MESSAGE])
    expect(SESSION_REPLACED_MESSAGE).toBe('Sua conta foi acessada em outro computador.')
    expect(client.session.getToken()).toBeNull()
    expect(client.session.getPreference('theme')).toBeNull()
    expect(timers.map(([, ms]) => ms)).toEqual([1000])
    timers[0][0]()
    expect(log).toEqual([SESSION_REPLACED_MESSAGE, 'reload'])
  })
})
