/**
 * Issue 6's story with two attendants in two browser contexts, against the real kernel: a
 * simulator customer writes → the ticket appears live in "Aguardando" for both → Ana accepts → it
 * moves for both (hers under "Atendendo", gone from Bruno's waiting list) → her reply reaches the
 * simulated phone with ticks going to read → she transfers it to Bruno's queue and user → it
 * appears in Bruno's list live → Bruno closes it and the customer gets the completion and rating
 * messages → the customer rates, then writes again: a new ticket, marked returning. Along the way
 * a click on a waiting ticket shows it read-only and the transfer says where it went. Then, with
 * nothing open, an attendant and an admin arriving land on "Aguardando" where a customer waits (its
 * tag shown whole beside the other chips), while a tab picked by hand sticks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { canRun, until, openBrowserApp, type BrowserApp } from './support.ts'

let app: BrowserApp
let ana: Page
let bruno: Page
let adminHeaders: { authorization: string }
let whatsappId = 0
let salesId = 0
let supportId = 0
let ticketId = 0
const CNPJ = '11444777000161'
const PASSWORD = 'Senha@123'
const CUSTOMER = '5511955554444'

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = adminHeaders) =>
  app.call(method, url, headers, payload)
const customerWrites = (body: string) =>
  api('POST', `/api/simulator/${whatsappId}/inbound`, { from: CUSTOMER, name: 'Marina Costa', body })
const outbox = async () =>
  (await api('GET', `/api/simulator/${whatsappId}/outbox`)).messages as { body: string; ack: number }[]
const item = (p: Page, id: number) => p.getByTestId('ticket-item').and(p.locator(`[data-ticket-id="${id}"]`))

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  // A company with an admin (setup through the API) and two attendants who log in through the UI.
  const adminSession = await app.api()
  const superH = { authorization: `Bearer ${adminSession.token}` }
  const planId = (await api('GET', '/api/plans/list', undefined, superH))[0].id
  const signup = await app.t.app.inject({
    method: 'POST',
    url: '/api/companies/cadastro',
    payload: {
      name: 'Loja da Marina',
      email: 'dona@loja.test',
      phone: '11999990000',
      password: PASSWORD,
      planId,
      cnpj: CNPJ,
    },
  })
  expect(signup.statusCode, signup.body).toBeLessThan(300)
  const admin = await app.api(CNPJ, 'dona@loja.test', PASSWORD)
  adminHeaders = { authorization: `Bearer ${admin.token}` }
  salesId = (await api('POST', '/api/queue', { name: 'Vendas', color: '#1e88e5', greetingMessage: 'Olá!' })).id
  supportId = (await api('POST', '/api/queue', { name: 'Suporte', color: '#43a047', greetingMessage: 'Olá!' })).id
  await api('POST', '/api/users', {
    name: 'Ana Atendente',
    email: 'ana@loja.test',
    password: PASSWORD,
    profile: 'user',
    allTicket: 'enabled',
    queueIds: [salesId],
  })
  await api('POST', '/api/users', {
    name: 'Bruno Atendente',
    email: 'bruno@loja.test',
    password: PASSWORD,
    profile: 'user',
    allTicket: 'enabled',
    queueIds: [supportId],
  })
  for (const key of ['userRating', 'sendMsgTransfTicket'])
    await api('PUT', `/api/settings/${key}`, { value: 'enabled' })
  const w = await api('POST', '/api/whatsapp', {
    name: 'Loja',
    provider: 'simulator',
    complationMessage: 'Obrigado pelo contato!',
  })
  whatsappId = w.id
  await api('POST', `/api/simulator/${whatsappId}/scan`, {})
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe.skipIf(!canRun)('two attendants work a conversation live', () => {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return
    for (const [name, p] of [
      ['ana', ana],
      ['bruno', bruno],
    ] as const)
      if (p && !p.isClosed())
        await app.shot(p, `tickets-failed-${name}-${ctx.task.name.slice(0, 24).replace(/\W+/g, '-')}`)
  })

  it('both see a new customer waiting, live', async () => {
    ;({ page: ana } = await app.newPage())
    ;({ page: bruno } = await app.newPage())
    await app.loginUI(ana, CNPJ, 'ana@loja.test', PASSWORD)
    await app.loginUI(bruno, CNPJ, 'bruno@loja.test', PASSWORD)
    for (const p of [ana, bruno]) {
      await p.getByTestId('tickets-manager').waitFor({ timeout: 20_000 })
      await p.getByTestId('tab-pending').click()
    }
    const m = await customerWrites('Olá, quero comprar um sofá')
    ticketId = m.message.ticketId
    for (const p of [ana, bruno]) {
      await item(p, ticketId).waitFor()
      expect(await item(p, ticketId).textContent()).toContain('Marina Costa')
      expect(await item(p, ticketId).textContent()).toContain('quero comprar um sofá')
    }
    await expect.poll(() => ana.getByTestId('count-pending').textContent()).toBe('1')
    // The browser tab shows how many tickets wait unread.
    await expect.poll(() => ana.title()).toMatch(/^\(1\)/)
    // A click on a waiting ticket does not take it: it shows the conversation read-only (the peek's
    // dialog); Accept is what takes it.
    await item(ana, ticketId).getByText('Marina Costa').click()
    const peek = ana.getByRole('dialog').filter({ has: ana.getByTestId('peek-dialog') })
    await peek.getByTestId('message').filter({ hasText: 'quero comprar um sofá' }).waitFor()
    expect(await peek.getByTestId('composer').count()).toBe(0)
    expect(ana.url()).toMatch(/\/tickets$/)
    await peek.getByRole('button', { name: 'Fechar', exact: true }).click()
    await peek.waitFor({ state: 'detached' })
    expect((await api('GET', `/api/tickets/${ticketId}`)).status).toBe('pending')
    await app.shot(ana, 'tickets-01-pending')
  })

  it('Ana accepts: it moves for both; her reply reaches the phone and its ticks go to read', async () => {
    await item(ana, ticketId).getByTestId('accept-button').click()
    await ana.waitForURL(new RegExp(`/tickets/${ticketId}$`))
    await item(bruno, ticketId).waitFor({ state: 'detached' })
    const chat = ana.getByTestId('ticket-chat')
    await chat.getByTestId('message').filter({ hasText: 'quero comprar um sofá' }).waitFor()
    const box = chat.getByTestId('composer-input')
    await box.fill('Claro! Qual modelo?')
    await box.press('Enter')
    const sent = chat.getByTestId('message').filter({ hasText: 'Qual modelo?' })
    await sent.waitFor()
    await until(outbox, (o) => o.some((x) => x.body.includes('Claro! Qual modelo?') && x.ack >= 4))
    await expect.poll(() => sent.getAttribute('data-ack'), { timeout: 10_000 }).toMatch(/[45]/)
    // The customer answers: it arrives in the open chat live.
    await customerWrites('O azul de 3 lugares')
    await chat.getByTestId('message').filter({ hasText: 'O azul de 3 lugares' }).waitFor()
    // She has it in front of her: read at once, no unread badge in her list.
    await expect.poll(async () => (await api('GET', `/api/tickets/${ticketId}`)).unreadMessages).toBe(0)
    await item(ana, ticketId).getByTestId('unread-badge').waitFor({ state: 'detached' })
    await app.shot(ana, 'tickets-02-chat')
  })

  it("Ana transfers it to Bruno in Suporte: it leaves her and appears in Bruno's open list", async () => {
    await ana.getByTestId('chat-transfer').click()
    const dialog = ana.getByRole('dialog')
    await dialog.getByLabel(/fila/i).selectOption(String(supportId))
    const users = dialog.getByLabel(/usuário|atendente/i)
    await users.selectOption({ label: 'Bruno Atendente' })
    await dialog.getByRole('button', { name: /transferir/i }).click()
    // She is told where it went.
    await ana.getByText('Atendimento transferido para Bruno Atendente na fila Suporte.').waitFor()
    await ana.waitForURL(/\/tickets$/)
    await bruno.getByTestId('tab-open').click()
    await item(bruno, ticketId).waitFor()
    const stored = await api('GET', `/api/tickets/${ticketId}`)
    expect(stored).toMatchObject({ status: 'open', queueId: supportId, user: { name: 'Bruno Atendente' } })
    await until(outbox, (o) => o.some((x) => x.body.includes('Suporte')))
  })

  it('Bruno closes it: completion and rating messages; a rating, then a new message opens a returning ticket', async () => {
    await item(bruno, ticketId).getByText('Marina Costa').click()
    await bruno.waitForURL(new RegExp(`/tickets/${ticketId}$`))
    await bruno.getByTestId('chat-resolve').click()
    await until(outbox, (o) => o.some((x) => x.body.includes('Obrigado pelo contato!')))
    await until(outbox, (o) => o.some((x) => /1.*2.*3/s.test(x.body)))
    expect((await api('GET', `/api/tickets/${ticketId}`)).status).toBe('closed')
    await customerWrites('3')
    await until(
      async () => (await app.t.db('ticket_ratings').where({ ticketId }).first('rate'))?.rate,
      (rate) => rate === 3,
    )
    await until(outbox, (o) => o.some((x) => /avalia/i.test(x.body) && /obrigad/i.test(x.body)))
    await bruno.getByTestId('tab-open').click()
    await bruno.getByTestId('tab-pending').click()
    const again = await customerWrites('Oi de novo, o sofá chegou')
    expect(again.message.ticketId).not.toBe(ticketId)
    await item(bruno, again.message.ticketId).waitFor()
    expect((await api('GET', `/api/tickets/${again.message.ticketId}`)).isReturningCustomer).toBe(true)
    await app.shot(bruno, 'tickets-03-returning')
  })

  it('with nothing open, an attendant and an admin land on "Aguardando" where a customer waits; a tab picked by hand sticks', async () => {
    const waiting = await api('POST', `/api/simulator/${whatsappId}/inbound`, {
      from: '5511955551212',
      name: 'Rafael Souza',
      body: 'Alguém pode me atender?',
    })
    const id = waiting.message.ticketId as number
    const vip = await api('POST', '/api/tags', { name: 'Cliente antigo', color: '#8e24aa' })
    await api('POST', '/api/tags/sync', { ticketId: id, tags: [{ id: vip.id }] })
    // Ana has nothing open since her transfer; the owner (an admin) took nothing. Fresh sessions.
    for (const email of ['ana@loja.test', 'dona@loja.test']) {
      const { page, context } = await app.signedIn({ cnpj: CNPJ, email, password: PASSWORD })
      await item(page, id).waitFor({ timeout: 20_000 })
      expect(await page.getByTestId('tab-pending').getAttribute('aria-selected')).toBe('true')
      const chip = item(page, id).getByText('Cliente antigo', { exact: true })
      expect(await chip.getAttribute('title')).toBe('Cliente antigo')
      if (email === 'ana@loja.test') {
        // Beside the connection and queue chips and "Aceitar", the tag shows whole (the other chips
        // give way first): neither cut off by the row nor ended in an ellipsis.
        expect(
          await chip.evaluate((el) => {
            let row = el.parentElement!
            while (getComputedStyle(row).overflowX === 'visible') row = row.parentElement!
            const box = el.getBoundingClientRect()
            const room = row.getBoundingClientRect()
            return el.scrollWidth <= el.clientWidth && box.left >= room.left && box.right <= room.right + 0.5
          }),
        ).toBe(true)
        await app.shot(page, 'tickets-04-landing')
        // Picked by hand, "Atendendo" stays, away and back, though customers still wait.
        await page.getByTestId('tab-attending').click()
        await page.getByRole('link', { name: 'Contatos', exact: true }).click()
        await page.waitForURL(/\/contacts$/)
        await page.getByRole('link', { name: 'Atendimentos', exact: true }).click()
        await page.getByTestId('tickets-manager').waitFor()
        // The waiting list has loaded (the title counts its unread tickets): still "Atendendo".
        await expect.poll(() => page.title()).toMatch(/^\(\d+\)/)
        await page.getByText('Nenhum ticket encontrado').waitFor()
        expect(await page.getByTestId('tab-attending').getAttribute('aria-selected')).toBe('true')
      }
      await context.close()
    }
  })
})
