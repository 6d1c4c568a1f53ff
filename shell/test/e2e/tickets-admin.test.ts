/**
 * The tickets list as an admin and an attendant see it, in two Chromium contexts against the real
 * kernel with a simulator connection: the new-ticket modal (and the conflict it names when the
 * contact is already being served), the queue an attendant must choose, the search tab with its tag
 * and user filters, the admin's item menu (close without message, delete — gone live from the
 * attendant's list too), the read-only peek, and ticket addresses that are not valid or not allowed.
 * The company's owner sets things up through the API; Sofia (admin) and Tiago (attendant) use the UI,
 * each test on pages of its own with data of its own.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { canRun, cnpj, openBrowserApp, type ApiMethod, type BrowserApp } from './support.ts'

type Method = ApiMethod

let app: BrowserApp
let ownerHeaders: { authorization: string }
let whatsappId = 0
let salesId = 0
let financeId = 0
let sofiaId = 0
let tiagoId = 0
const CNPJ = cnpj('482915370001')
const PASSWORD = 'Senha@123'
const SOFIA = { name: 'Sofia Supervisora', email: 'sofia@gestao.test' }
const TIAGO = { name: 'Tiago Atendente', email: 'tiago@gestao.test' }
const COMPLETION = 'Agradecemos o contato, até logo!'
/** A loaded 2-core CI machine runs several browsers at once: room for slow moments, not for sleeps. */
const TEST_MS = 60_000
let seq = 0
/** A customer number of this run (never ending in 0000: the simulator refuses those). */
const newCustomer = () => `5511977${String(++seq).padStart(4, '0')}${String(10 + Math.floor(Math.random() * 89))}`
const uid = () => Math.random().toString(36).slice(2, 7)

const owner = (method: Method, url: string, payload?: object) => app.call(method, url, ownerHeaders, payload)
const as = (p: Page, method: Method, url: string, payload?: object) => app.callAs(p, method, url, payload)
const writes = async (from: string, name: string, body: string) =>
  (await owner('POST', `/api/simulator/${whatsappId}/inbound`, { from, name, body })).message as {
    id: number
    ticketId: number
  }
const outboxTo = async (to: string) =>
  (await owner('GET', `/api/simulator/${whatsappId}/outbox?to=${to}`)).messages as { body: string }[]
const statusOf = async (ticketId: number) => (await owner('GET', `/api/tickets/${ticketId}`)).status as string

const item = (p: Page, id: number) => p.getByTestId('ticket-item').and(p.locator(`[data-ticket-id="${id}"]`))
/** A page of its own signed in on the tickets list, once the list shows. */
async function atTickets(who: { name: string; email: string }) {
  const signed = await app.signedIn({ cnpj: CNPJ, email: who.email, password: PASSWORD })
  await signed.page.getByTestId('tickets-manager').waitFor({ timeout: 20_000 })
  return signed
}
async function pendingTab(p: Page) {
  await p.getByTestId('tab-open').click()
  await p.getByTestId('tab-pending').click()
}
/** Opens "Novo" and picks the contact through its search (from 3 characters). */
async function newTicketFor(p: Page, contactName: string) {
  await p.getByTestId('new-ticket-button').click()
  const dialog = p.getByRole('dialog').filter({ hasText: 'Novo Ticket' })
  await dialog.getByRole('combobox', { name: 'Contato' }).fill(contactName)
  await dialog.getByRole('option', { name: new RegExp(contactName) }).click()
  return dialog
}

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const superH = { authorization: `Bearer ${(await app.api()).token}` }
  const planId = (await app.call('GET', '/api/plans/list', superH))[0].id
  const signup = await app.t.app.inject({
    method: 'POST',
    url: '/api/companies/cadastro',
    payload: {
      name: 'Gestão & Cia',
      email: 'dona@gestao.test',
      phone: '11999990000',
      password: PASSWORD,
      planId,
      cnpj: CNPJ,
    },
  })
  expect(signup.statusCode, signup.body).toBeLessThan(300)
  ownerHeaders = { authorization: `Bearer ${(await app.api(CNPJ, 'dona@gestao.test', PASSWORD)).token}` }
  salesId = (await owner('POST', '/api/queue', { name: 'Vendas', color: '#1e88e5', greetingMessage: 'Olá!' })).id
  const supportId = (await owner('POST', '/api/queue', { name: 'Suporte', color: '#43a047', greetingMessage: 'Olá!' }))
    .id
  financeId = (await owner('POST', '/api/queue', { name: 'Financeiro', color: '#8e24aa', greetingMessage: 'Olá!' })).id
  sofiaId = (
    await owner('POST', '/api/users', {
      ...SOFIA,
      password: PASSWORD,
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [salesId, supportId, financeId],
    })
  ).id
  // Two queues, so the new-ticket modal has no obvious one to preselect for him; not Financeiro.
  tiagoId = (
    await owner('POST', '/api/users', {
      ...TIAGO,
      password: PASSWORD,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [salesId, supportId],
    })
  ).id
  whatsappId = (
    await owner('POST', '/api/whatsapp', { name: 'Loja', provider: 'simulator', complationMessage: COMPLETION })
  ).id
  await owner('POST', `/api/simulator/${whatsappId}/scan`, {})
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe.skipIf(!canRun)('tickets as an admin and an attendant', () => {
  // A failed test leaves screenshots of its pages, and its contexts closed.
  afterEach((ctx) => app.settle('tickets-admin', ctx.task))

  it(
    'Novo opens a ticket for a contact; the same contact for the attendant names who has it',
    async () => {
      const { page: sofia, context } = await atTickets(SOFIA)
      const { page: tiago, context: tiagoContext } = await atTickets(TIAGO)
      const name = `Helena Prado ${uid()}`
      await as(sofia, 'POST', '/api/contacts', { name, number: newCustomer() })
      const dialog = await newTicketFor(sofia, name)
      await dialog.getByTestId('new-ticket-queue').selectOption(String(salesId))
      await dialog.getByTestId('new-ticket-connection').selectOption(String(whatsappId))
      await dialog.getByTestId('new-ticket-save').click()
      await sofia.waitForURL(/\/tickets\/\d+$/)
      const ticketId = Number(new URL(sofia.url()).pathname.split('/').pop())
      const chat = sofia.locator(`[data-testid="ticket-chat"][data-ticket="${ticketId}"][data-status="open"]`)
      await chat.getByTestId('chat-contact-name').filter({ hasText: name }).waitFor()
      await dialog.waitFor({ state: 'detached' })
      expect(await owner('GET', `/api/tickets/${ticketId}`)).toMatchObject({
        status: 'open',
        userId: sofiaId,
        queueId: salesId,
        whatsappId,
      })
      await app.shot(sofia, 'tickets-admin-01-new')

      const again = await newTicketFor(tiago, name)
      await again.getByTestId('new-ticket-queue').selectOption(String(salesId))
      await again.getByTestId('new-ticket-save').click()
      const conflict = again.getByTestId('new-ticket-conflict')
      await conflict.waitFor()
      expect(await conflict.textContent()).toBe(`Este contato já tem um ticket aberto com ${SOFIA.name} na fila Vendas`)
      expect(tiago.url()).toMatch(/\/tickets$/)
      await again.getByRole('button', { name: 'Cancelar' }).click()
      await again.waitFor({ state: 'detached' })

      // Sofia closes it; Tiago starting the conversation moments later reopens that ticket as his
      //, and is told so.
      await as(sofia, 'PUT', `/api/tickets/${ticketId}`, { status: 'closed' })
      const reopen = await newTicketFor(tiago, name)
      await reopen.getByTestId('new-ticket-queue').selectOption(String(salesId))
      await reopen.getByTestId('new-ticket-save').click()
      await tiago.waitForURL(new RegExp(`/tickets/${ticketId}$`))
      await tiago.getByRole('status').filter({ hasText: 'foi reaberto para você' }).first().waitFor()
      expect(await owner('GET', `/api/tickets/${ticketId}`)).toMatchObject({ status: 'open', userId: tiagoId })
      await Promise.all([context.close(), tiagoContext.close()])
    },
    TEST_MS,
  )

  it(
    'an attendant who picks no queue is told to',
    async () => {
      const { page: tiago, context } = await atTickets(TIAGO)
      const name = `Igor Matos ${uid()}`
      const contact = await owner('POST', '/api/contacts', { name, number: newCustomer() })
      const dialog = await newTicketFor(tiago, name)
      expect(await dialog.getByTestId('new-ticket-queue').inputValue()).toBe('')
      await dialog.getByTestId('new-ticket-save').click()
      // The toast shows inside the open dialog (the page behind it is inert), in the accessibility tree.
      await dialog.getByRole('alert').filter({ hasText: 'Selecione uma fila' }).waitFor()
      expect(await dialog.getByTestId('new-ticket-save').isVisible()).toBe(true)
      expect((await owner('GET', `/api/tickets?contactId=${contact.id}&showAll=true`)).tickets).toEqual([])
      await dialog.getByRole('button', { name: 'Cancelar' }).click()
      await dialog.waitFor({ state: 'detached' })
      await context.close()
    },
    TEST_MS,
  )

  it(
    'search finds a message word; a tag narrows it; only the admin has the user filter',
    async () => {
      const word = `jabuticaba${uid()}`
      const a = await writes(newCustomer(), 'Júlio Tavares', `Quero ${word} doce`)
      const b = await writes(newCustomer(), 'Lara Mendes', `Tem ${word} azeda?`)
      const tag = await owner('POST', '/api/tags', { name: `VIP ${uid()}`, color: '#e53935' })
      await owner('POST', '/api/tags/sync', { ticketId: a.ticketId, tags: [{ id: tag.id }] })
      const { page: sofia, context } = await atTickets(SOFIA)
      const { page: tiago, context: tiagoContext } = await atTickets(TIAGO)

      await sofia.getByTestId('tab-search').click()
      await sofia.getByRole('searchbox', { name: 'Buscar tickets' }).fill(word)
      await item(sofia, a.ticketId).waitFor()
      await item(sofia, b.ticketId).waitFor()
      await sofia.getByTestId('tag-filter').click()
      await sofia.getByRole('group', { name: 'Etiquetas' }).getByRole('checkbox', { name: tag.name }).check()
      await item(sofia, b.ticketId).waitFor({ state: 'detached' })
      await item(sofia, a.ticketId).waitFor()
      expect(await item(sofia, a.ticketId).textContent()).toContain(tag.name)
      await sofia.getByTestId('user-filter').waitFor()
      await app.shot(sofia, 'tickets-admin-02-search')

      await tiago.getByTestId('tab-search').click()
      await tiago.getByTestId('tag-filter').waitFor()
      expect(await tiago.getByTestId('user-filter').count()).toBe(0)
      await Promise.all([context.close(), tiagoContext.close()])
    },
    TEST_MS,
  )

  it(
    'closes without message: no completion message, though a normal close sends it',
    async () => {
      const silentFrom = newCustomer()
      const silent = await writes(silentFrom, 'Marcos Dias', 'Pode encerrar, obrigado')
      const normalFrom = newCustomer()
      const normal = await writes(normalFrom, 'Nair Costa', 'Era só isso')
      const { page: sofia, context } = await atTickets(SOFIA)
      for (const m of [silent, normal])
        await as(sofia, 'PUT', `/api/tickets/${m.ticketId}`, { status: 'open', userId: sofiaId })
      // Loaded again, so the list has them from the server rather than from the live events.
      await sofia.reload()
      await item(sofia, silent.ticketId).waitFor({ timeout: 20_000 })

      await item(sofia, silent.ticketId).getByTestId('ticket-options').click()
      await sofia.getByRole('menuitem', { name: 'Resolver sem mensagem' }).click()
      await item(sofia, silent.ticketId).waitFor({ state: 'detached' })
      await expect.poll(() => statusOf(silent.ticketId)).toBe('closed')

      // The same connection's completion message does go out on an ordinary close, after the silent one.
      await item(sofia, normal.ticketId).getByTestId('close-button').click()
      await item(sofia, normal.ticketId).waitFor({ state: 'detached' })
      await expect
        .poll(async () => (await outboxTo(normalFrom)).map((m) => m.body), { timeout: 15_000 })
        .toContain(COMPLETION)
      expect(await outboxTo(silentFrom)).toEqual([])
      await context.close()
    },
    TEST_MS,
  )

  it(
    "deletes a ticket after confirming; it leaves the attendant's list live",
    async () => {
      const name = 'Otávio Reis'
      const m = await writes(newCustomer(), name, 'Mensagem por engano')
      const { page: sofia, context } = await atTickets(SOFIA)
      const { page: tiago, context: tiagoContext } = await atTickets(TIAGO)
      for (const p of [sofia, tiago]) {
        await pendingTab(p)
        await item(p, m.ticketId).waitFor()
      }

      await item(sofia, m.ticketId).getByTestId('ticket-options').click()
      await sofia.getByRole('menuitem', { name: 'Deletar' }).click()
      const confirm = sofia.getByRole('dialog').filter({ hasText: `Excluir o ticket do contato ${name}?` })
      await confirm.getByText('Todas as mensagens relacionadas ao ticket serão perdidas').waitFor()
      await confirm.getByRole('button', { name: 'Excluir' }).click()
      await item(sofia, m.ticketId).waitFor({ state: 'detached' })
      await item(tiago, m.ticketId).waitFor({ state: 'detached' })
      const res = await app.t.app.inject({ method: 'GET', url: `/api/tickets/${m.ticketId}`, headers: ownerHeaders })
      expect(res.statusCode).toBe(404)
      await Promise.all([context.close(), tiagoContext.close()])
    },
    TEST_MS,
  )

  it(
    'the eye shows the conversation read-only, without taking the ticket',
    async () => {
      const name = 'Paula Freitas'
      const from = newCustomer()
      const m = await writes(from, name, 'Boa tarde, quero um orçamento')
      await writes(from, name, 'É para 3 cadeiras')
      const { page: sofia, context } = await atTickets(SOFIA)
      await pendingTab(sofia)
      await item(sofia, m.ticketId).getByTestId('peek-button').click()
      const dialog = sofia.getByRole('dialog').filter({ has: sofia.getByTestId('peek-dialog') })
      await dialog.getByText(`Conversa com ${name}`).first().waitFor()
      await dialog.getByTestId('message').filter({ hasText: 'quero um orçamento' }).waitFor()
      await dialog.getByTestId('message').filter({ hasText: '3 cadeiras' }).waitFor()
      expect(await dialog.getByTestId('composer').count()).toBe(0)
      expect(await dialog.getByTestId('composer-input').count()).toBe(0)
      expect(await dialog.getByTestId('message-menu').count()).toBe(0)
      expect(await dialog.getByTestId('chat-actions').count()).toBe(0)
      await app.shot(sofia, 'tickets-admin-03-peek')
      await dialog.getByRole('button', { name: 'Fechar', exact: true }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(sofia.url()).toMatch(/\/tickets$/)
      expect(await statusOf(m.ticketId)).toBe('pending')
      await item(sofia, m.ticketId).getByTestId('accept-button').waitFor()
      await context.close()
    },
    TEST_MS,
  )

  it(
    'bad ticket addresses go back to the list; one outside the rule says so',
    async () => {
      const { page: tiago, context } = await atTickets(TIAGO)
      for (const bad of ['undefined', 'abc']) {
        await tiago.goto(`${app.base}/tickets/${bad}`)
        await tiago.waitForURL(/\/tickets$/)
        await tiago.getByTestId('tickets-welcome').waitFor()
      }
      // Sofia's, in a queue Tiago is not in.
      const contact = await owner('POST', '/api/contacts', { name: `Rui Campos ${uid()}`, number: newCustomer() })
      const hidden = await owner('POST', '/api/tickets', {
        contactId: contact.id,
        queueId: financeId,
        userId: sofiaId,
        whatsappId,
      })
      await tiago.goto(`${app.base}/tickets/${hidden.id}`)
      await tiago.getByRole('alert').filter({ hasText: 'Acesso não permitido' }).first().waitFor()
      await tiago.waitForURL(/\/tickets$/)
      await tiago.getByTestId('tickets-welcome').waitFor()
      expect(await tiago.getByText(contact.name).count()).toBe(0)
      await context.close()
    },
    TEST_MS,
  )
})
