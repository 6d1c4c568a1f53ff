import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createSigner } from 'fast-jwt'
import { createTestApp, companyWithUser, userIn, type TestApp } from './support/index.ts'

/**
 * The kernel's access check (auth/sessions.ts verifyAccess): a token counts only for the session it
 * names, that session's user and company, whether the session is cached in this process or not.
 */
describe('access tokens are bound to their session', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [] })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A token signed with the real secret (a leaked key, an insider) carrying the claims we choose. */
  const forge = (claims: { sub: string; cid: number; sid: string; pro: 'admin' | 'user'; sup: boolean }) =>
    createSigner({ key: t.app.kernel.config.jwtSecret, expiresIn: 60_000 })(claims)
  const permissions = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: `Bearer ${token}` } })
  const sessionOf = (u: { userId: number; companyId: number }) =>
    t.app.kernel.auth.issue({ id: u.userId, companyId: u.companyId, profile: 'admin', super: false })
  const expectRefused = async (token: string) => {
    const res = await permissions(token)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED', statusCode: 401 })
  }

  it("a token naming A's session for user B is refused, on the first check and once the session is cached", async () => {
    const a = await companyWithUser(t.app)
    const b = await userIn(t.app, a.companyId, 'admin')
    const sessionA = await sessionOf(a)
    const asB = forge({ sub: String(b.userId), cid: a.companyId, sid: sessionA.sessionId, pro: 'admin', sup: false })

    await expectRefused(asB) // nothing cached yet
    expect((await permissions(sessionA.accessToken)).statusCode).toBe(200) // A's request caches the session
    await expectRefused(asB)
    expect((await permissions(sessionA.accessToken)).statusCode).toBe(200) // the real owner goes on
  })

  it("a token naming A's own session under another company is refused, on the first check and once cached", async () => {
    const a = await companyWithUser(t.app)
    const other = await companyWithUser(t.app)
    const sessionA = await sessionOf(a)
    const elsewhere = forge({
      sub: String(a.userId),
      cid: other.companyId,
      sid: sessionA.sessionId,
      pro: 'admin',
      sup: false,
    })

    await expectRefused(elsewhere)
    expect((await permissions(sessionA.accessToken)).statusCode).toBe(200)
    await expectRefused(elsewhere)
  })

  it('a revocation announced while the session is being read is not undone by caching that read', async () => {
    const u = await companyWithUser(t.app)
    const s = await sessionOf(u)
    // Another process revokes the session just after this process started reading it, and says so
    // on the bus (delivered here synchronously, before the read's answer is handled).
    let armed = true
    const onQuery = (q: { sql: string; method?: string }) => {
      if (!armed || q.method !== 'first' || !q.sql.includes('user_sessions')) return
      armed = false
      void t.app.kernel.bus.emit('auth.sessionsRevoked', {
        companyId: u.companyId,
        userId: u.userId,
        keepSessionId: null,
      })
    }
    t.db.on('query', onQuery)
    try {
      expect((await permissions(s.accessToken)).statusCode).toBe(200) // read before the revocation
    } finally {
      t.db.removeListener('query', onQuery)
    }
    expect(armed).toBe(false)
    await t.db('user_sessions').where({ id: s.sessionId }).update({ revokedAt: new Date() })
    await expectRefused(s.accessToken)
  })
})
