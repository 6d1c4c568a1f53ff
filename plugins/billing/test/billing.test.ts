import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  createTestApp,
  companyWithUser,
  headersFor,
  superHeaders,
  until,
  userIn,
  type Headers,
  type TestApp,
} from '@atende/kernel/testing'
import companiesPlugin from '@atende/plugin-companies'
import plugin from '../src/index.ts'
import { createInvoices } from '../src/invoices.ts'
import { crc16 } from '../src/brcode.ts'
import { addMonthsToDate } from '../src/period.ts'
import type { Invoice } from '../src/api.ts'

type Method = 'GET' | 'POST' | 'PUT'
const DAY = 86_400_000
const ymd = (d: Date | string) => new Date(d).toISOString().slice(0, 10)

/** The real kernel with companies (which publishes companies.billing) and billing; invoices from events and the job. */
describe('billing: invoices, Pix checkout, manual confirmation', () => {
  let t: TestApp
  let root: Headers
  let planId: number
  let otherPlanId: number
  let seq = 0
  const paid: Array<{ companyId: number; invoiceId: number; dueDate: string | null }> = []

  beforeAll(async () => {
    process.env.BILLING_INVOICES_EVERY_MS = '0'
    t = await createTestApp({ plugins: [companiesPlugin, plugin] })
    root = await superHeaders(t.app)
    ;[{ id: planId }] = await t.db('plans').insert({ name: 'Plano Ouro', value: 49.9 }).returning('id')
    ;[{ id: otherPlanId }] = await t.db('plans').insert({ name: 'Plano Prata', value: 29 }).returning('id')
    t.app.kernel.bus.on('billing.paid', (p) => {
      paid.push(p)
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const invoicesOf = (companyId: number) => t.db('invoices').where({ companyId }).orderBy('id')
  const dueDateOf = async (companyId: number) =>
    new Date((await t.db('companies').where({ id: companyId }).first('dueDate')).dueDate).toISOString()

  /** A company made by the super user (so company.created goes out) and its admin's headers. */
  async function company(over: Record<string, unknown> = {}) {
    seq += 1
    const cnpj = `${String(Date.now() % 1e8).padStart(8, '0')}${String(seq).padStart(6, '0')}`
    const res = await call('POST', '/api/companies', root, {
      name: `Empresa ${seq}`,
      email: `billing${cnpj}@example.com`,
      cnpj,
      planId,
      recurrence: 'MENSAL',
      dueDate: '2027-01-31T12:00:00.000Z',
      ...over,
    })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id as number
    const admin = await t.db('users').where({ companyId: id }).first('id')
    return { id, headers: await headersFor(t.app, admin.id) }
  }
  const list = async (h: Headers, query = '') => {
    const res = await call('GET', `/api/invoices/all${query}`, h)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { list: Invoice[]; hasMore: boolean }
  }
  const checkout = (h: Headers, invoiceId: number, over: Record<string, unknown> = {}) =>
    call('POST', '/api/subscription', h, {
      firstName: 'Ana',
      lastName: 'Souza',
      address1: 'Rua A, 1',
      city: 'Joinville',
      state: 'SC',
      zipcode: '89200-000',
      country: 'BR',
      planId,
      price: 1,
      users: 1,
      connections: 1,
      nameOnCard: 'ANA',
      cardNumber: '4111111111111111',
      cvv: '123',
      invoiceId,
      ...over,
    })

  it('a new company sees its invoice at once; the job run twice makes no second one; a plan change follows', async () => {
    const c = await company()
    await until(async () => (await invoicesOf(c.id)).length === 1)
    const page = await list(c.headers)
    expect(page).toEqual({
      list: [
        {
          id: expect.any(Number),
          detail: 'Plano Ouro - 31/01/2027 a 28/02/2027',
          value: 49.9,
          dueDate: '2027-01-31',
          status: 'open',
          paidAt: null,
          planId,
        },
      ],
      hasMore: false,
    })
    const invoices = createInvoices(t.app.kernel)
    await invoices.sweep()
    await invoices.sweep()
    expect(await invoicesOf(c.id)).toHaveLength(1)
    expect((await list(c.headers, '?searchParam=ouro')).list).toHaveLength(1)
    expect((await list(c.headers, '?searchParam=diamante')).list).toHaveLength(0)

    const changed = await call('PUT', `/api/companies/${c.id}`, root, { planId: otherPlanId, recurrence: 'TRIMESTRAL' })
    expect(changed.statusCode, changed.body).toBe(200)
    await until(async () => (await list(c.headers)).list[0].planId === otherPlanId)
    expect((await list(c.headers)).list).toEqual([
      expect.objectContaining({ detail: 'Plano Prata - 31/01/2027 a 30/04/2027', value: 29, dueDate: '2027-01-31' }),
    ])
    expect(await invoicesOf(c.id)).toHaveLength(1)
  })

  it('the job bills companies that missed the events; the platform company and free plans are not billed', async () => {
    // Written straight to the kernel's tables: no company event, only the job bills it.
    const { companyId, headers } = await companyWithUser(t.app, { planId })
    const [{ id: freeId }] = await t.db('plans').insert({ name: 'Gratis', value: 0 }).returning('id')
    const free = await companyWithUser(t.app, { planId: freeId })
    const invoices = createInvoices(t.app.kernel)
    await invoices.sweep()
    await invoices.sweep()
    expect(await invoicesOf(companyId)).toHaveLength(1)
    expect((await list(headers)).list[0].status).toBe('open')
    expect(await invoicesOf(free.companyId)).toHaveLength(0)
    const platformId = await t.app.kernel.accounts.platformCompanyId()
    expect(await invoicesOf(platformId!)).toHaveLength(0)
  })

  it('platform Pix settings are the super user’s; the checkout validates and answers a static BR Code', async () => {
    const c = await company()
    await until(async () => (await invoicesOf(c.id)).length === 1)
    const [invoice] = await invoicesOf(c.id)

    expect((await checkout(c.headers, invoice.id)).json().error).toBe('ERR_BILLING_NOT_CONFIGURED')
    expect((await call('GET', '/api/billing/config', c.headers)).statusCode).toBe(403)
    expect((await call('PUT', '/api/billing/config', c.headers, { pixKey: 'x' })).statusCode).toBe(403)
    const set = await call('PUT', '/api/billing/config', root, {
      provider: 'pix-static',
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Atende Plataforma de Atendimento Ltda',
      merchantCity: 'São José dos Campos',
    })
    expect(set.statusCode, set.body).toBe(200)
    const view = {
      provider: 'pix-static',
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Atende Plataforma de Atendimento Ltda',
      merchantCity: 'São José dos Campos',
      asaasApiKeySet: false,
      asaasWebhookTokenSet: false,
    }
    expect(set.json()).toEqual(view)
    expect((await call('GET', '/api/billing/config', root)).json()).toEqual(view)

    for (const field of ['firstName', 'address1', 'city', 'zipcode', 'country']) {
      const res = await checkout(c.headers, invoice.id, { [field]: '  ' })
      expect(res.statusCode, field).toBe(400)
      expect(res.json().field).toBe(field)
    }
    const noField = await checkout(c.headers, invoice.id, { firstName: undefined })
    expect([noField.statusCode, noField.json().field]).toEqual([400, 'firstName'])
    expect((await checkout(c.headers, invoice.id, { country: 'XX' })).json().field).toBe('country')

    const res = await checkout(c.headers, invoice.id)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      invoiceId: invoice.id,
      valor: { original: '49.90' },
      qrcode: { qrcode: expect.any(String), imagemQrcode: expect.stringMatching(/^data:image\/png;base64,/) },
      txid: invoice.txid,
      expiresAt: null,
      provider: 'pix-static',
    })
    const code: string = body.qrcode.qrcode
    expect(code).toContain('0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000')
    expect(code).toContain('5303986540549.905802BR5925Atende Plataforma de Aten6015Sao Jose dos Ca')
    expect(code).toContain(`62290525${invoice.txid}6304`)
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)))
    // The card fields were ignored: no invoice column holds them.
    expect(JSON.stringify(await invoicesOf(c.id))).not.toContain('4111111111111111')
  })

  it('marking paid renews once by the recurrence, records who and when, bills the next period and announces it', async () => {
    const due = new Date(Date.now() + 10 * DAY)
    const c = await company({ dueDate: due.toISOString(), recurrence: 'MENSAL' })
    await until(async () => (await invoicesOf(c.id)).length === 1)
    const [invoice] = await invoicesOf(c.id)
    const before = await dueDateOf(c.id)

    expect((await call('POST', `/api/invoices/${invoice.id}/mark-paid`, c.headers)).statusCode).toBe(403)
    const res = await call('POST', `/api/invoices/${invoice.id}/mark-paid`, root)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: invoice.id, status: 'paid', paidAt: expect.any(String) })
    const row = await t.db('invoices').where({ id: invoice.id }).first()
    const superId = (await t.db('users').where({ super: true }).first('id')).id
    expect([row.paidBy, row.paidVia]).toEqual([superId, 'manual'])

    const renewed = await dueDateOf(c.id)
    expect(ymd(renewed)).toBe(addMonthsToDate(ymd(before), 1))
    expect(renewed.slice(10)).toBe(before.slice(10))
    await until(() => paid.some((p) => p.invoiceId === invoice.id))
    expect(paid.filter((p) => p.invoiceId === invoice.id)).toEqual([
      { companyId: c.id, invoiceId: invoice.id, dueDate: renewed },
    ])

    const again = await call('POST', `/api/invoices/${invoice.id}/mark-paid`, root)
    expect([again.statusCode, again.json().error]).toEqual([409, 'ERR_INVOICE_PAID'])
    expect(await dueDateOf(c.id)).toBe(renewed)
    expect((await checkout(c.headers, invoice.id)).statusCode).toBe(409)

    // The next period's invoice, due on the new date.
    await until(async () => (await invoicesOf(c.id)).length === 2)
    const page = await list(c.headers)
    expect(page.list.map((i) => [i.dueDate, i.status])).toEqual([
      [ymd(renewed), 'open'],
      [ymd(before), 'paid'],
    ])
    expect(paid.filter((p) => p.invoiceId === invoice.id)).toHaveLength(1)
    expect((await call('POST', '/api/invoices/999999/mark-paid', root)).statusCode).toBe(404)
  })

  it('an expired company renews from today; its unpaid invoice shows expired; the trial ends with the first payment', async () => {
    const c = await company({ dueDate: new Date(Date.now() - 5 * DAY).toISOString(), recurrence: 'TRIMESTRAL' })
    await until(async () => (await invoicesOf(c.id)).length === 1)
    expect((await list(c.headers)).list[0].status).toBe('expired')
    const info = await call('GET', '/api/billing/subscription', c.headers)
    expect(info.statusCode, info.body).toBe(200)
    expect(info.json()).toMatchObject({
      trialDaysLeft: 0,
      billingEmail: expect.stringContaining('@example.com'),
      recurrence: 'TRIMESTRAL',
      planId,
      planName: 'Plano Ouro',
    })

    const [invoice] = await invoicesOf(c.id)
    const start = ymd(new Date())
    expect((await call('POST', `/api/invoices/${invoice.id}/mark-paid`, root)).statusCode).toBe(200)
    const end = ymd(new Date())
    const renewed = ymd(await dueDateOf(c.id))
    expect([addMonthsToDate(start, 3), addMonthsToDate(end, 3)]).toContain(renewed)
    const after = (await call('GET', '/api/billing/subscription', c.headers)).json()
    expect([after.trialDaysLeft, after.trialExpiration]).toEqual([null, null])
  })

  it('a checkout may choose another plan: the invoice follows it, the company switches only when it is paid', async () => {
    await call('PUT', '/api/billing/config', root, {
      provider: 'pix-static',
      pixKey: 'pix@atende.test',
      merchantName: 'Atende',
      merchantCity: 'Blumenau',
    })
    const c = await company({ dueDate: new Date(Date.now() + 20 * DAY).toISOString() })
    await until(async () => (await invoicesOf(c.id)).length === 1)
    const [invoice] = await invoicesOf(c.id)

    const unknown = await checkout(c.headers, invoice.id, { planId: 999_999 })
    expect([unknown.statusCode, unknown.json().error, unknown.json().field]).toEqual([
      400,
      'ERR_PLAN_NOT_FOUND',
      'planId',
    ])
    const chose = await checkout(c.headers, invoice.id, { planId: otherPlanId })
    expect(chose.statusCode, chose.body).toBe(200)
    expect(chose.json().valor).toEqual({ original: '29.00' })
    expect(chose.json().qrcode.qrcode).toContain('540529.00')
    expect((await list(c.headers)).list[0]).toMatchObject({ planId: otherPlanId, value: 29 })
    expect((await t.db('companies').where({ id: c.id }).first('planId')).planId).toBe(planId)
    // The company's own updates (a recurrence change) leave the payer's choice alone.
    await call('PUT', `/api/companies/${c.id}`, root, { recurrence: 'BIMESTRAL' })
    await createInvoices(t.app.kernel).sweep()
    expect((await list(c.headers)).list[0]).toMatchObject({ planId: otherPlanId, value: 29 })

    expect((await call('POST', `/api/invoices/${invoice.id}/mark-paid`, root)).statusCode).toBe(200)
    expect((await t.db('companies').where({ id: c.id }).first('planId')).planId).toBe(otherPlanId)
    // The next period is billed on the plan now the company's.
    await until(async () => (await invoicesOf(c.id)).length === 2)
    const next = (await list(c.headers)).list[0]
    expect(next).toMatchObject({ status: 'open', planId: otherPlanId, value: 29 })
    // Choosing the company's own plan again is no choice: nothing changes.
    const same = await checkout(c.headers, next.id, { planId: otherPlanId })
    expect(same.statusCode, same.body).toBe(200)
    expect((await t.db('invoices').where({ id: next.id }).first('planChosen')).planChosen).toBe(false)
  })

  it("a checkout buys only public plans or the company's own; a private choice recorded before is not honoured at payment", async () => {
    await call('PUT', '/api/billing/config', root, {
      provider: 'pix-static',
      pixKey: 'pix@atende.test',
      merchantName: 'Atende',
      merchantCity: 'Blumenau',
    })
    const [{ id: privateId }] = await t
      .db('plans')
      .insert({ name: 'Plano Sob Medida', value: 9.9, isPublic: false })
      .returning('id')
    const c = await company({ dueDate: new Date(Date.now() + 20 * DAY).toISOString() })
    await until(async () => (await invoicesOf(c.id)).length === 1)
    const [invoice] = await invoicesOf(c.id)

    const refused = await checkout(c.headers, invoice.id, { planId: privateId })
    expect([refused.statusCode, refused.json().error, refused.json().field]).toEqual([
      403,
      'ERR_PLAN_NOT_AVAILABLE',
      'planId',
    ])
    const unchanged = await t.db('invoices').where({ id: invoice.id }).first('planId', 'planChosen', 'value')
    expect([unchanged.planId, unchanged.planChosen, Number(unchanged.value)]).toEqual([planId, false, 49.9])

    // A company already on a private plan (the super user's choice) pays for it as usual.
    const onPrivate = await company({ planId: privateId, dueDate: new Date(Date.now() + 20 * DAY).toISOString() })
    await until(async () => (await invoicesOf(onPrivate.id)).length === 1)
    const [own] = await invoicesOf(onPrivate.id)
    const kept = await checkout(onPrivate.headers, own.id, { planId: privateId })
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json().valor).toEqual({ original: '9.90' })

    // A private plan chosen at an earlier checkout (before this rule): checking out again is refused,
    // and paying it renews the company on its own plan without moving it to the private one.
    await t.db('invoices').where({ id: invoice.id }).update({ planId: privateId, planChosen: true, value: 9.9 })
    const again = await checkout(c.headers, invoice.id, { planId: null })
    expect([again.statusCode, again.json().error]).toEqual([403, 'ERR_PLAN_NOT_AVAILABLE'])
    const before = await dueDateOf(c.id)
    expect((await call('POST', `/api/invoices/${invoice.id}/mark-paid`, root)).statusCode).toBe(200)
    expect((await t.db('companies').where({ id: c.id }).first('planId')).planId).toBe(planId)
    expect(ymd(await dueDateOf(c.id))).toBe(addMonthsToDate(ymd(before), 1))
  })

  it('a due date moved by hand drops the old open invoice, but one a checkout charged stays payable', async () => {
    const c = await company({ dueDate: '2027-03-10T12:00:00.000Z' })
    await until(async () => (await invoicesOf(c.id)).length === 1)
    await call('PUT', `/api/companies/${c.id}`, root, { dueDate: '2027-04-10T12:00:00.000Z' })
    await until(async () => (await list(c.headers)).list.map((i) => i.dueDate).join() === '2027-04-10')

    await call('PUT', '/api/billing/config', root, {
      provider: 'pix-static',
      pixKey: 'pix@atende.test',
      merchantName: 'Atende',
      merchantCity: 'Blumenau',
    })
    const [charged] = await invoicesOf(c.id)
    expect((await checkout(c.headers, charged.id)).statusCode).toBe(200)
    await call('PUT', `/api/companies/${c.id}`, root, { dueDate: '2027-05-10T12:00:00.000Z' })
    await until(async () => (await invoicesOf(c.id)).length === 2)
    expect((await list(c.headers)).list.map((i) => i.dueDate)).toEqual(['2027-05-10', '2027-04-10'])
  })

  it("the super user lists every company's invoices: unpaid oldest due first, by company name, paid with how", async () => {
    const late = await company({ name: 'Padaria Atrasada', dueDate: '2026-01-05T12:00:00.000Z' })
    const early = await company({ name: 'Padaria Pontual', dueDate: '2025-12-05T12:00:00.000Z' })
    await until(async () => (await invoicesOf(late.id)).length === 1 && (await invoicesOf(early.id)).length === 1)
    const platform = async (query: string) => {
      const res = await call('GET', `/api/billing/invoices${query}`, root)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { list: Array<Invoice & { companyId: number; companyName: string; paidVia: string | null }> }
    }
    expect((await call('GET', '/api/billing/invoices', late.headers)).statusCode).toBe(403)
    const unpaid = await platform('?searchParam=padaria')
    expect(unpaid.list.map((i) => [i.companyName, i.dueDate, i.status])).toEqual([
      ['Padaria Pontual', '2025-12-05', 'expired'],
      ['Padaria Atrasada', '2026-01-05', 'expired'],
    ])
    const [ofEarly] = unpaid.list
    expect((await call('POST', `/api/invoices/${ofEarly.id}/mark-paid`, root)).statusCode).toBe(200)
    expect((await platform('?searchParam=pontual&status=paid')).list).toEqual([
      expect.objectContaining({ id: ofEarly.id, companyId: early.id, status: 'paid', paidVia: 'manual' }),
    ])
    expect((await platform('?searchParam=padaria')).list.map((i) => i.companyName)).toEqual([
      'Padaria Atrasada',
      'Padaria Pontual',
    ])
    expect((await platform(`?searchParam=${ofEarly.id}&status=all`)).list.map((i) => i.id)).toContain(ofEarly.id)
    const bad = await call('GET', '/api/billing/invoices?status=late', root)
    expect(bad.statusCode).toBe(400)
  })

  it("another company's invoice is not found", async () => {
    const a = await company()
    const b = await company()
    await until(async () => (await invoicesOf(a.id)).length === 1 && (await invoicesOf(b.id)).length === 1)
    const [ofA] = await invoicesOf(a.id)
    expect((await call('GET', `/api/invoices/${ofA.id}`, a.headers)).json()).toMatchObject({ id: ofA.id })
    const res = await call('GET', `/api/invoices/${ofA.id}`, b.headers)
    expect([res.statusCode, res.json().error]).toEqual([404, 'ERR_NO_INVOICE_FOUND'])
    const pay = await checkout(b.headers, ofA.id)
    expect([pay.statusCode, pay.json().error]).toEqual([404, 'ERR_NO_INVOICE_FOUND'])
    expect((await list(b.headers)).list.map((i) => i.id)).not.toContain(ofA.id)
    // Invoices are the admins' business.
    const attendant = await userIn(t.app, a.id, 'user')
    expect((await call('GET', '/api/invoices/all', attendant.headers)).statusCode).toBe(403)
  })
})
