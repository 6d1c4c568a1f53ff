import { randomBytes, randomUUID, createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { hashPassword, verifyPassword } from './passwords.ts'
import type { Knex } from 'knex'
import type {
  AuthInfo,
  AuthService,
  EventBus,
  IssuedSession,
  KernelConfig,
  SecurityNotice,
  SessionUser,
} from '@atende/sdk'
import { AppError, ErrorCodes } from '@atende/sdk'
import { createSigner, createVerifier } from 'fast-jwt'

/** How long a verified session stays trusted without a database look (revocation clears it at once). */
const SESSION_CACHE_MS = 10_000

/** user_sessions.revokedReason of a session ended because a rotated refresh token came back. */
const REUSED = 'refresh_reuse'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

interface AccessClaims {
  sub: string
  cid: number
  sid: string
  pro: 'admin' | 'user'
  sup: boolean
  exp: number
}

export function createAuthService(db: Knex, bus: EventBus, config: KernelConfig): AuthService {
  const sign = createSigner({ key: config.jwtSecret, expiresIn: config.accessTokenTtlSeconds * 1000 })
  const verify = createVerifier({ key: config.jwtSecret, cache: 1000 })
  /** Sessions verified lately, with the user and company they belong to. */
  const alive = new Map<string, { userId: number; companyId: number; until: number }>()
  /** Revocations seen by this process: a session read before one of them is not cached after it. */
  let revocations = 0

  // A revocation in any process (bridged over Redis) drops the cached sessions of that user here.
  bus.on('auth.sessionsRevoked', ({ userId, keepSessionId }) => {
    revocations += 1
    for (const [sid, v] of alive) if (v.userId === userId && sid !== keepSessionId) alive.delete(sid)
  })

  const accessFor = (user: SessionUser, sessionId: string) =>
    sign({ sub: String(user.id), cid: user.companyId, sid: sessionId, pro: user.profile, sup: user.super })

  // `<session>.<nonce>.<mac>`: the MAC (refresh secret) proves a token was issued here, so a token
  // of a live session that is not its current one can only be an earlier, rotated one.
  const mac = (body: string) => createHmac('sha256', config.jwtRefreshSecret).update(body).digest('base64url')
  const newRefresh = (sessionId: string) => {
    const body = `${sessionId}.${randomBytes(24).toString('base64url')}`
    return `${body}.${mac(body)}`
  }
  const issuedHere = (token: string) => {
    const cut = token.lastIndexOf('.')
    if (cut < 0) return false
    const given = Buffer.from(token.slice(cut + 1))
    const expected = Buffer.from(mac(token.slice(0, cut)))
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  async function issue(user: SessionUser, meta: { userAgent?: string; ip?: string } = {}): Promise<IssuedSession> {
    const sessionId = randomUUID()
    const refreshToken = newRefresh(sessionId)
    const refreshExpiresAt = new Date(Date.now() + config.refreshTokenTtlSeconds * 1000)
    await db('user_sessions').insert({
      id: sessionId,
      userId: user.id,
      companyId: user.companyId,
      refreshHash: sha256(refreshToken),
      expiresAt: refreshExpiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    return { sessionId, accessToken: accessFor(user, sessionId), refreshToken, refreshExpiresAt }
  }

  async function rotate(refreshToken: string) {
    const sessionId = refreshToken.split('.')[0]
    if (!sessionId || sessionId.length !== 36) return null
    const refreshExpiresAt = new Date(Date.now() + config.refreshTokenTtlSeconds * 1000)
    const next = newRefresh(sessionId)
    // Compare-and-swap on the hash: two concurrent refreshes with one token cannot both win.
    const [row] = await db('user_sessions')
      .where({ id: sessionId, refreshHash: sha256(refreshToken) })
      .whereNull('revokedAt')
      .where('expiresAt', '>', new Date())
      .update({ refreshHash: sha256(next), expiresAt: refreshExpiresAt, lastUsedAt: new Date() })
      .returning(['userId'])
    if (!row) {
      await endOnReuse(sessionId, refreshToken)
      return null
    }
    const user = await db('users').where({ id: row.userId }).first('id', 'companyId', 'profile', 'super')
    if (!user) return null
    return { sessionId, userId: user.id, accessToken: accessFor(user, sessionId), refreshToken: next, refreshExpiresAt }
  }

  /**
   * A token we issued for a live session that is no longer its current one was rotated away: it
   * has been used before, so someone else holds (or held) it — however soon after the rotation (the
   * thief may have refreshed first; the shell's tabs take turns, so they never race). The session is
   * the login's whole refresh family (one row, rotated in place): it ends, its newest refresh token
   * and its access tokens with it, in every process; the user is told at the next sign-in
   * (takeSecurityNotice), and the caller learns why (AppError 401 with details.refreshReuse, which
   * the auth plugin logs as a warning).
   */
  async function endOnReuse(sessionId: string, refreshToken: string) {
    if (!issuedHere(refreshToken)) return
    const live = await db('user_sessions')
      .where({ id: sessionId })
      .whereNull('revokedAt')
      .where('expiresAt', '>', new Date())
      .first('userId', 'companyId', 'refreshHash')
    if (!live || live.refreshHash === sha256(refreshToken)) return
    await end(sessionId, REUSED)
    throw new AppError(
      ErrorCodes.SESSION_EXPIRED,
      401,
      'Session ended: its refresh token was used twice, please log in',
      {
        refreshReuse: { sessionId, userId: live.userId, companyId: live.companyId },
      },
    )
  }

  async function end(sessionId: string, reason: string | null) {
    const [row] = await db('user_sessions')
      .where({ id: sessionId })
      .whereNull('revokedAt')
      .update({ revokedAt: new Date(), revokedReason: reason })
      .returning(['userId', 'companyId'])
    revocations += 1
    alive.delete(sessionId)
    if (row)
      await bus.emit('auth.sessionsRevoked', { companyId: row.companyId, userId: row.userId, keepSessionId: null })
  }
  const revoke = (sessionId: string) => end(sessionId, null)

  async function revokeOthers(userId: number, companyId: number, keepSessionId: string | null) {
    const q = db('user_sessions').where({ userId }).whereNull('revokedAt')
    if (keepSessionId) q.whereNot({ id: keepSessionId })
    const n = await q.update({ revokedAt: new Date() })
    if (n > 0) await bus.emit('auth.sessionsRevoked', { companyId, userId, keepSessionId })
    return n
  }

  async function verifyAccess(token: string): Promise<AuthInfo> {
    let claims: AccessClaims
    try {
      claims = verify(token) as AccessClaims
    } catch {
      throw new AppError(ErrorCodes.SESSION_EXPIRED, 401, 'Session expired, please log in')
    }
    const userId = Number(claims.sub)
    const ended = () => new AppError(ErrorCodes.SESSION_EXPIRED, 401, 'Session ended, please log in')
    let session = alive.get(claims.sid)
    if (!session || session.until < Date.now()) {
      const seen = revocations
      const row = await db('user_sessions')
        .where({ id: claims.sid })
        .whereNull('revokedAt')
        .first('userId', 'companyId')
      if (!row) {
        alive.delete(claims.sid)
        throw ended()
      }
      session = {
        userId: row.userId as number,
        companyId: row.companyId as number,
        until: Date.now() + SESSION_CACHE_MS,
      }
      // A revocation heard while the row was being read may postdate it: answer this once, cache it not.
      if (seen === revocations) alive.set(claims.sid, session)
      else alive.delete(claims.sid)
    }
    // The session is bound to one user of one company: a token naming it for anyone else is refused,
    // on every check (the cache holds the session's owner, never the token's claim).
    if (session.userId !== userId || session.companyId !== claims.cid) throw ended()
    return { userId, companyId: claims.cid, profile: claims.pro, super: claims.sup, sessionId: claims.sid }
  }

  async function takeSecurityNotice(userId: number): Promise<SecurityNotice | null> {
    // One statement: two sign-ins at once cannot both show it.
    const told = await db('user_sessions')
      .where({ userId, revokedReason: REUSED })
      .whereNull('noticedAt')
      .update({ noticedAt: new Date() })
      .returning(['revokedAt'])
    if (!told.length) return null
    const at = Math.max(...told.map((r: { revokedAt: Date | string }) => new Date(r.revokedAt).getTime()))
    return { code: 'SESSION_REVOKED_REUSE', at: new Date(at).toISOString() }
  }

  return {
    hashPassword,
    verifyPassword,
    issue,
    rotate,
    revoke,
    revokeOthers,
    verifyAccess,
    takeSecurityNotice,
  }
}
