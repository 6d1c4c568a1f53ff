import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  createTestApp,
  SUPER,
  SPEC_SETTINGS,
  hasRedis,
  settingsProbe,
  until,
  type TestApp,
} from '@atende/kernel/testing'
import auth from '../src/index.ts'
import { seedCompany, maskCnpj, refreshCookie } from './helpers.ts'

describe('auth: login, refresh, me, logout', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [auth, settingsProbe(SPEC_SETTINGS)] })
  })
  afterAll(async () => {
    await t?.close()
  })

  const login = (payload: object, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress })

  it('signs in with a masked CNPJ, answers token + user view and sets the refresh cookie', async () => {
    const c = await seedCompany(t.app, t.db)
    const res = await login({ cnpj: maskCnpj(c.cnpj), email: c.email.toUpperCase(), password: c.password })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(typeof body.token).toBe('string')
    expect(body.user).toMatchObject({
      id: c.userId,
      companyId: c.companyId,
      profile: 'admin',
      super: false,
      online: true,
    })
    expect(body.user).not.toHaveProperty('passwordHash')
    expect(body.user.company).toMatchObject({ id: c.companyId, status: true })
    expect(Array.isArray(body.user.company.settings)).toBe(true)
    const cookie = refreshCookie(res)!
    expect(cookie).toMatchObject({
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: t.app.kernel.config.refreshTokenTtlSeconds,
    })
    expect(cookie.value.length).toBeGreaterThan(40)
  })

  it('marks the cookie secure behind https only when the proxy saying so is trusted', async () => {
    const c = await seedCompany(t.app, t.db)
    const viaProxy = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { cnpj: c.cnpj, email: c.email, password: c.password },
      })
    expect(refreshCookie(await viaProxy(t.app))).not.toMatchObject({ secure: true })
    const behind = await createTestApp({ plugins: [auth], db: t.db, config: { trustProxy: ['127.0.0.1'] } })
    try {
      expect(refreshCookie(await viaProxy(behind.app))).toMatchObject({ secure: true })
    } finally {
      await behind.close()
    }
  })

  it('412 for an unknown CNPJ', async () => {
    const res = await login({ cnpj: '99.999.999/9999-99', email: 'x@example.com', password: 'Senha@123' })
    expect(res.statusCode).toBe(412)
    expect(res.json()).toMatchObject({ error: 'ERR_COMPANY_NOT_FOUND', message: 'company not found for this CNPJ' })
  })

  it('401 with the same answer for a wrong password and an unknown email', async () => {
    const c = await seedCompany(t.app, t.db)
    const wrong = await login({ cnpj: c.cnpj, email: c.email, password: 'Errada@123' })
    const unknown = await login({ cnpj: c.cnpj, email: 'nobody@example.com', password: c.password })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().error).toBe('ERR_INVALID_CREDENTIALS')
  })

  it('refuses a user of another company with that email (the CNPJ picks the company)', async () => {
    const a = await seedCompany(t.app, t.db)
    const b = await seedCompany(t.app, t.db)
    const res = await login({ cnpj: b.cnpj, email: a.email, password: a.password })
    expect(res.statusCode).toBe(401)
  })

  it('403 ERR_COMPANY_DISABLED for a disabled company', async () => {
    const c = await seedCompany(t.app, t.db, { status: false })
    const res = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_COMPANY_DISABLED')
  })

  it('403 PLAN_EXPIRED when the due date has passed (an admin gets a session restricted to renewing)', async () => {
    const c = await seedCompany(t.app, t.db, { dueDate: new Date(Date.now() - 60_000), profile: 'user' })
    const res = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('PLAN_EXPIRED')
    const admin = await seedCompany(t.app, t.db, { dueDate: new Date(Date.now() - 60_000) })
    const ok = await login({ cnpj: admin.cnpj, email: admin.email, password: admin.password })
    expect(ok.statusCode, ok.body).toBe(200)
    // The kernel lets that session reach only routes marked allowExpired.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${ok.json().token}` },
    })
    expect(me.statusCode).toBe(200)
  })

  it('400 naming the field for a bad CNPJ or a missing field', async () => {
    const bad = await login({ cnpj: '123', email: 'a@b.com', password: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'cnpj' })
    const missing = await login({ cnpj: SUPER.cnpj, email: SUPER.email })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'password' })
  })

  it('rate-limits the 11th attempt for one client and account with 429', async () => {
    const c = await seedCompany(t.app, t.db)
    const payload = { cnpj: c.cnpj, email: c.email, password: 'Errada@123' }
    for (let i = 0; i < 10; i++) expect((await login(payload, '10.9.9.9')).statusCode).toBe(401)
    const res = await login(payload, '10.9.9.9')
    expect(res.statusCode).toBe(429)
    expect(res.json().error).toBe('ERR_TOO_MANY_REQUESTS')
    // Another client address is counted apart.
    expect((await login({ ...payload, password: c.password }, '10.9.9.10')).statusCode).toBe(200)
  })

  it('counts the email as the lookup reads it: other case or spaces share the allowance', async () => {
    const c = await seedCompany(t.app, t.db)
    const variants = [c.email, ` ${c.email}`, `${c.email} `, c.email.toUpperCase(), ` ${c.email.toUpperCase()}\t`]
    for (let i = 0; i < 10; i++) {
      expect(
        (await login({ cnpj: c.cnpj, email: variants[i % variants.length], password: 'Errada@123' }, '10.9.8.1'))
          .statusCode,
      ).toBe(401)
    }
    for (const email of variants)
      expect((await login({ cnpj: c.cnpj, email, password: c.password }, '10.9.8.1')).statusCode).toBe(429)
    // The same spellings sign in (the lookup normalises too), from an address with allowance left.
    for (const email of variants)
      expect((await login({ cnpj: c.cnpj, email, password: c.password }, '10.9.8.2')).statusCode).toBe(200)
  })

  it('does not let a client reset its login allowance by rotating X-Forwarded-For (no TRUST_PROXY)', async () => {
    const c = await seedCompany(t.app, t.db)
    const payload = { cnpj: c.cnpj, email: c.email, password: 'Errada@123' }
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        remoteAddress: '10.9.7.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      })
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401)
    expect((await attempt(10)).statusCode).toBe(429)
    expect((await attempt(11)).statusCode).toBe(429)
  })

  it('me answers the user view with the company and its settings', async () => {
    const c = await seedCompany(t.app, t.db)
    await t.db('settings').insert({ companyId: c.companyId, key: 'userCreation', value: 'disabled' })
    const { token } = (await login({ cnpj: c.cnpj, email: c.email, password: c.password })).json()
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: c.userId, company: { id: c.companyId } })
    expect(res.json().company.settings).toContainEqual({ key: 'userCreation', value: 'disabled' })
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
  })

  it('login, refresh and me list every defined company setting at its effective value', async () => {
    const c = await seedCompany(t.app, t.db)
    const defaults = t.app.kernel.settings.definitions().map((d) => ({ key: d.key, value: d.default ?? d.values[0] }))
    expect(defaults.length).toBeGreaterThan(5)
    // A new company has no stored rows: every setting comes back with its default.
    const first = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    expect(first.json().user.company.settings).toEqual(defaults)
    // A stored value wins over the default; the others keep theirs.
    await t.app.kernel.settings.set(c.companyId, 'userRating', 'enabled')
    const expected = defaults.map((s) => (s.key === 'userRating' ? { key: 'userRating', value: 'enabled' } : s))
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      cookies: { jrt: refreshCookie(first)!.value },
    })
    expect(refreshed.json().user.company.settings).toEqual(expected)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${refreshed.json().token}` },
    })
    expect(me.json().company.settings).toEqual(expected)
  })

  it('refresh rotates the cookie and refuses the old refresh token (which ends the session)', async () => {
    const c = await seedCompany(t.app, t.db)
    const first = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    const old = refreshCookie(first)!.value
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: old } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ user: { id: c.userId } })
    const rotated = refreshCookie(res)!.value
    expect(rotated).not.toBe(old)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    })
    expect(me.statusCode).toBe(200)

    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: old } })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error).toBe('ERR_SESSION_EXPIRED')
    expect(refreshCookie(replay)?.value).toBe('') // cleared
    // The old token coming back is theft: the family ended, the newer token with it (refresh-reuse.test.ts).
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: rotated } })).statusCode,
    ).toBe(401)
  })

  it('a rotated refresh token used again ends its session: the newest refresh token and the access tokens too', async () => {
    const c = await seedCompany(t.app, t.db)
    const warnings: unknown[] = []
    const warn = t.app.kernel.log.warn
    t.app.kernel.log.warn = ((obj: unknown, msg?: string) => {
      warnings.push({ obj, msg })
    }) as typeof warn
    try {
      const first = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
      const stolen = refreshCookie(first)!.value
      const refresh = (jrt: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt } })
      const rotated = await refresh(stolen)
      expect(rotated.statusCode).toBe(200)
      const newest = await refresh(refreshCookie(rotated)!.value)
      expect(newest.statusCode).toBe(200)
      const headers = { authorization: `Bearer ${newest.json().token}` }
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200)

      const replay = await refresh(stolen)
      expect(replay.statusCode).toBe(401)
      expect(replay.json().error).toBe('ERR_SESSION_EXPIRED')
      expect(refreshCookie(replay)?.value).toBe('')
      expect((await refresh(refreshCookie(newest)!.value)).statusCode).toBe(401)
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401)
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { authorization: `Bearer ${first.json().token}` },
          })
        ).statusCode,
      ).toBe(401)
      expect(
        Number(
          (await t.db('user_sessions').where({ userId: c.userId }).whereNull('revokedAt').count({ n: '*' }).first())!.n,
        ),
      ).toBe(0)
      expect(warnings).toContainEqual({
        obj: expect.objectContaining({ userId: c.userId, companyId: c.companyId }),
        msg: expect.stringMatching(/refresh token reused/),
      })
    } finally {
      t.app.kernel.log.warn = warn
    }
  })

  it('a forged refresh token naming a live session ends nothing', async () => {
    const c = await seedCompany(t.app, t.db)
    const first = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    const real = refreshCookie(first)!.value
    const sessionId = real.split('.')[0]
    for (const forged of [
      `${sessionId}.x`,
      `${sessionId}.abc.def`,
      real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A'),
    ]) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: forged } })).statusCode,
      ).toBe(401)
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: real } })).statusCode,
    ).toBe(200)
  })

  it('refresh without a cookie or with garbage is 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token' })).statusCode).toBe(401)
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt: 'nope' } })
    expect(res.statusCode).toBe(401)
  })

  it('refresh ends the session of a company disabled meanwhile', async () => {
    const c = await seedCompany(t.app, t.db)
    const first = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    await t.db('companies').where({ id: c.companyId }).update({ status: false })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      cookies: { jrt: refreshCookie(first)!.value },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_COMPANY_DISABLED')
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      cookies: { jrt: refreshCookie(first)!.value },
    })
    expect(again.statusCode).toBe(401)
  })

  it('logout kills the access token, clears the cookie and sets the user offline', async () => {
    const c = await seedCompany(t.app, t.db)
    const first = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    const headers = { authorization: `Bearer ${first.json().token}` }
    const out = await t.app.inject({ method: 'DELETE', url: '/api/auth/logout', headers })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toHaveProperty('message')
    expect(refreshCookie(out)?.value).toBe('')
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401)
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      cookies: { jrt: refreshCookie(first)!.value },
    })
    expect(refresh.statusCode).toBe(401)
    expect((await t.db('users').where({ id: c.userId }).first('online')).online).toBe(false)
  })

  it('announces presence (user.updated) when login or logout flips the online flag, once', async () => {
    const c = await seedCompany(t.app, t.db)
    const seen: Array<{ id: number; online: boolean }> = []
    const off = t.app.kernel.bus.on('user.updated', (p) => {
      seen.push({ id: (p.user as any).id, online: (p.user as any).online })
    })
    await login({ cnpj: c.cnpj, email: c.email, password: c.password }, '10.0.9.1')
    const second = await login({ cnpj: c.cnpj, email: c.email, password: c.password }, '10.0.9.2')
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${second.json().token}` },
    })
    expect(out.statusCode).toBe(200)
    off()
    expect(seen.filter((e) => e.id === c.userId)).toEqual([
      { id: c.userId, online: true },
      { id: c.userId, online: false },
    ])
  })

  it('a second login revokes the first session (access and refresh) and emits auth.sessionsRevoked', async () => {
    const c = await seedCompany(t.app, t.db)
    const events: unknown[] = []
    const off = t.app.kernel.bus.on('auth.sessionsRevoked', (p) => {
      events.push(p)
    })
    const first = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    const firstHeaders = { authorization: `Bearer ${first.json().token}` }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: firstHeaders })).statusCode).toBe(200)

    const second = await login({ cnpj: c.cnpj, email: c.email, password: c.password })
    expect(second.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: firstHeaders })).statusCode).toBe(401)
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      cookies: { jrt: refreshCookie(first)!.value },
    })
    expect(oldRefresh.statusCode).toBe(401)
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${second.json().token}` },
        })
      ).statusCode,
    ).toBe(200)
    await until(() => events.some((e) => (e as { userId?: number }).userId === c.userId))
    off()
    expect(events).toContainEqual(expect.objectContaining({ userId: c.userId, companyId: c.companyId }))
  })

  it('the embedded super user signs in', async () => {
    const res = await login({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.super).toBe(true)
  })
})

describe.skipIf(!hasRedis)('auth: the login limit across API processes (Redis)', () => {
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

  it('counts attempts on every process against one limit', async () => {
    const c = await seedCompany(a.app, a.db)
    const payload = { cnpj: c.cnpj, email: c.email, password: 'Errada@123' }
    const attempt = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: '10.7.7.7' })
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? a : b)).statusCode).toBe(401)
    expect((await attempt(a)).statusCode).toBe(429)
    expect((await attempt(b)).statusCode).toBe(429)
  })
})
