import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, until, type TestApp } from '@atende/kernel/testing'
import auth from '@atende/plugin-auth'
import companies from '../src/index.ts'
import { signup, signupPayload, signIn, nextIp } from './helpers.ts'

const DAY = 86_400_000

describe('companies: sign-up', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [auth, companies] })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('creates the company with a 15-day trial whatever the client sends, and its admin can sign in', async () => {
    const events: any[] = []
    const off = t.app.kernel.bus.on('company.created', (p) => {
      events.push(p)
    })
    // The longest name sign-up takes: the company's and its admin's, whole (nothing cut).
    const longName = 'Empresa de Nome Bem Comprido Com Cinquenta Letras!'
    expect(longName).toHaveLength(50)
    const payload = signupPayload({ name: longName, dueDate: '2099-01-01', cnpj: '12.345.678/0001-95' })
    const res = await signup(t.app, payload)
    expect(res.statusCode).toBe(201)
    const company = res.json()
    expect(company).toMatchObject({
      name: longName,
      cnpj: '12345678000195',
      phone: '47999998888',
      status: true,
      recurrence: 'MENSAL',
      planId: 1,
      plan: { id: 1 },
    })
    expect(company).not.toHaveProperty('password')
    expect(Math.abs(new Date(company.dueDate).getTime() - (Date.now() + 15 * DAY))).toBeLessThan(60_000)

    const admin = await t.db('users').where({ companyId: company.id }).first()
    expect(admin).toMatchObject({ profile: 'admin', super: false, email: payload.email, name: longName })
    const { user } = await signIn(t.app, '12.345.678/0001-95', payload.email)
    expect(user).toMatchObject({ companyId: company.id, profile: 'admin' })
    await until(() => events.some((e) => e.companyId === company.id))
    off()
    expect(events.map((e) => e.companyId)).toContain(company.id)
  })

  it('409 for a CNPJ already registered', async () => {
    const payload = signupPayload()
    expect((await signup(t.app, payload)).statusCode).toBe(201)
    const again = await signup(t.app, { ...payload, email: 'other@example.com' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: 'ERR_COMPANY_CNPJ_EXISTS', field: 'cnpj' })
  })

  it.each([
    ['cnpj', { cnpj: '123' }, 'ERR_VALIDATION'],
    ['phone', { phone: '1234' }, 'ERR_VALIDATION'],
    ['password', { password: 'fraca123' }, 'ERR_WEAK_PASSWORD'],
    ['email', { email: 'not-an-email' }, 'ERR_VALIDATION'],
    ['name', { name: 'A' }, 'ERR_VALIDATION'],
    ['name', { name: 'x'.repeat(51) }, 'ERR_VALIDATION'],
    ['planId', { planId: 9999 }, 'ERR_PLAN_NOT_FOUND'],
  ])('400 naming %s', async (field, over, code) => {
    const res = await signup(t.app, signupPayload(over))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: code, field })
  })

  it('a length error names the limit the form shows (min and max in the answer)', async () => {
    const long = await signup(t.app, signupPayload({ name: 'x'.repeat(51) }))
    expect(long.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'name', max: 50 })
    const short = await signup(t.app, signupPayload({ name: 'A' }))
    expect(short.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'name', min: 2 })
  })

  it('400 when a required field is missing', async () => {
    const { phone: _phone, ...rest } = signupPayload()
    const res = await signup(t.app, rest)
    expect(res.statusCode).toBe(400)
    expect(res.json().field).toBe('phone')
  })

  it('403 ERR_USER_CREATION_DISABLED when the platform turned sign-up off', async () => {
    const platform = await t.db('companies').where({ cnpj: t.app.kernel.config.superuser.cnpj }).first('id')
    await t.app.kernel.settings.set(platform.id, 'userCreation', 'disabled')
    try {
      const res = await signup(t.app, signupPayload())
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('ERR_USER_CREATION_DISABLED')
    } finally {
      await t.app.kernel.settings.set(platform.id, 'userCreation', 'enabled')
    }
    expect((await signup(t.app, signupPayload())).statusCode).toBe(201)
  })

  it('a private plan cannot be picked at sign-up', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Privado ${Date.now()}`, isPublic: false })
      .returning('id')
    const res = await signup(t.app, signupPayload({ planId: plan.id }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'ERR_PLAN_NOT_FOUND', field: 'planId' })
  })

  it('rate-limits sign-up to 5 a minute per client', async () => {
    const ip = nextIp()
    for (let i = 0; i < 5; i++) expect((await signup(t.app, signupPayload({ cnpj: '1' }), ip)).statusCode).toBe(400)
    const res = await signup(t.app, signupPayload(), ip)
    expect(res.statusCode).toBe(429)
    expect(res.json().error).toBe('ERR_TOO_MANY_REQUESTS')
  })
})
