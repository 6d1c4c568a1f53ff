import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Kernel } from '@atende/sdk'
import { AppError, assertPasswordPolicy, normaliseCnpj } from '@atende/sdk'
import { companyByCnpj, userByEmail } from './service.ts'

export const RESET_CODE_TTL_MS = 30 * 60 * 1000
export const RESET_MAX_ATTEMPTS = 5
export const ERR_USER_DONT_EXISTS = 'ERR_USER_DONT_EXISTS'
export const ERR_INVALID_RESET_TOKEN = 'ERR_INVALID_RESET_TOKEN'
export const RESET_MAIL_SUBJECT = 'Atende - código de verificação'

const invalidToken = () => new AppError(ERR_INVALID_RESET_TOKEN, 401, 'Token expirado ou inválido')

/**
 * Password reset by a 6-digit code sent by mail. Only a keyed hash of
 * the code is stored, every guess spends one of five attempts, a code works once and for 30 minutes.
 */
export function createResetService(kernel: Kernel) {
  // Keyed with the server secret: a leaked table alone does not let anyone brute-force the 10^6 codes.
  const hashCode = (userId: number, code: string) =>
    createHmac('sha256', kernel.config.jwtSecret).update(`reset:${userId}:${code}`).digest('hex')

  async function requestCode(email: string, rawCnpj: string) {
    const cnpj = normaliseCnpj(rawCnpj)
    const company = await companyByCnpj(kernel, cnpj)
    if (!company) throw new AppError('ERR_COMPANY_NOT_FOUND', 400, 'CNPJ não encontrado', { field: 'cnpj' })
    const user = await userByEmail(kernel, company.id, email)
    if (!user) throw new AppError(ERR_USER_DONT_EXISTS, 404, 'Usuário não encontrado', { field: 'email' })

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const now = new Date()
    await kernel.unitOfWork(company.id, async ({ t }) => {
      // Only the newest code counts: earlier unused ones die now.
      await t('password_resets')
        .where({ userId: user.id })
        .whereNull('usedAt')
        .where('expiresAt', '>', now)
        .update({ expiresAt: now })
      await t.insert('password_resets', {
        userId: user.id,
        codeHash: hashCode(user.id, code),
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
      })
    })
    try {
      await kernel.mail.send({
        to: user.email,
        subject: RESET_MAIL_SUBJECT,
        text:
          `Olá ${user.name},\n\nSeu código de verificação para redefinir a senha no Atende é: ${code}\n\n` +
          'O código vale por 30 minutos e pode ser usado uma única vez. ' +
          'Se você não pediu a redefinição de senha, ignore este e-mail.\n',
      })
    } catch (err) {
      kernel.log.error({ err }, 'password reset mail failed')
      throw new AppError('ERR_MAIL_FAILED', 503, 'Não foi possível enviar o e-mail, tente novamente mais tarde')
    }
  }

  async function resetPassword(email: string, rawCnpj: string, token: string, password: string) {
    assertPasswordPolicy(password)
    const cnpj = normaliseCnpj(rawCnpj)
    const company = await companyByCnpj(kernel, cnpj)
    const user = company && (await userByEmail(kernel, company.id, email))
    if (!company || !user) throw invalidToken()
    const t = kernel.tenant(company.id)
    const latest = await t('password_resets').where({ userId: user.id }).orderBy('id', 'desc').first('id', 'usedAt')
    if (!latest || latest.usedAt) throw invalidToken()

    // Spend one attempt atomically before comparing, so parallel guesses cannot exceed the limit.
    const [spent] = await t('password_resets')
      .where({ id: latest.id })
      .whereNull('usedAt')
      .where('attempts', '<', RESET_MAX_ATTEMPTS)
      .where('expiresAt', '>', new Date())
      .update({ attempts: t.knex.raw('?? + 1', ['attempts']) })
      .returning(['codeHash'])
    if (!spent) throw invalidToken()
    const given = Buffer.from(hashCode(user.id, token.trim()))
    if (given.length !== spent.codeHash.length || !timingSafeEqual(given, Buffer.from(spent.codeHash)))
      throw invalidToken()

    const passwordHash = await kernel.auth.hashPassword(password)
    await kernel.unitOfWork(company.id, async ({ t: tx }) => {
      const used = await tx('password_resets')
        .where({ id: latest.id })
        .whereNull('usedAt')
        .update({ usedAt: new Date() })
        .returning('id')
      if (!used.length) throw invalidToken() // a parallel request used it first
      await tx('users').where({ id: user.id }).update({ passwordHash, updatedAt: new Date() })
    })
    await kernel.auth.revokeOthers(user.id, company.id, null)
  }

  return { requestCode, resetPassword }
}
