import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, superHeaders, until, type Headers, type TestApp } from '@atende/kernel/testing'
import authPlugin from '@atende/plugin-auth'
import companiesPlugin from '@atende/plugin-companies'
import { definePlugin } from '@atende/sdk'
import plugin from '../src/index.ts'

/** Any other feature with a page: left out of the restricted session's shell. */
const widgets = definePlugin({ name: 'widgets', version: '1.0.0', host: '^1.0.0', module: true, register() {} })
const names = (res: { json(): Array<{ name: string }> }) =>
  res
    .json()
    .map((m) => m.name)
    .sort()

const PASSWORD = 'Senha@123'

/**
 * An expired company's admin signs in to a restricted session: the billing routes (allowExpired)
 * answer, everything else is 402 PLAN_EXPIRED until the company is renewed; its shell lists only the
 * modules that serve an expired session (billing); its other users stay out.
 */
describe('billing: an expired company renews', () => {
  let t: TestApp
  let root: Headers

  beforeAll(async () => {
    process.env.BILLING_INVOICES_EVERY_MS = '0'
    t = await createTestApp({ plugins: [authPlugin, companiesPlugin, plugin, widgets] })
    root = await superHeaders(t.app)
  })
  afterAll(async () => {
    await t?.close()
  })

  const login = (cnpj: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { cnpj, email, password: PASSWORD } })

  it('reaches only allowExpired routes until paid; non-admins are refused at login', async () => {
    const cnpj = `${String(Date.now() % 1e8).padStart(8, '0')}000777`
    const email = `expired${cnpj}@example.com`
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: root,
      payload: {
        name: 'Empresa Vencida',
        email,
        cnpj,
        password: PASSWORD,
        planId: (await t.db('plans').orderBy('id').first('id')).id,
        recurrence: 'MENSAL',
        dueDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const companyId = created.json().id as number
    const passwordHash = await t.app.kernel.auth.hashPassword(PASSWORD)
    await t.db('users').insert({ companyId, name: 'Atendente', email: `user${cnpj}@example.com`, passwordHash })

    const refused = await login(cnpj, `user${cnpj}@example.com`)
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'PLAN_EXPIRED'])

    const res = await login(cnpj, email)
    expect(res.statusCode, res.body).toBe(200)
    const admin = { authorization: `Bearer ${res.json().token}` }
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin })

    expect((await get('/api/auth/me')).statusCode).toBe(200)
    // The shell of this session holds only the module that renews it.
    expect(names(await get('/api/modules'))).toEqual(['billing'])
    expect((await get('/api/modules/denied')).json()).toEqual([])
    expect((await get('/api/billing/subscription')).statusCode).toBe(200)
    await until(async () => (await get('/api/invoices/all')).json().list.length === 1)
    const [invoice] = (await get('/api/invoices/all')).json().list
    expect(invoice.status).toBe('expired')
    const blocked = await get(`/api/companies/listPlan/${companyId}`)
    expect([blocked.statusCode, blocked.json().error]).toEqual([402, 'PLAN_EXPIRED'])

    const paid = await t.app.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/mark-paid`, headers: root })
    expect(paid.statusCode, paid.body).toBe(200)
    // The renewal reaches every process's cache through company.updated.
    await until(async () => (await get(`/api/companies/listPlan/${companyId}`)).statusCode === 200)
    expect((await login(cnpj, `user${cnpj}@example.com`)).statusCode).toBe(200)
    expect(names(await get('/api/modules'))).toEqual(['billing', 'widgets'])
  })
})
