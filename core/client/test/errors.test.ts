import { describe, expect, it } from 'vitest'
import { ApiError, apiErrorFromBody, errorMessage, errorMessageKey, loginError } from '../src/index.ts'

const t = Object.assign(
  (key: string) =>
    (
      ({
        'errors.ERR_OTHER_OPEN_TICKET': 'Já existe um ticket aberto para este contato.',
      }) as Record<string, string>
    )[key] ?? key,
)

describe('error messages', () => {
  it('maps codes to errors.<CODE> keys and falls back to the server message', () => {
    expect(errorMessageKey('ERR_NO_TICKET_FOUND')).toBe('errors.ERR_NO_TICKET_FOUND')
    expect(errorMessage(new ApiError('ERR_OTHER_OPEN_TICKET', 'open ticket exists', 409), t)).toBe(
      'Já existe um ticket aberto para este contato.',
    )
    expect(errorMessage(new ApiError('ERR_SOMETHING_NEW', 'Raw server text', 400), t)).toBe('Raw server text')
    expect(errorMessage(new ApiError('ERR_X', 'plain', 400))).toBe('plain')
    expect(errorMessage(new Error('boom'), t)).toBe('boom')
  })

  it('builds ApiError from bodies, with fallbacks for bodies that are not ours', () => {
    expect(
      apiErrorFromBody(409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'x', statusCode: 409, ticket: { id: 4 } }),
    ).toMatchObject({ code: 'ERR_OTHER_OPEN_TICKET', status: 409, data: { ticket: { id: 4 } } })
    expect(apiErrorFromBody(500, null)).toMatchObject({ code: 'ERR_INTERNAL_SERVER_ERROR', status: 500 })
    expect(apiErrorFromBody(401, '<html>')).toMatchObject({ code: 'ERR_SESSION_EXPIRED' })
  })
})

describe('login errors', () => {
  const e = (status: number, code: string, msg = code) => new ApiError(code, msg, status)
  it('maps statuses and codes to what the login screen shows', () => {
    expect(loginError(e(404, 'ERR_USER_LIMIT', 'Limite de usuários simultâneos atingido'))).toMatchObject({
      key: 'login.errors.serverMessage',
      message: 'Limite de usuários simultâneos atingido',
    })
    expect(loginError(e(412, 'ERR_COMPANY_NOT_FOUND')).key).toBe('login.errors.companyNotFound')
    expect(loginError(e(401, 'ERR_INVALID_CREDENTIALS')).key).toBe('login.errors.invalidCredentials')
    expect(loginError(e(403, 'ERR_COMPANY_DISABLED')).key).toBe('login.errors.companyDisabled')
    expect(loginError(e(403, 'ERR_INVALID_CREDENTIALS')).key).toBe('login.errors.invalidCredentials')
    expect(loginError(e(0, 'ERR_NETWORK')).key).toBe('login.errors.network')
  })
  it('PLAN_EXPIRED is an alert with the spec text, whatever the status', () => {
    expect(loginError(e(401, 'PLAN_EXPIRED'))).toEqual({
      key: 'login.errors.planExpired',
      message: 'Opss! Sua assinatura venceu. Entre em contato com o Suporte para mais informações!',
      alert: true,
    })
  })
})
