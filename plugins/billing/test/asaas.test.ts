import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, headersFor, superHeaders, until, type Headers, type TestApp } from '@atende/kernel/testing'
import companiesPlugin from '@atende/plugin-companies'
import plugin from '../src/index.ts'
import { addMonthsToDate } from '../src/period.ts'
import { fakeAsaas } from './fakes/asaas.ts'

const API_KEY = '$aact_test_key'
const WEBHOOK_TOKEN = 'whsec-local-token'

/** Asaas through a local server: charges by the adapter, confirmation only by an authenticated, verified, once-only webhook. */
describe('billing: Asaas Pix charges and webhook', () => {
  let t: TestApp
  let root: Headers
  let planId: number
  let seq = 0
  const asaas = fakeAsaas(API_KEY)

  beforeAll(async () => {
    process.env.BILLING_INVOICES_EVERY_MS = '0'
    process.env.ASAAS_BASE_URL = await asaas.listen()
    t = await createTestApp({ plugins: [companiesPlugin, plugin] })
    root = await superHeaders(t.app)
    ;[{ id: planId }] = await t.db('plans').insert({ name: 'Plano Asaas', value: 30 }).returning('id')
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/billing/config',
      headers: root,
      payload: { provider: 'asaas', asaasApiKey: API_KEY, asaasWebhookToken: WEBHOOK_TOKEN },
    })
    expect(res.json()).toMatchObject({ provider: 'asaas', asaasApiKeySet: true, asaasWebhookTokenSet: true })
  })
  afterAll(async () => {
    await t?.close()
    await asaas.close()
    delete process.env.ASAAS_BASE_URL
  })

  const invoicesOf = (companyId: number) => t.db('invoices').where({ companyId }).orderBy('id')
  const dueDateOf = async (companyId: number) =>
    new Date((await t.db('companies').where({ id: companyId }).first('dueDate')).dueDate).toISOString()

  async function company() {
    seq += 1
    const cnpj = `${String(Date.now() % 1e8).padStart(8, '0')}${String(seq).padStart(6, '0')}`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: root,
      payload: {
        name: `Empresa Asaas ${seq}`,
        email: `asaas${cnpj}@example.com`,
        cnpj,
        planId,
        recurrence: 'MENSAL',
        dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id as number
    const admin = await t.db('users').where({ companyId: id }).first('id')
    await until(async () => (await invoicesOf(id)).length === 1)
    const [invoice] = await invoicesOf(id)
    return { id, cnpj, headers: await headersFor(t.app, admin.id), invoice }
  }
  const checkout = (h: Headers, invoiceId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: h,
      payload: {
        firstName: 'Ana',
        address1: 'Rua A, 1',
        city: 'Joinville',
        zipcode: '89200-000',
        country: 'BR',
        invoiceId,
      },
    })
  const notify = (payload: object, token: string | null = WEBHOOK_TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/asaas',
      headers: token === null ? {} : { 'asaas-access-token': token },
      payload,
    })
  const event = (id: string, paymentId: string, name = 'PAYMENT_RECEIVED') => ({
    id,
    event: name,
    dateCreated: '2027-01-01 10:00:00',
    payment: { object: 'payment', id: paymentId, status: 'RECEIVED', value: 30 },
  })

  it('creates one customer and one PIX charge per invoice (our txid as externalReference) and answers its QR', async () => {
    const c = await company()
    const res = await checkout(c.headers, c.invoice.id)
    expect(res.statusCode, res.body).toBe(200)
    const row = await t.db('invoices').where({ id: c.invoice.id }).first()
    const charge = asaas.payments.get(row.providerChargeId)!
    expect(charge).toMatchObject({
      billingType: 'PIX',
      value: 30,
      externalReference: c.invoice.txid,
      customer: row.providerCustomerId,
    })
    expect(asaas.customers.at(-1)).toMatchObject({ cpfCnpj: c.cnpj, externalReference: `company-${c.id}` })
    expect(res.json()).toEqual({
      invoiceId: c.invoice.id,
      valor: { original: '30.00' },
      qrcode: {
        qrcode: `00020126-asaas-${charge.id}`,
        imagemQrcode: `data:image/png;base64,${Buffer.from(`png-of-${charge.id}`).toString('base64')}`,
      },
      txid: c.invoice.txid,
      expiresAt: new Date('2027-12-31T23:59:59').toISOString(),
      provider: 'asaas',
    })
    // Opening the checkout again reuses the charge and the customer.
    const customers = asaas.customers.length
    const payments = asaas.payments.size
    expect((await checkout(c.headers, c.invoice.id)).json().qrcode.qrcode).toBe(`00020126-asaas-${charge.id}`)
    expect([asaas.customers.length, asaas.payments.size]).toEqual([customers, payments])
  })

  it('renews once on a valid, provider-confirmed notification; replays, bad tokens and charges not ours change nothing', async () => {
    const c = await company()
    const other = await company()
    expect((await checkout(c.headers, c.invoice.id)).statusCode).toBe(200)
    expect((await checkout(other.headers, other.invoice.id)).statusCode).toBe(200)
    const chargeId = (await t.db('invoices').where({ id: c.invoice.id }).first()).providerChargeId as string
    const otherCharge = (await t.db('invoices').where({ id: other.invoice.id }).first()).providerChargeId as string
    const before = await dueDateOf(c.id)
    const otherBefore = await dueDateOf(other.id)

    // Bad or missing token: 401, whatever the body says.
    for (const token of ['wrong', '', null]) {
      const res = await notify(event('evt_bad', chargeId), token)
      expect(res.statusCode, String(token)).toBe(401)
    }
    // Not yet paid at the provider: a forged "received" is not believed.
    expect((await notify(event('evt_early', chargeId))).json()).toEqual({ received: true, settled: false })
    // A charge that is not ours (paid at the provider, claiming our txid) changes nothing.
    asaas.payments.set('pay_foreign', {
      id: 'pay_foreign',
      customer: 'cus_x',
      billingType: 'PIX',
      value: 30,
      dueDate: '2027-01-01',
      externalReference: c.invoice.txid,
      status: 'RECEIVED',
    })
    expect((await notify(event('evt_foreign', 'pay_foreign'))).json()).toEqual({ received: true, settled: false })
    expect(await dueDateOf(c.id)).toBe(before)

    asaas.payments.get(chargeId)!.status = 'RECEIVED'
    const ok = await notify(event('evt_paid', chargeId))
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toEqual({ received: true, settled: true })
    const renewed = await dueDateOf(c.id)
    expect(renewed.slice(0, 10)).toBe(addMonthsToDate(before.slice(0, 10), 1))
    const row = await t.db('invoices').where({ id: c.invoice.id }).first()
    expect([row.status, row.paidVia, row.paidBy]).toEqual(['paid', 'asaas', null])

    // The same notification again, and the CONFIRMED that follows for the same payment: nothing.
    expect((await notify(event('evt_paid', chargeId))).json()).toEqual({ received: true, settled: false })
    expect((await notify(event('evt_confirmed', chargeId, 'PAYMENT_CONFIRMED'))).json()).toEqual({
      received: true,
      settled: false,
    })
    expect(await dueDateOf(c.id)).toBe(renewed)
    // The other company's pending charge was never touched.
    expect((await notify(event('evt_other', otherCharge))).json().settled).toBe(false)
    expect(await dueDateOf(other.id)).toBe(otherBefore)
    expect((await t.db('invoices').where({ id: other.invoice.id }).first()).status).toBe('open')
    expect(await t.db('billing_events').where({ eventId: 'evt_paid' })).toHaveLength(1)
  })
})
