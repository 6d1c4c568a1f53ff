import { randomBytes } from 'node:crypto'
import type { Kernel, SecurityNotice, UserView } from '@atende/sdk'
import { AppError, ErrorCodes, isAppError, normaliseCnpj } from '@atende/sdk'

export const PLAN_EXPIRED_MESSAGE = 'Opss! Sua assinatura venceu. Entre em contato com o Suporte para mais informações!'

export interface LoginInput {
  cnpj: string
  email: string
  password: string
}
export interface ClientMeta {
  userAgent?: string
  ip?: string
}
export interface LoginResult {
  token: string
  refreshToken: string
  refreshExpiresAt: Date
  user: UserView
  /** Sign-in only: what the user must be told (a session of theirs ended for theft), once. */
  securityNotice?: SecurityNotice
}

const invalidCredentials = () => new AppError(ErrorCodes.INVALID_CREDENTIALS, 401, 'Invalid user or password')

/** The company a CNPJ names. Cross-tenant by nature: the CNPJ is what picks the tenant before anyone is logged in. */
export async function companyByCnpj(kernel: Kernel, cnpj: string) {
  return kernel.db('companies').where({ cnpj }).first('id', 'status', 'dueDate') as Promise<
    { id: number; status: boolean; dueDate: Date | string | null } | undefined
  >
}

/** An email as typed to the account it names: surrounding spaces and case do not matter. */
export const normaliseEmail = (email: unknown) =>
  String(email ?? '')
    .trim()
    .toLowerCase()

/** The user of one company by case-insensitive email. */
export async function userByEmail(kernel: Kernel, companyId: number, email: string) {
  return kernel
    .tenant(companyId)('users')
    .whereRaw('lower(email) = ?', [normaliseEmail(email)])
    .first('id', 'companyId', 'name', 'email', 'profile', 'super', 'passwordHash')
}

/**
 * 403 when the company is switched off or its due date has passed. An
 * expired company's admin still gets a session to renew it: the kernel lets such a session reach
 * only routes marked `allowExpired` (402 PLAN_EXPIRED elsewhere); everyone else is refused here.
 */
export function assertCompanyActive(
  company: { status: boolean; dueDate: Date | string | null },
  user: { profile: string; super?: boolean },
) {
  if (!company.status) throw new AppError(ErrorCodes.COMPANY_DISABLED, 403, 'Company disabled, contact support')
  const expired = company.dueDate && new Date(company.dueDate).getTime() < Date.now()
  if (expired && user.profile !== 'admin' && !user.super) {
    throw new AppError(ErrorCodes.PLAN_EXPIRED, 403, PLAN_EXPIRED_MESSAGE)
  }
}

/**
 * The signed-in user as login, refresh and me answer it: the user view with every defined company
 * setting at its effective value (stored or default), so the client never guesses a default.
 */
export async function sessionView(kernel: Kernel, userId: number): Promise<UserView | undefined> {
  const view = await kernel.accounts.userView(userId)
  if (!view) return undefined
  return { ...view, company: { ...view.company, settings: await kernel.settings.all(view.companyId) } }
}

export function createLoginService(kernel: Kernel) {
  // Compared against when the email is unknown, so the answer takes as long as for a wrong password.
  const dummyHash = kernel.auth.hashPassword(randomBytes(16).toString('hex'))

  /** Presence changes are announced (company-{id}-user) only when the flag actually flips. */
  async function setOnline(companyId: number, userId: number, online: boolean) {
    const t = kernel.tenant(companyId)
    const flipped = await t('users')
      .where({ id: userId })
      .whereNot({ online })
      .update({ online, lastSeenAt: new Date() })
      .returning('id')
    if (!flipped.length) {
      await t('users').where({ id: userId }).update({ lastSeenAt: new Date() })
      return
    }
    const user = await kernel.accounts.userView(userId)
    if (user) await kernel.bus.emit('user.updated', { companyId, user })
  }

  async function login(input: LoginInput, meta: ClientMeta): Promise<LoginResult> {
    const cnpj = normaliseCnpj(input.cnpj)
    const company = await companyByCnpj(kernel, cnpj)
    if (!company) throw new AppError(ErrorCodes.COMPANY_NOT_FOUND, 412, 'company not found for this CNPJ')
    const user = await userByEmail(kernel, company.id, normaliseEmail(input.email))
    const ok = await kernel.auth.verifyPassword(input.password, user?.passwordHash ?? (await dummyHash))
    if (!user || !ok) throw invalidCredentials()
    assertCompanyActive(company, user)

    const session = await kernel.auth.issue(
      { id: user.id, companyId: user.companyId, profile: user.profile, super: user.super },
      meta,
    )
    // A new login ends the user's other sessions; the realtime gateway tells the old client.
    await kernel.auth.revokeOthers(user.id, user.companyId, session.sessionId)
    await setOnline(user.companyId, user.id, true)
    const view = await sessionView(kernel, user.id)
    if (!view) throw invalidCredentials()
    const securityNotice = await kernel.auth.takeSecurityNotice(user.id)
    return {
      token: session.accessToken,
      refreshToken: session.refreshToken,
      refreshExpiresAt: session.refreshExpiresAt,
      user: view,
      ...(securityNotice ? { securityNotice } : {}),
    }
  }

  /** Rotates the refresh token; a disabled or expired company ends the session instead. */
  async function refresh(refreshToken: string | undefined, meta: ClientMeta = {}): Promise<LoginResult> {
    const expired = () => new AppError(ErrorCodes.SESSION_EXPIRED, 401, 'Session expired, please log in')
    if (!refreshToken) throw expired()
    let next: Awaited<ReturnType<Kernel['auth']['rotate']>>
    try {
      next = await kernel.auth.rotate(refreshToken)
    } catch (err) {
      // A rotated refresh token came back: whoever holds the newer one or this one is not the user
      // alone. The kernel has ended that session (every refresh token and access token of it). The
      // warning names the session, never a token.
      const reuse = isAppError(err) ? err.details?.refreshReuse : undefined
      if (reuse)
        kernel.log.warn(
          { ...(reuse as object), ip: meta.ip, userAgent: meta.userAgent },
          'refresh token reused (possible token theft): session ended',
        )
      throw err
    }
    if (!next) throw expired()
    const view = await sessionView(kernel, next.userId)
    if (!view) throw expired()
    try {
      assertCompanyActive(view.company, view)
    } catch (err) {
      await kernel.auth.revoke(next.sessionId)
      throw err
    }
    return {
      token: next.accessToken,
      refreshToken: next.refreshToken,
      refreshExpiresAt: next.refreshExpiresAt,
      user: view,
    }
  }

  async function logout(auth: { sessionId: string; userId: number; companyId: number }) {
    await kernel.auth.revoke(auth.sessionId)
    await setOnline(auth.companyId, auth.userId, false)
  }

  return { login, refresh, logout }
}
