/**
 * modules/billing in a real browser against the real kernel (subscription and
 * billing, invoice status, the checkout and the payment event):
 * - the super user sets the platform's static Pix on /billing; an admin opens /financeiro, sees the
 *   company's invoice, pays it through the wizard (QR and copy-and-paste code), the super user marks
 *   it paid on /billing, and the admin's page says until when the subscription was renewed, live;
 *   the due date moved by its recurrence, and the page goes home;
 * - an expired company's admin signs in to a session that serves only billing, sees /plans and
 *   /subscription, pays by Asaas choosing a bigger plan, and a local server speaking Asaas's API
 *   confirms it with its notification: renewed from today, on the new plan, and the whole app is back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SUPER, superHeaders } from '@atende/kernel/testing'
import { fakeAsaas } from '../../../plugins/billing/test/fakes/asaas.ts'
import { aCompany, canRun, openBrowserApp, until, type BrowserApp } from './support.ts'

const ASAAS_KEY = '$aact_browser_key'
const ASAAS_TOKEN = 'whsec-browser-token'
const asaas = fakeAsaas(ASAAS_KEY)
let app: BrowserApp

beforeAll(async () => {
  if (!canRun) return
  process.env.ASAAS_BASE_URL = await asaas.listen()
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
  await asaas.close()
  delete process.env.ASAAS_BASE_URL
})

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
const br = (isoDay: string) => isoDay.split('-').reverse().join('/')

describe.skipIf(!canRun)('billing in a browser', () => {
  afterEach((ctx) => app.settle('billing', ctx.task))

  it('an admin pays the invoice by Pix and sees the renewal live', async () => {
    const su = await superHeaders(app.t.app)
    const plan = await app.call('POST', '/api/plans', su, {
      name: 'Plano Cobrança',
      users: 10,
      connections: 10,
      queues: 10,
      value: 30,
    })
    // Due on the 15th of next month: a month later is the 15th again (no end-of-month clamping).
    const now = new Date()
    const due = iso(new Date(now.getFullYear(), now.getMonth() + 1, 15))
    const renewed = iso(new Date(now.getFullYear(), now.getMonth() + 2, 15))
    const co = await aCompany(app, 'Empresa Financeiro', { planId: plan.id, dueDate: due })
    // The company's first invoice is made as it is created (a bus listener: wait for it). This API
    // session ends when the page signs the admin in; the page's own token is used after that.
    const { headers } = await app.api(co.cnpj, co.email, co.password)
    const { list } = await until(
      () => app.call('GET', '/api/invoices/all', headers),
      (r: { list: { id: number }[] }) => r.list.length > 0,
    )
    const invoice = list[0]
    expect(invoice).toMatchObject({ value: 30, dueDate: due, status: 'open', planId: plan.id })

    // The super user sets the platform's static Pix on /billing.
    const { page: sp, context: superContext } = await app.signedIn(SUPER, '/billing')
    await sp.getByRole('tab', { name: 'Configuração de pagamento' }).click()
    await sp.getByLabel('Forma de recebimento').selectOption('pix-static')
    await sp.getByRole('button', { name: 'Salvar' }).click()
    expect(await sp.getByText('Obrigatório').count()).toBe(3)
    await sp.getByLabel('Chave Pix').fill('financeiro@atende.test')
    await sp.getByLabel('Nome do recebedor').fill('Atende Plataforma')
    await sp.getByLabel('Cidade do recebedor').fill('Blumenau')
    await sp.getByRole('button', { name: 'Salvar' }).click()
    await sp.getByText('Configuração de pagamento salva.').waitFor()
    // (The super user's API session ended as the page signed in: the page's own token from here.)
    expect(await app.callAs(sp, 'GET', '/api/billing/config')).toMatchObject({
      provider: 'pix-static',
      pixKey: 'financeiro@atende.test',
      merchantCity: 'Blumenau',
    })
    const { page: p, context } = await app.signedIn(co, '/financeiro')
    const row = p.getByTestId(`invoice-row-${invoice.id}`)
    await row.getByText('Em aberto').waitFor({ timeout: 15_000 })
    await row.getByText(/R\$\s30,00/).waitFor()
    await row.getByRole('cell', { name: br(due), exact: true }).waitFor()
    await row.getByRole('button', { name: `Pagar a fatura ${invoice.id}` }).click()

    const dialog = p.getByRole('dialog')
    await dialog.getByRole('heading', { name: `Pagar fatura ${invoice.id}` }).waitFor()
    // First name, address, city and zip code required (the country starts as BR).
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    expect(await dialog.getByText('Obrigatório').count()).toBe(4)
    await dialog.getByLabel('Nome', { exact: true }).fill('Ana')
    await dialog.getByLabel('Endereço', { exact: true }).fill('Rua das Flores, 10')
    await dialog.getByLabel('Cidade', { exact: true }).fill('Blumenau')
    await dialog.getByLabel('CEP', { exact: true }).fill('89010-000')
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    // Step 1: the invoice's plan is preselected.
    expect(await dialog.getByLabel('Plano', { exact: true }).inputValue()).toBe(String(plan.id))
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    await dialog
      .getByTestId('checkout-total')
      .getByText(/R\$\s30,00/)
      .waitFor()
    await dialog.getByRole('button', { name: 'Pagar', exact: true }).click()

    // The Pix view: QR image, the BR Code to copy, the amount.
    await dialog.getByRole('img', { name: `QR code Pix da fatura ${invoice.id}` }).waitFor({ timeout: 15_000 })
    const code = await dialog.getByLabel('Código Pix copia e cola').inputValue()
    expect(code).toMatch(/^000201/)
    expect(code).toContain('br.gov.bcb.pix')
    await dialog
      .getByTestId('pix-amount')
      .getByText(/R\$\s30,00/)
      .waitFor()
    await dialog.getByRole('button', { name: 'Copiar código' }).waitFor()
    await app.shot(p, 'billing-01-pix')

    // The super user finds the company's open invoice and confirms the static Pix; the event renews
    // the admin's screen live.
    await sp.getByRole('tab', { name: 'Faturas das empresas' }).click()
    await sp.getByLabel('Pesquisar faturas das empresas').fill('Empresa Financeiro')
    const pending = sp.getByTestId(`platform-invoice-${invoice.id}`)
    await pending.getByText('Empresa Financeiro').waitFor({ timeout: 15_000 })
    await pending.getByRole('button', { name: `Marcar a fatura ${invoice.id} como paga` }).click()
    const confirm = sp.getByRole('dialog')
    await confirm.getByText(/Empresa Financeiro/).waitFor()
    await confirm.getByRole('button', { name: 'Marcar como paga' }).click()
    await sp.getByText(`Fatura ${invoice.id} de Empresa Financeiro marcada como paga.`).waitFor()
    await pending.waitFor({ state: 'detached' })
    await dialog.getByText(`Assinatura renovada até ${br(renewed)}`).waitFor({ timeout: 15_000 })
    const company = await app.callAs(sp, 'GET', `/api/companies/${co.id}`)
    expect(String(company.dueDate).slice(0, 10)).toBe(renewed)
    const { list: after } = await app.callAs(p, 'GET', '/api/invoices/all')
    expect(after.find((i: { id: number }) => i.id === invoice.id)).toMatchObject({ status: 'paid' })
    // Home 4 s after the event.
    await p.waitForURL((url) => url.pathname !== '/financeiro', { timeout: 15_000 })
    // Back on /financeiro the invoice is paid: a disabled "Pago" button where "Pagar" was.
    await p.goto(`${app.base}/financeiro`)
    const paid = p.getByRole('button', { name: `Fatura ${invoice.id} paga` })
    await paid.waitFor({ timeout: 15_000 })
    expect(await paid.isDisabled()).toBe(true)
    expect(await paid.textContent()).toMatch(/pago/i)
    // The paid list says who confirmed it.
    await sp.getByLabel('Mostrar').selectOption('paid')
    await sp
      .getByTestId(`platform-invoice-${invoice.id}`)
      .getByText(/confirmada à mão/)
      .waitFor()
    await context.close()
    await superContext.close()
  }, 90_000)

  it("an expired company's admin renews by Asaas on a bigger plan; the provider's notification renews it live", async () => {
    const su = await superHeaders(app.t.app)
    await app.call('PUT', '/api/billing/config', su, {
      provider: 'asaas',
      asaasApiKey: ASAAS_KEY,
      asaasWebhookToken: ASAAS_TOKEN,
    })
    const basic = await app.call('POST', '/api/plans', su, {
      name: 'Plano Básico',
      users: 5,
      connections: 2,
      queues: 3,
      value: 30,
    })
    const pro = await app.call('POST', '/api/plans', su, {
      name: 'Plano Pro',
      users: 20,
      connections: 10,
      queues: 10,
      value: 90,
    })
    const past = new Date(Date.now() - 3 * 86_400_000)
    const co = await aCompany(app, 'Empresa Vencida', { planId: basic.id, dueDate: iso(past) })

    // The login form: an expired company's admin lands on the invoices, the session says why.
    const { page: p, context } = await app.newPage()
    await p.goto(`${app.base}/login`)
    await p.getByLabel(/CNPJ/i).fill(co.cnpj)
    await p.getByLabel(/e-?mail/i).fill(co.email)
    await p.getByLabel(/senha/i).fill(co.password)
    await p.getByRole('button', { name: /entrar/i }).click()
    await p.waitForURL(/\/financeiro$/)
    await p.getByRole('alert').getByText('Sua assinatura venceu').waitFor()
    await p.getByText('Vencido').first().waitFor({ timeout: 15_000 })
    // Any other page of this restricted session goes back to billing.
    await p.goto(`${app.base}/tickets`)
    await p.waitForURL(/\/financeiro$/)

    // /plans: the company's plan first and marked; the others with their prices.
    await p.getByRole('link', { name: 'Planos', exact: true }).click()
    const cards = p.locator('[data-testid^="plan-card-"]')
    await cards.first().waitFor()
    expect(await cards.first().getAttribute('data-testid')).toBe(`plan-card-${basic.id}`)
    expect(await cards.first().getAttribute('aria-current')).toBe('true')
    await p
      .getByTestId(`plan-card-${pro.id}`)
      .getByText(/R\$\s90,00/)
      .waitFor()

    // /subscription: the trial is over, the billing e-mail is read-only; sign now opens the checkout.
    await p.getByRole('link', { name: 'Assinatura', exact: true }).click()
    await p.getByText('Período de teste encerrado').waitFor()
    const email = p.getByLabel('E-mail de cobrança')
    expect([await email.inputValue(), await email.getAttribute('readonly')]).toEqual([co.email, ''])
    await p.getByRole('button', { name: 'Assine agora' }).click()
    const dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('Bia')
    await dialog.getByLabel('Endereço', { exact: true }).fill('Av. Brasil, 500')
    await dialog.getByLabel('Cidade', { exact: true }).fill('Joinville')
    await dialog.getByLabel('CEP', { exact: true }).fill('89200-000')
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    // Step 1: a bigger plan; the review and the charge follow it.
    await dialog.getByLabel('Plano', { exact: true }).selectOption(String(pro.id))
    await dialog
      .getByTestId('checkout-price')
      .getByText(/R\$\s90,00/)
      .waitFor()
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    await dialog
      .getByTestId('checkout-total')
      .getByText(/R\$\s90,00/)
      .waitFor()
    await dialog.getByRole('button', { name: 'Pagar', exact: true }).click()
    const code = dialog.getByLabel('Código Pix copia e cola')
    await code.waitFor({ timeout: 15_000 })
    const [charge] = [...asaas.payments.values()]
    expect(charge).toMatchObject({ billingType: 'PIX', value: 90 })
    expect(await code.inputValue()).toBe(`00020126-asaas-${charge.id}`)
    await dialog
      .getByTestId('pix-amount')
      .getByText(/R\$\s90,00/)
      .waitFor()

    // The payer pays; Asaas notifies our webhook, which asks Asaas before renewing.
    const notified = await asaas.pay(charge.id, `${app.base}/api/billing/webhooks/asaas`, ASAAS_TOKEN)
    expect(notified).toEqual({ status: 200, body: { received: true, settled: true } })
    const company = await app.call('GET', `/api/companies/${co.id}`, su)
    const renewed = String(company.dueDate).slice(0, 10)
    // From today (it was past due), by its recurrence (MENSAL), on the plan it paid for.
    expect(new Date(company.dueDate).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000)
    expect(company.planId).toBe(pro.id)
    await dialog.getByText(`Assinatura renovada até ${br(renewed)}`).waitFor({ timeout: 15_000 })
    await app.shot(p, 'billing-02-renewed')
    // Home after 4 s, now the whole app: the tickets screen, no restriction notice.
    await p.waitForURL(/\/tickets/, { timeout: 15_000 })
    await p.getByRole('alert').getByText('Sua assinatura venceu').waitFor({ state: 'detached' })
    // The same notification again renews nothing.
    const replay = await asaas.pay(charge.id, `${app.base}/api/billing/webhooks/asaas`, ASAAS_TOKEN)
    expect(replay.body).toEqual({ received: true, settled: false })
    expect((await app.call('GET', `/api/companies/${co.id}`, su)).dueDate).toBe(company.dueDate)
    await context.close()
  }, 90_000)
})
