import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '@atende/kernel/testing'
import auth from '../src/index.ts'
import { seedCompany, maskCnpj } from './helpers.ts'
import { startSmtp, decode, codeFor } from './smtp.ts'

describe('auth: password reset by mailed code', () => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  beforeAll(async () => {
    smtp = await startSmtp()
    t = await createTestApp({ plugins: [auth], config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  const forget = (email: string, cnpj: string, remoteAddress = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/forgetpassword/${encodeURIComponent(email)}`,
      payload: { cnpj },
      remoteAddress,
    })
  const reset = (email: string, cnpj: string, token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/resetpasswords/${encodeURIComponent(email)}/${cnpj}/${token}/${encodeURIComponent(password)}`,
    })
  const login = (cnpj: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cnpj, email, password },
      remoteAddress: `10.2.${Math.floor(Math.random() * 250)}.1`,
    })

  it('mails a code, resets the password once, ends old sessions and lets the new password in', async () => {
    const c = await seedCompany(t.app, t.db)
    const before = await login(c.cnpj, c.email, c.password)
    expect(before.statusCode).toBe(200)

    const res = await forget(c.email, maskCnpj(c.cnpj))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toHaveProperty('message')
    const mail = smtp.inbox.find((m) => m.to === c.email)!
    expect(decode(mail.raw).subject).toBe('Atende - código de verificação')
    const code = codeFor(smtp.inbox, c.email)
    const row = await t.db('password_resets').where({ userId: c.userId }).first()
    expect(row.codeHash).not.toContain(code) // only a hash is stored

    const done = await reset(c.email, c.cnpj, code, 'Nova@Senha1')
    expect(done.statusCode).toBe(200)
    expect(done.json()).toHaveProperty('message')

    // Old sessions are gone, the old password is refused, the new one works.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${before.json().token}` },
    })
    expect(me.statusCode).toBe(401)
    expect((await login(c.cnpj, c.email, c.password)).statusCode).toBe(401)
    expect((await login(c.cnpj, c.email, 'Nova@Senha1')).statusCode).toBe(200)

    // Single use.
    const again = await reset(c.email, c.cnpj, code, 'Outra@Senha2')
    expect(again.statusCode).toBe(401)
    expect(again.json()).toMatchObject({ error: 'ERR_INVALID_RESET_TOKEN', message: 'Token expirado ou inválido' })
  })

  it('400 CNPJ não encontrado for an unknown company, 404 for an unknown user, 400 for a bad CNPJ', async () => {
    const none = await forget('a@example.com', '11.111.111/1111-11')
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ error: 'ERR_COMPANY_NOT_FOUND', message: 'CNPJ não encontrado' })
    const c = await seedCompany(t.app, t.db)
    const noUser = await forget('ghost@example.com', c.cnpj)
    expect(noUser.statusCode).toBe(404)
    expect(noUser.json().error).toBe('ERR_USER_DONT_EXISTS')
    const bad = await forget(c.email, '123')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().field).toBe('cnpj')
  })

  it('a new code replaces the earlier one', async () => {
    const c = await seedCompany(t.app, t.db)
    await forget(c.email, c.cnpj)
    const first = codeFor(smtp.inbox, c.email)
    await forget(c.email, c.cnpj)
    const second = codeFor(smtp.inbox, c.email)
    if (first !== second) expect((await reset(c.email, c.cnpj, first, 'Nova@Senha1')).statusCode).toBe(401)
    expect((await reset(c.email, c.cnpj, second, 'Nova@Senha1')).statusCode).toBe(200)
  })

  it('checks the password policy before spending an attempt', async () => {
    const c = await seedCompany(t.app, t.db)
    await forget(c.email, c.cnpj)
    const code = codeFor(smtp.inbox, c.email)
    const weak = await reset(c.email, c.cnpj, code, 'fraca')
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({ error: 'ERR_WEAK_PASSWORD', field: 'password' })
    expect((await reset(c.email, c.cnpj, code, 'Nova@Senha1')).statusCode).toBe(200)
  })

  it('after five wrong codes the code is dead', async () => {
    const c = await seedCompany(t.app, t.db)
    await forget(c.email, c.cnpj)
    const code = codeFor(smtp.inbox, c.email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect((await reset(c.email, c.cnpj, wrong, 'Nova@Senha1')).statusCode).toBe(401)
    const res = await reset(c.email, c.cnpj, code, 'Nova@Senha1')
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toBe('ERR_INVALID_RESET_TOKEN')
    expect((await login(c.cnpj, c.email, c.password)).statusCode).toBe(200)
  })

  it('four wrong codes still leave the right one usable', async () => {
    const c = await seedCompany(t.app, t.db)
    await forget(c.email, c.cnpj)
    const code = codeFor(smtp.inbox, c.email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) await reset(c.email, c.cnpj, wrong, 'Nova@Senha1')
    expect((await reset(c.email, c.cnpj, code, 'Nova@Senha1')).statusCode).toBe(200)
  })

  it('an expired code is refused', async () => {
    const c = await seedCompany(t.app, t.db)
    await forget(c.email, c.cnpj)
    const code = codeFor(smtp.inbox, c.email)
    await t
      .db('password_resets')
      .where({ userId: c.userId })
      .update({ expiresAt: new Date(Date.now() - 1000) })
    expect((await reset(c.email, c.cnpj, code, 'Nova@Senha1')).statusCode).toBe(401)
  })

  it('a code of another user is refused', async () => {
    const a = await seedCompany(t.app, t.db)
    const b = await seedCompany(t.app, t.db)
    await forget(a.email, a.cnpj)
    await forget(b.email, b.cnpj)
    const codeA = codeFor(smtp.inbox, a.email)
    const codeB = codeFor(smtp.inbox, b.email)
    if (codeA !== codeB) expect((await reset(b.email, b.cnpj, codeA, 'Nova@Senha1')).statusCode).toBe(401)
    expect((await reset(b.email, a.cnpj, codeB, 'Nova@Senha1')).statusCode).toBe(401)
  })

  it('rate-limits code requests to 5 a minute per client and email', async () => {
    const c = await seedCompany(t.app, t.db)
    for (let i = 0; i < 5; i++) expect((await forget(c.email, c.cnpj, '10.3.3.3')).statusCode).toBe(200)
    const res = await forget(c.email, c.cnpj, '10.3.3.3')
    expect(res.statusCode).toBe(429)
    expect(res.json().error).toBe('ERR_TOO_MANY_REQUESTS')
  })
})
