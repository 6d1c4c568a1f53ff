import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { captureLog, createTestApp, hasRedis, until, type TestApp } from '@atende/kernel/testing'
import auth from '../src/index.ts'
import { seedCompany, refreshCookie } from './helpers.ts'

type Company = Awaited<ReturnType<typeof seedCompany>>
let seq = 0

/** Sign-in, refresh and me against one app, as the shell calls them. */
function calls(t: TestApp) {
  const login = (c: Company, password = c.password) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cnpj: c.cnpj, email: c.email, password },
      remoteAddress: `10.34.${++seq % 250}.1`,
    })
  const refresh = (jrt: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt } })
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }))
      .statusCode
  return { login, refresh, me }
}

describe('auth: a refresh token presented again after its rotation is theft', () => {
  let t: TestApp
  const log = captureLog()
  beforeAll(async () => {
    t = await createTestApp({ plugins: [auth], logger: { level: 'warn', stream: log.stream } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('ends the whole family at once, even right after the rotation, and logs a warning naming the session', async () => {
    const { login, refresh, me } = calls(t)
    const c = await seedCompany(t.app, t.db)
    const first = await login(c)
    const t1 = refreshCookie(first)!.value
    const second = await refresh(t1)
    expect(second.statusCode).toBe(200)
    const t2 = refreshCookie(second)!.value
    // Both access tokens of the login work (and its session is now cached by this process).
    expect(await me(first.json().token)).toBe(200)
    expect(await me(second.json().token)).toBe(200)

    // No pause, no clock games: the token just rotated away comes back.
    const replay = await refresh(t1)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error).toBe('ERR_SESSION_EXPIRED')
    expect(refreshCookie(replay)?.value).toBe('') // cleared

    // Every token descended from that login is dead: the newest refresh token and both access tokens.
    expect((await refresh(t2)).statusCode).toBe(401)
    expect(await me(second.json().token)).toBe(401)
    expect(await me(first.json().token)).toBe(401)
    const live = await t.db('user_sessions').where({ userId: c.userId }).whereNull('revokedAt').count({ n: '*' })
    expect(Number(live[0]!.n)).toBe(0)

    const sessionId = t1.split('.')[0]
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        userId: c.userId,
        companyId: c.companyId,
        sessionId,
        msg: expect.stringMatching(/refresh token reused/),
      }),
    )
    for (const secret of [t1, t2, first.json().token, second.json().token]) expect(log.text()).not.toContain(secret)
  })

  it('the next successful sign-in carries a security notice, once', async () => {
    const { login, refresh } = calls(t)
    const c = await seedCompany(t.app, t.db)
    const t1 = refreshCookie(await login(c))!.value
    expect((await refresh(t1)).statusCode).toBe(200)
    const before = Date.now()
    expect((await refresh(t1)).statusCode).toBe(401)

    // A failed sign-in does not spend it.
    const wrong = await login(c, 'Errada@123')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).not.toHaveProperty('securityNotice')

    const next = await login(c)
    expect(next.statusCode).toBe(200)
    const notice = next.json().securityNotice
    expect(notice).toEqual({ code: 'SESSION_REVOKED_REUSE', at: expect.any(String) })
    expect(new Date(notice.at).toISOString()).toBe(notice.at)
    expect(new Date(notice.at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(new Date(notice.at).getTime()).toBeLessThanOrEqual(Date.now())

    const after = await login(c)
    expect(after.statusCode).toBe(200)
    expect(after.json()).not.toHaveProperty('securityNotice')
  })

  it('sessions ended for other reasons (logout, a newer login) bring no notice', async () => {
    const { login } = calls(t)
    const c = await seedCompany(t.app, t.db)
    const first = await login(c)
    await login(c) // ends the first session
    const third = await login(c)
    await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${third.json().token}` },
    })
    const res = await login(c)
    expect(res.statusCode).toBe(200)
    expect(res.json()).not.toHaveProperty('securityNotice')
    expect(first.json()).not.toHaveProperty('securityNotice')
  })

  it("the login answer's OpenAPI schema documents the notice", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const ok = doc.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema
    expect(ok.required).toEqual(expect.arrayContaining(['token', 'user']))
    expect(ok.required).not.toContain('securityNotice')
    expect(ok.properties.securityNotice).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['code', 'at']),
      properties: { code: { enum: ['SESSION_REVOKED_REUSE'] }, at: { type: 'string', format: 'date-time' } },
    })
  })
})

describe.skipIf(!hasRedis)('auth: refresh reuse across API processes (Redis)', () => {
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    a = await createTestApp({ plugins: [auth] })
    b = await createTestApp({ plugins: [auth], db: a.db, config: { redisPrefix: a.app.kernel.config.redisPrefix } })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('the other process drops the ended session from its cache as soon as it hears of it', async () => {
    const c = await seedCompany(a.app, a.db)
    const first = await calls(a).login(c)
    const token = first.json().token
    expect(await calls(b).me(token)).toBe(200) // cached in b
    const heard: number[] = []
    // Registered after the kernel's own handler, so when this runs b's cache has been cleared.
    const off = b.app.kernel.bus.on('auth.sessionsRevoked', (p) => {
      heard.push(p.userId)
    })
    try {
      const t1 = refreshCookie(first)!.value
      expect((await calls(a).refresh(t1)).statusCode).toBe(200)
      expect((await calls(a).refresh(t1)).statusCode).toBe(401)
      await until(() => heard.includes(c.userId))
    } finally {
      off()
    }
    expect(await calls(b).me(token)).toBe(401)
  })
})
