import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { captureLog, createTestApp, type TestApp } from '@atende/kernel/testing'
import auth from '../src/index.ts'
import { seedCompany } from './helpers.ts'
import { startSmtp, codeFor } from './smtp.ts'

/** Every string a log line holds (message, URL, host …), nested ones included: numbers (times, ports) left out. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

describe('auth: password reset, path form and body form, and what the log keeps of them', () => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  const log = captureLog()
  beforeAll(async () => {
    smtp = await startSmtp()
    // Production's request log: every request line at info.
    t = await createTestApp({
      plugins: [auth],
      logger: { level: 'info', stream: log.stream },
      config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
    })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  /** Asks for a code through the real route and reads it from the mail. */
  const mailedCode = async (email: string, cnpj: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/forgetpassword/${encodeURIComponent(email)}`,
      payload: { cnpj },
      remoteAddress: '10.7.0.1',
    })
    expect(res.statusCode).toBe(200)
    return codeFor(smtp.inbox, email)
  }
  const login = (cnpj: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cnpj, email, password },
      remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.1`,
    })
  const resetByBody = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/resetpasswords', payload, remoteAddress: '10.7.0.2' })

  it('the path form still resets, and no log line holds its email, code or new password', async () => {
    const c = await seedCompany(t.app, t.db, { email: `sigilo.${Date.now()}@example.com` })
    const code = await mailedCode(c.email, c.cnpj)
    const password = 'Escondida@7q'
    const before = log.raw.length
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/resetpasswords/${encodeURIComponent(c.email)}/${c.cnpj}/${code}/${encodeURIComponent(password)}`,
    })
    expect(res.statusCode).toBe(200)
    expect((await login(c.cnpj, c.email, password)).statusCode).toBe(200)

    const lines = log.lines
    // The request was logged (so the check below looks at real lines), its path redacted.
    expect(lines.slice(before)).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({ url: `/api/resetpasswords/[redacted]/${c.cnpj}/[redacted]/[redacted]` }),
      }),
    )
    const forms = (s: string) => [s, encodeURIComponent(s), s.toLowerCase()]
    const secrets = [...forms(c.email), ...forms(password), code]
    for (const line of lines)
      for (const s of strings(line)) for (const secret of secrets) expect(s).not.toContain(secret)
  })

  it('the body form resets with the same rules: one code, once; the old password stops working', async () => {
    const c = await seedCompany(t.app, t.db)
    const code = await mailedCode(c.email, c.cnpj)
    const wrong = code === '000000' ? '111111' : '000000'
    const bad = await resetByBody({ email: c.email, cnpj: c.cnpj, token: wrong, password: 'Nova@Senha1' })
    expect(bad.statusCode).toBe(401)
    expect(bad.json()).toMatchObject({ error: 'ERR_INVALID_RESET_TOKEN', statusCode: 401 })

    const weak = await resetByBody({ email: c.email, cnpj: c.cnpj, token: code, password: 'fraca' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({ error: 'ERR_WEAK_PASSWORD', field: 'password' })

    const done = await resetByBody({
      email: ` ${c.email.toUpperCase()} `,
      cnpj: c.cnpj,
      token: code,
      password: 'Nova@Senha1',
    })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toHaveProperty('message')
    expect((await login(c.cnpj, c.email, c.password)).statusCode).toBe(401)
    expect((await login(c.cnpj, c.email, 'Nova@Senha1')).statusCode).toBe(200)
    const again = await resetByBody({ email: c.email, cnpj: c.cnpj, token: code, password: 'Outra@Senha2' })
    expect(again.statusCode).toBe(401)
  })

  it('the body form answers 400 naming the missing or malformed field', async () => {
    const full = { email: 'a@example.com', cnpj: '12345678000199', token: '123456', password: 'Nova@Senha1' }
    for (const field of ['email', 'cnpj', 'token', 'password'] as const) {
      const { [field]: _left, ...rest } = full
      const res = await resetByBody(rest)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field, statusCode: 400 })
    }
    const long = await resetByBody({ ...full, token: '1'.repeat(21) })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'token' })
    const notText = await resetByBody({ ...full, password: { a: 1 } })
    expect(notText.statusCode).toBe(400)
    expect(notText.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'password' })
  })

  it('the API document lists the body form with its schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const op = doc.paths['/api/resetpasswords']?.post
    expect(op).toBeDefined()
    const body = op.requestBody.content['application/json'].schema
    expect(body.required).toEqual(expect.arrayContaining(['email', 'cnpj', 'token', 'password']))
    expect(op.responses).toHaveProperty('200')
    expect(op.responses).toHaveProperty('400')
    expect(op.responses).toHaveProperty('401')
    expect(doc.paths['/api/resetpasswords/{email}/{cnpj}/{token}/{password}']?.post).toBeDefined()
  })
})
