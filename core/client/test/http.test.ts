import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, memoryStorage, type SessionEndReason, type SessionUser } from '../src/index.ts'
import { apiError, bearer, fakeFetch, json, sleep, type FakeHandler } from './support/fetch.ts'
import { fakeJwt } from './support/jwt.ts'
import { waitFor } from './support/ws-server.ts'

const NOW = Date.UTC(2025, 0, 10, 12, 0, 0)
const nowS = NOW / 1000
const user = (id = 1): SessionUser => ({
  id,
  companyId: 7,
  name: 'Ana',
  email: 'ana@x.com',
  profile: 'admin',
  super: false,
  company: { id: 7, name: 'Acme', dueDate: '2025-02-01' },
})

const FRESH = fakeJwt(nowS + 3600, { n: 'fresh' })
const RENEWED = fakeJwt(nowS + 7200, { n: 'renewed' })

function setup(handler: FakeHandler, opts: { token?: string | null } = {}) {
  const storage = memoryStorage()
  if (opts.token !== null) {
    storage.setItem('token', opts.token ?? FRESH)
    storage.setItem('user', JSON.stringify(user()))
    storage.setItem('userId', '1')
    storage.setItem('companyId', '7')
  }
  storage.setItem('preferredTheme', 'dark')
  const ended: SessionEndReason[] = []
  const fake = fakeFetch(handler)
  const api = createApiClient({
    baseUrl: '/api',
    storage,
    fetch: fake.fetch,
    now: () => NOW,
    onSessionEnded: (r) => ended.push(r),
  })
  const refreshCalls = () => fake.calls.filter((c) => c.path === '/api/auth/refresh_token').length
  return { api, storage, ended, calls: fake.calls, refreshCalls }
}

/** A server whose refresh endpoint renews to RENEWED and whose /tickets accepts only RENEWED. */
const renewingServer =
  (opts: { refreshDelay?: number; ticketsDelay?: number } = {}): FakeHandler =>
  async (call) => {
    if (call.path === '/api/auth/refresh_token') {
      await sleep(opts.refreshDelay ?? 0)
      return json(200, { token: RENEWED, user: user() })
    }
    await sleep(opts.ticketsDelay ?? 0)
    if (bearer(call) !== RENEWED) return apiError(401, 'ERR_SESSION_EXPIRED')
    return json(200, { tickets: [], hasMore: false, path: call.path })
  }

afterEach(() => {
  vi.useRealTimers()
})

describe('requests', () => {
  it('sends the bearer token, credentials, JSON bodies and query params', async () => {
    const { api, calls } = setup(() => json(200, { ok: true }))
    await api.post('/tickets', {
      body: { contactId: 3 },
      params: { status: 'open', queueIds: [1, 2], skip: undefined, when: new Date(0) },
    })
    const c = calls[0]
    expect(c.method).toBe('POST')
    expect(c.path).toBe('/api/tickets')
    expect(c.headers.Authorization).toBe(`Bearer ${FRESH}`)
    expect(c.credentials).toBe('include')
    expect(c.headers['Content-Type']).toBe('application/json')
    expect(c.body).toBe('{"contactId":3}')
    expect(c.query.get('status')).toBe('open')
    expect(c.query.getAll('queueIds')).toEqual(['1', '2'])
    expect(c.query.has('skip')).toBe(false)
    expect(c.query.get('when')).toBe('1970-01-01T00:00:00.000Z')
  })

  it('sends FormData as it is (the browser sets the multipart boundary) and no body on a bare DELETE', async () => {
    const { api, calls } = setup(() => new Response(null, { status: 204 }))
    const form = new FormData()
    form.append('body', 'hello')
    await api.post('/messages/1', { body: form })
    expect(calls[0].body).toBe(form)
    expect(calls[0].headers['Content-Type']).toBeUndefined()
    await expect(api.delete('/tickets/1')).resolves.toBeUndefined()
    expect(calls[1].body).toBeUndefined()
    expect(calls[1].headers['Content-Type']).toBeUndefined()
  })

  it('skips the token on public calls (auth: false) and on login, which stores the session', async () => {
    const { api, calls, storage } = setup(
      (c) => (c.path === '/api/auth/login' ? json(200, { token: RENEWED, user: user(5) }) : json(200, { plans: [] })),
      { token: null },
    )
    await api.get('/plans/list', { auth: false })
    expect(calls[0].headers.Authorization).toBeUndefined()
    const result = await api.login({ cnpj: '00000000000191', email: 'a@b.c', password: 'x' })
    expect(calls[1].headers.Authorization).toBeUndefined()
    expect(JSON.parse(calls[1].body as string)).toEqual({ cnpj: '00000000000191', email: 'a@b.c', password: 'x' })
    expect(result.user.id).toBe(5)
    expect(storage.getItem('token')).toBe(RENEWED)
    expect(storage.getItem('userId')).toBe('5')
    expect(storage.getItem('companyId')).toBe('7')
    expect(storage.getItem('companyDueDate')).toBe('2025-02-01')
  })

  it('logout deletes the server session and clears the stored one, keeping preferences', async () => {
    const { api, calls, storage, ended } = setup(() => new Response(null, { status: 204 }))
    await api.logout()
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/api/auth/logout' })
    expect(bearer(calls[0])).toBe(FRESH)
    expect(storage.getItem('token')).toBeNull()
    expect(storage.getItem('user')).toBeNull()
    expect(storage.getItem('preferredTheme')).toBe('dark')
    expect(ended).toEqual([])
  })
})

describe('session refresh', () => {
  it('refreshes an expired token before the first request', async () => {
    const { api, calls, storage } = setup(renewingServer(), { token: fakeJwt(nowS - 60) })
    const res = await api.get<{ tickets: unknown[] }>('/tickets')
    expect(res.tickets).toEqual([])
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/refresh_token', '/api/tickets'])
    expect(calls[0].method).toBe('POST')
    expect(calls[0].headers.Authorization).toBeUndefined() // the refresh cookie is the credential
    expect(calls[0].credentials).toBe('include')
    expect(bearer(calls[1])).toBe(RENEWED)
    expect(storage.getItem('token')).toBe(RENEWED)
  })

  it('restoreSession refreshes an expired token on the first load and returns the user', async () => {
    const { api, calls } = setup(renewingServer(), { token: fakeJwt(nowS - 60) })
    const u = await api.restoreSession()
    expect(u?.id).toBe(1)
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/refresh_token'])
  })

  it('refreshes early when under 300 s are left, not before', async () => {
    const early = setup(renewingServer(), { token: fakeJwt(nowS + 299) })
    await early.api.get('/tickets')
    expect(early.refreshCalls()).toBe(1)
    expect(bearer(early.calls[1])).toBe(RENEWED)

    const plenty = setup(() => json(200, {}), { token: fakeJwt(nowS + 301) })
    await plenty.api.get('/tickets')
    expect(plenty.refreshCalls()).toBe(0)
  })

  it('on 401 refreshes once and retries once, then succeeds', async () => {
    const { api, calls, ended } = setup(renewingServer())
    const res = await api.get<{ path: string }>('/tickets')
    expect(res.path).toBe('/api/tickets')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/tickets',
      'POST /api/auth/refresh_token',
      'GET /api/tickets',
    ])
    expect(bearer(calls[0])).toBe(FRESH)
    expect(bearer(calls[2])).toBe(RENEWED)
    expect(ended).toEqual([])
  })

  it('on 403 (not a plan/permission answer) also refreshes and retries', async () => {
    let n = 0
    const { api, refreshCalls } = setup((c) =>
      c.path === '/api/auth/refresh_token'
        ? json(200, { token: RENEWED, user: user() })
        : ++n === 1
          ? apiError(403, 'ERR_SESSION_EXPIRED')
          : json(200, { ok: 1 }),
    )
    await expect(api.get('/tickets')).resolves.toEqual({ ok: 1 })
    expect(refreshCalls()).toBe(1)
  })

  it('401 on the retry too ends the session', async () => {
    const { api, calls, ended, storage } = setup((c) =>
      c.path === '/api/auth/refresh_token'
        ? json(200, { token: RENEWED, user: user() })
        : apiError(401, 'ERR_SESSION_EXPIRED', 'Session ended'),
    )
    const err = await api.get('/tickets').catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'ERR_SESSION_EXPIRED', status: 401 })
    expect(calls.filter((c) => c.path === '/api/tickets')).toHaveLength(2) // retried once, never twice
    expect(ended).toEqual(['expired'])
    expect(storage.getItem('token')).toBeNull()
    expect(storage.getItem('userId')).toBeNull()
    expect(storage.getItem('preferredTheme')).toBe('dark')
  })

  it('a 403 with a business code is an answer: no refresh, no retry, no logout', async () => {
    const { api, calls, ended, refreshCalls } = setup((c) =>
      c.path === '/api/auth/refresh_token'
        ? json(200, { token: RENEWED, user: user() })
        : apiError(403, 'ERR_CANNOT_DELETE_SUPER_ADMIN', 'A super admin cannot be deleted'),
    )
    await expect(api.delete('/users/1')).rejects.toMatchObject({ code: 'ERR_CANNOT_DELETE_SUPER_ADMIN', status: 403 })
    expect(refreshCalls()).toBe(0)
    expect(calls.filter((c) => c.path === '/api/users/1')).toHaveLength(1)
    expect(ended).toEqual([])
  })

  it('N concurrent 401s make exactly one refresh call, then every request is retried', async () => {
    const { api, calls, refreshCalls, ended } = setup(renewingServer({ refreshDelay: 30, ticketsDelay: 5 }))
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => api.get<{ path: string }>(`/tickets/${i}`)))
    expect(results.map((r) => r.path)).toEqual(Array.from({ length: 8 }, (_, i) => `/api/tickets/${i}`))
    expect(refreshCalls()).toBe(1)
    for (let i = 0; i < 8; i++) {
      const mine = calls.filter((c) => c.path === `/api/tickets/${i}`)
      expect(mine.map(bearer)).toEqual([FRESH, RENEWED])
    }
    expect(ended).toEqual([])
  })

  it('a 401 that arrives after another request already refreshed retries with the new token, no second refresh', async () => {
    let slowSeen = false
    const { api, refreshCalls, calls } = setup(async (c) => {
      if (c.path === '/api/auth/refresh_token') return json(200, { token: RENEWED, user: user() })
      if (c.path === '/api/slow' && !slowSeen) {
        slowSeen = true
        await sleep(40)
      }
      return bearer(c) === RENEWED ? json(200, { ok: c.path }) : apiError(401, 'ERR_SESSION_EXPIRED')
    })
    const [a, b] = await Promise.all([api.get('/slow'), api.get('/fast')])
    expect(a).toEqual({ ok: '/api/slow' })
    expect(b).toEqual({ ok: '/api/fast' })
    expect(refreshCalls()).toBe(1)
    expect(calls.filter((c) => c.path === '/api/slow').map(bearer)).toEqual([FRESH, RENEWED])
  })

  it('requests made while a refresh is in flight wait for it in one queue', async () => {
    const order: string[] = []
    const { api, refreshCalls } = setup(
      async (c) => {
        if (c.path === '/api/auth/refresh_token') {
          order.push('refresh:start')
          await sleep(30)
          order.push('refresh:end')
          return json(200, { token: RENEWED, user: user() })
        }
        order.push(`${c.path}:${bearer(c) === RENEWED ? 'new' : 'old'}`)
        return json(200, {})
      },
      { token: fakeJwt(nowS - 1) },
    )
    await Promise.all([api.get('/a'), api.get('/b'), api.put('/c', { body: { x: 1 } })])
    expect(refreshCalls()).toBe(1)
    expect(order.slice(0, 2)).toEqual(['refresh:start', 'refresh:end'])
    expect(order.slice(2).sort()).toEqual(['/api/a:new', '/api/b:new', '/api/c:new'])
  })

  it('a refused refresh clears the session, calls onSessionEnded once and rejects every waiting request', async () => {
    const { api, storage, ended, refreshCalls } = setup(
      async (c) => {
        if (c.path === '/api/auth/refresh_token') {
          await sleep(10)
          return apiError(401, 'ERR_SESSION_EXPIRED')
        }
        return json(200, {})
      },
      { token: fakeJwt(nowS - 1) },
    )
    const results = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')])
    for (const r of results) {
      expect(r.status).toBe('rejected')
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'ERR_SESSION_EXPIRED', status: 401 })
    }
    expect(refreshCalls()).toBe(1)
    expect(ended).toEqual(['expired'])
    for (const k of ['token', 'user', 'userId', 'companyId', 'companyDueDate']) expect(storage.getItem(k)).toBeNull()
    expect(storage.getItem('preferredTheme')).toBe('dark')
  })

  it('no token at all: no request, session ended', async () => {
    const { api, calls, ended } = setup(() => json(200, {}), { token: null })
    await expect(api.get('/tickets')).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' })
    expect(calls).toHaveLength(0)
    expect(ended).toEqual(['expired'])
    await expect(api.restoreSession()).resolves.toBeNull()
  })

  it('a refresh that fails on the network keeps the session and uses the still-valid token', async () => {
    const { api, calls, ended, storage } = setup(
      (c) => {
        if (c.path === '/api/auth/refresh_token') throw new TypeError('Failed to fetch')
        return json(200, { ok: 1 })
      },
      { token: fakeJwt(nowS + 100) },
    )
    await expect(api.get('/tickets')).resolves.toEqual({ ok: 1 })
    expect(bearer(calls[1])).toBe(storage.getItem('token'))
    expect(ended).toEqual([])
  })

  it('a refresh that fails with a 5xx on an expired token rejects but does not log out', async () => {
    const { api, ended, storage } = setup(
      (c) => (c.path === '/api/auth/refresh_token' ? apiError(503, 'ERR_INTERNAL_SERVER_ERROR') : json(200, {})),
      { token: fakeJwt(nowS - 5) },
    )
    await expect(api.get('/tickets')).rejects.toMatchObject({ code: 'ERR_INTERNAL_SERVER_ERROR', status: 503 })
    expect(ended).toEqual([])
    expect(storage.getItem('token')).not.toBeNull()
  })

  it.each(['ERR_PLAN_FEATURE_DISABLED', 'ERR_NO_PERMISSION'])('does not refresh or retry on 403 %s', async (code) => {
    const { api, calls, ended, refreshCalls } = setup(() => apiError(403, code, 'not for you'))
    await expect(api.get('/campaigns')).rejects.toMatchObject({ code, status: 403, message: 'not for you' })
    expect(calls).toHaveLength(1)
    expect(refreshCalls()).toBe(0)
    expect(ended).toEqual([])
  })

  it('ends the session at once when the company was switched off (403 ERR_COMPANY_DISABLED), without a refresh', async () => {
    const { api, calls, ended, refreshCalls, storage } = setup(() =>
      apiError(403, 'ERR_COMPANY_DISABLED', 'Company disabled, contact support'),
    )
    await expect(api.get('/tickets')).rejects.toMatchObject({ code: 'ERR_COMPANY_DISABLED', status: 403 })
    expect(calls).toHaveLength(1)
    expect(refreshCalls()).toBe(0)
    expect(ended).toEqual(['expired'])
    expect(storage.getItem('token')).toBeNull()
  })

  it('does not refresh public calls that answer 401 (a wrong password is not an expired session)', async () => {
    const { api, calls } = setup(() => apiError(401, 'ERR_INVALID_CREDENTIALS'), { token: null })
    await expect(api.login({ cnpj: '1', email: 'a@b.c', password: 'bad' })).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(1)
  })
})

describe('failures', () => {
  it('turns the server error body into an ApiError with code, message, status and field', async () => {
    const { api } = setup(() => apiError(400, 'ERR_VALIDATION', 'name is too short', { field: 'name' }))
    const err = (await api.post('/contacts', { body: {} }).catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'ERR_VALIDATION', message: 'name is too short', status: 400, field: 'name' })
    expect(err.data).toMatchObject({ statusCode: 400 })
  })

  it('times out after 10 000 ms with ERR_TIMEOUT', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { api } = setup(
      (c) =>
        new Promise<Response>((_, reject) => {
          c.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const p = api.get('/tickets').catch((e) => e)
    await vi.advanceTimersByTimeAsync(9_999)
    let settled = false
    void p.then(() => {
      settled = true
    })
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await p).toMatchObject({ code: 'ERR_TIMEOUT', status: 0 })
  })

  it('reports a caller abort as ERR_ABORTED, a network failure as ERR_NETWORK and a non-JSON 502 as ERR_INTERNAL_SERVER_ERROR', async () => {
    const ctrl = new AbortController()
    const aborting = setup(
      (c) =>
        new Promise<Response>((_, reject) => {
          c.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const p = aborting.api.get('/x', { signal: ctrl.signal })
    await waitFor(() => aborting.calls.length === 1) // the fetch is out
    ctrl.abort()
    await expect(p).rejects.toMatchObject({ code: 'ERR_ABORTED' })
    await expect(aborting.api.get('/y', { signal: ctrl.signal })).rejects.toMatchObject({ code: 'ERR_ABORTED' })
    expect(aborting.calls.map((c) => c.path)).toEqual(['/api/x'])

    const offline = setup(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(offline.api.get('/x')).rejects.toMatchObject({ code: 'ERR_NETWORK', status: 0 })

    const proxy = setup(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    )
    await expect(proxy.api.get('/x')).rejects.toMatchObject({ code: 'ERR_INTERNAL_SERVER_ERROR', status: 502 })
  })
})
