import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { companyWithUser, hasRedis, until, userIn, type TestApp } from '@atende/kernel/testing'
import type { ApiToken } from '../src/api.ts'
import { hashToken } from '../src/tokens.ts'
import { apiApp, company, type Company } from './support.ts'

/** Token management (admins), and the token rules every integrators' route applies. */
describe('api tokens', () => {
  let t: TestApp
  let a: Company
  beforeAll(async () => {
    t = await apiApp()
    a = await company(t)
  })
  afterAll(async () => {
    await t?.close()
  })
  const list = async (c = a): Promise<ApiToken[]> => (await c.ok(c.call('GET', '/api/api-tokens'))).data
  const stats = (c: Company, bearer: string, companyId = c.companyId) =>
    c.as(bearer, 'GET', `/api/v1/companies/${companyId}/contacts/stats`)

  it('issues a token shown once, stored as a hash, listed newest first with its preview', async () => {
    const res = await a.call('POST', '/api/api-tokens/generate', { name: '  ERP  ' })
    expect(res.statusCode, res.body).toBe(200)
    const { data } = res.json()
    expect(data.token).toMatch(/^atd_[A-Za-z0-9_-]{43}$/)
    expect(data).toMatchObject({ name: 'ERP', isActive: true, status: 'active', usageCount: 0, lastUsed: null })
    // Default expiry 365 days.
    const days = (new Date(data.expiresAt).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364.9)
    expect(days).toBeLessThan(365.1)
    const second = await a.token('CRM', '7d')
    const never = await a.token('Never', '100y')
    const rows = await list()
    expect(rows.map((r) => r.name)).toEqual(['Never', 'CRM', 'ERP'])
    expect(rows[2].token).toBe(`${data.token.slice(0, 20)}...${data.token.slice(-10)}`)
    expect(rows.every((r) => !r.token.includes(data.token))).toBe(true)
    expect(new Date(rows[0].expiresAt!).getFullYear()).toBeGreaterThan(new Date().getFullYear() + 98)
    // The database holds the hash, never the secret.
    const stored = await t.db('api_tokens').where({ id: second.id }).first()
    expect(stored.tokenHash).toBe(hashToken(second.token))
    expect(JSON.stringify(stored)).not.toContain(second.token.slice(20, 40))
    expect(never.token).not.toBe(second.token)
  })

  it('refuses a blank or long name and an unknown expiry, naming the field', async () => {
    for (const [body, field, code] of [
      [{ name: '   ' }, 'name', 'ERR_API_TOKEN_NAME'],
      [{ name: 'x'.repeat(101) }, 'name', 'ERR_API_TOKEN_NAME'],
      [{}, 'name', undefined],
      [{ name: 'ok', expiresIn: '2d' }, 'expiresIn', undefined],
    ] as const) {
      const res = await a.call('POST', '/api/api-tokens/generate', body)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().field).toBe(field)
      if (code) expect(res.json().error).toBe(code)
    }
  })

  it('is for admins; another company’s token is not found', async () => {
    const plain = await userIn(t.app, a.companyId, 'user')
    expect((await a.call('GET', '/api/api-tokens', undefined, plain.headers)).statusCode).toBe(403)
    expect((await a.call('POST', '/api/api-tokens/generate', { name: 'x' }, plain.headers)).statusCode).toBe(403)
    const mine = await a.token('mine')
    expect((await a.call('DELETE', `/api/api-tokens/${mine.id}`, undefined, plain.headers)).statusCode).toBe(403)
    const b = await company(t)
    const res = await b.call('DELETE', `/api/api-tokens/${mine.id}`)
    expect([res.statusCode, res.json().error]).toEqual([404, 'ERR_NO_API_TOKEN_FOUND'])
    expect((await b.call('DELETE', '/api/api-tokens/999999')).statusCode).toBe(404)
    expect((await list(b)).map((r) => r.id)).not.toContain(mine.id)
    expect((await list()).find((r) => r.id === mine.id)?.status).toBe('active')
  })

  it('revoking keeps the token listed as inactive and refuses it at once', async () => {
    const frames: unknown[] = []
    t.app.kernel.bus.on('apiToken.saved', (p) => {
      frames.push(p)
    })
    const tk = await a.token('to revoke')
    expect((await stats(a, tk.token)).statusCode).toBe(200)
    const res = await a.call('DELETE', `/api/api-tokens/${tk.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBeTruthy()
    const row = (await list()).find((r) => r.id === tk.id)!
    expect(row).toMatchObject({ isActive: false, status: 'inactive' })
    const refused = await stats(a, tk.token)
    expect([refused.statusCode, refused.json().error]).toEqual([401, 'ERR_API_TOKEN_INVALID'])
    expect(frames).toContainEqual(
      expect.objectContaining({
        companyId: a.companyId,
        action: 'update',
        apiToken: expect.objectContaining({ id: tk.id }),
      }),
    )
    expect(frames).toContainEqual(expect.objectContaining({ action: 'create' }))
  })

  it('an expired token is refused with its own code and listed as expired', async () => {
    const tk = await a.token('old', '24h')
    await t
      .db('api_tokens')
      .where({ id: tk.id })
      .update({ expiresAt: new Date(Date.now() - 1000) })
    const res = await stats(a, tk.token)
    expect([res.statusCode, res.json().error]).toEqual([401, 'ERR_API_TOKEN_EXPIRED'])
    expect((await list()).find((r) => r.id === tk.id)).toMatchObject({ isActive: true, status: 'expired' })
  })

  it('a missing, unknown or session bearer is 401 ERR_API_TOKEN_INVALID', async () => {
    const noBearer = await t.app.inject({ method: 'GET', url: `/api/v1/companies/${a.companyId}/contacts/stats` })
    expect([noBearer.statusCode, noBearer.json().error]).toEqual([401, 'ERR_API_TOKEN_INVALID'])
    for (const bearer of ['atd_' + 'x'.repeat(43), 'not-a-token', a.headers.authorization.slice(7)]) {
      const res = await stats(a, bearer)
      expect([res.statusCode, res.json().error]).toEqual([401, 'ERR_API_TOKEN_INVALID'])
    }
    const send = await a.as('atd_unknown', 'POST', '/api/messages/send', { number: '5547999990000', body: 'x' })
    expect([send.statusCode, send.json().error]).toEqual([401, 'ERR_API_TOKEN_INVALID'])
  })

  it('counts usage in memory and writes it in one go', async () => {
    const tk = await a.token('counted')
    for (let i = 0; i < 3; i++) expect((await stats(a, tk.token)).statusCode).toBe(200)
    // Nothing written per request (the flush interval is off in tests)...
    expect(Number((await t.db('api_tokens').where({ id: tk.id }).first()).usageCount)).toBe(0)
    // ...the list writes what this process counted before reading.
    const row = (await list()).find((r) => r.id === tk.id)!
    expect(row.usageCount).toBe(3)
    expect(row.lastUsed).not.toBeNull()
    await stats(a, tk.token)
    expect((await list()).find((r) => r.id === tk.id)!.usageCount).toBe(4)
  })

  it('limits each token’s rate, with Retry-After; other tokens are not affected', async () => {
    process.env.API_TOKEN_RATE_LIMIT = '2'
    try {
      const [one, two] = [await a.token('rate 1'), await a.token('rate 2')]
      expect((await stats(a, one.token)).statusCode).toBe(200)
      expect((await stats(a, one.token)).statusCode).toBe(200)
      const limited = await stats(a, one.token)
      expect(limited.statusCode).toBe(429)
      expect(limited.json().error).toBe('ERR_TOO_MANY_REQUESTS')
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect((await stats(a, two.token)).statusCode).toBe(200)
    } finally {
      delete process.env.API_TOKEN_RATE_LIMIT
    }
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED), for admins and for tokens', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Without API ${Date.now()}`, users: 5 })
      .returning('id')
    const c = await company(t, { planId: plan.id })
    const tk = await c.token('before')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'useExternalApi', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const admin = await c.call('GET', '/api/api-tokens')
    expect([admin.statusCode, admin.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
    const res = await stats(c, tk.token)
    expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
    const send = await c.as(tk.token, 'POST', '/api/messages/send', { number: '5547999990000', body: 'x' })
    expect([send.statusCode, send.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
  })

  it("stops serving a switched-off or expired company's tokens and sessions, and serves them again when it is back", async () => {
    const c = await company(t)
    const tk = await c.token('standing')
    // As the companies plugin does when the super user edits the company.
    const set = async (patch: object) => {
      await t.db('companies').where({ id: c.companyId }).update(patch)
      await t.app.kernel.bus.emit('company.updated', { companyId: c.companyId, company: {} })
    }
    const both = async () => {
      const token = await stats(c, tk.token)
      const session = await c.call('GET', '/api/api-tokens')
      return [token.statusCode, token.json().error ?? null, session.statusCode, session.json().error ?? null]
    }
    expect(await both()).toEqual([200, null, 200, null])
    await set({ status: false })
    expect(await both()).toEqual([403, 'ERR_COMPANY_DISABLED', 403, 'ERR_COMPANY_DISABLED'])
    await set({ status: true, dueDate: new Date(Date.now() - 86_400_000) })
    expect(await both()).toEqual([402, 'PLAN_EXPIRED', 402, 'PLAN_EXPIRED'])
    await set({ dueDate: new Date(Date.now() + 30 * 86_400_000) })
    expect(await both()).toEqual([200, null, 200, null])
  })

  it('lists the integrators’ routes in the OpenAPI document under their tag, with apiToken security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const base = '/api/v1/companies/{companyId}/contacts'
    const expected: Record<string, string[]> = {
      '/api/messages/send': ['post'],
      [base]: ['get', 'post'],
      [`${base}/find`]: ['get'],
      [`${base}/stats`]: ['get'],
      [`${base}/bulk-sync`]: ['post'],
      [`${base}/{id}`]: ['delete', 'get', 'put'],
    }
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods)
      for (const m of methods) {
        expect(doc.paths[path][m].tags).toEqual(['integrations-api'])
        expect(doc.paths[path][m].security).toEqual([{ apiToken: [] }])
        expect(doc.paths[path][m].responses['401']).toBeDefined()
      }
    }
    const send = doc.paths['/api/messages/send'].post.requestBody.content
    expect(Object.keys(send).sort()).toEqual(['application/json', 'multipart/form-data'])
    expect(send['application/json'].schema.required).toEqual(['number', 'body'])
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    // The admin routes keep the session bearer.
    expect(doc.paths['/api/api-tokens'].get.security).toBeUndefined()
    expect(doc.paths['/api/api-tokens/generate'].post.tags).toEqual(['api-tokens'])
  })

  it('a user of another company cannot see tokens of this one', async () => {
    const other = await companyWithUser(t.app, { profile: 'admin' })
    const res = await t.app.inject({ method: 'GET', url: '/api/api-tokens', headers: other.headers })
    const ids = (await list()).map((r) => r.id)
    expect(
      res
        .json()
        .data.map((r: ApiToken) => r.id)
        .filter((id: number) => ids.includes(id)),
    ).toEqual([])
  })
})

describe.skipIf(!hasRedis)('api tokens across API processes (Redis)', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    a = await apiApp()
    b = await apiApp({ db: a.db, config: { redisPrefix: a.app.kernel.config.redisPrefix } })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('a revocation on one process reaches the token cache of the other; the rate limit is shared', async () => {
    const c = await company(a)
    const tk = await c.token('two processes')
    const url = `/api/v1/companies/${c.companyId}/contacts/stats`
    const on = (t: TestApp) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tk.token}` } })
    expect((await on(b)).statusCode).toBe(200) // b has it cached now
    await c.ok(c.call('DELETE', `/api/api-tokens/${tk.id}`))
    await until(async () => (await on(b)).statusCode === 401)
    expect((await on(b)).json().error).toBe('ERR_API_TOKEN_INVALID')

    process.env.API_TOKEN_RATE_LIMIT = '2'
    try {
      const other = await c.token('shared limit')
      const call = (t: TestApp) =>
        t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${other.token}` } })
      expect((await call(a)).statusCode).toBe(200)
      expect((await call(b)).statusCode).toBe(200)
      expect((await call(a)).statusCode).toBe(429)
    } finally {
      delete process.env.API_TOKEN_RATE_LIMIT
    }
  })
})
