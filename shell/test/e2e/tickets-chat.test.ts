/**
 * The conversation pane of an open ticket, in Chromium against the real kernel with a simulator
 * connection (what the two-attendant story does not cover): a quoted reply and the jump to the
 * quoted message; editing and deleting one's own message; a quick reply picked after "/"; the
 * contact drawer's notes; older pages loading at the top without moving the reading position; the
 * contact's earlier ticket above with its markers; the composer disabled on a resolved ticket.
 * Each test signs the attendant in on a page of its own and writes as its own customer, so it owns
 * its ticket and needs nothing from the others.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { canRun, cnpj, until, openBrowserApp, type ApiMethod, type BrowserApp } from './support.ts'

type Method = ApiMethod
interface Outbox {
  body: string
  to: string
  quotedId?: string
  edited: boolean
  deleted: boolean
  ack: number
}

let app: BrowserApp
/** The running test's own page and context (each test signs in anew: signIn). */
let page: Page
let context: BrowserContext
let ownerHeaders: { authorization: string }
let whatsappId = 0
let attendantId = 0
const CNPJ = cnpj('613580240001')
const PASSWORD = 'Senha@123'
/** A loaded 2-core CI machine runs several browsers at once: room for slow moments, not for sleeps. */
const TEST_MS = 60_000
const ATTENDANT = { name: 'Júlia Atendente', email: 'julia@conversa.test' }
let seq = 0
/** A customer number of this run (never ending in 0000: the simulator refuses those). */
const newCustomer = () => `5511966${String(++seq).padStart(4, '0')}${String(10 + Math.floor(Math.random() * 89))}`
const uid = () => Math.random().toString(36).slice(2, 7)

const owner = (method: Method, url: string, payload?: object) => app.call(method, url, ownerHeaders, payload)
/** On the attendant's behalf, with the browser's own token. */
const asAttendant = (method: Method, url: string, payload?: object) => app.callAs(page, method, url, payload)
const writes = async (from: string, name: string, body: string, id?: string) =>
  (await owner('POST', `/api/simulator/${whatsappId}/inbound`, { from, name, body, id })).message as {
    id: number
    ticketId: number
  }
const outbox = async () => (await owner('GET', `/api/simulator/${whatsappId}/outbox`)).messages as Outbox[]
const accept = (ticketId: number) =>
  asAttendant('PUT', `/api/tickets/${ticketId}`, { status: 'open', userId: attendantId })

/** A customer writes the bodies in order and the attendant takes the ticket (through the API). */
async function openTicket(name: string, bodies: (string | { body: string; id: string })[]) {
  const from = newCustomer()
  let ticketId = 0
  const ids: number[] = []
  for (const b of bodies) {
    const m = typeof b === 'string' ? await writes(from, name, b) : await writes(from, name, b.body, b.id)
    if (!ticketId) {
      ticketId = m.ticketId
      await accept(ticketId)
    }
    expect(m.ticketId).toBe(ticketId)
    ids.push(m.id)
  }
  return { from, ticketId, ids }
}

const chat = () => page.getByTestId('ticket-chat')
const bubble = (text: string) => chat().getByTestId('message').filter({ hasText: text })
/** A bubble by its message id: its text may change (edited, deleted) or show in a quote elsewhere. */
const bubbleOf = (id: number | string | null) => chat().locator(`[data-testid="message"][data-message-id="${id}"]`)
async function goChat(ticketId: number, status = 'open') {
  await page.goto(`${app.base}/tickets/${ticketId}`)
  await page
    .locator(`[data-testid="ticket-chat"][data-ticket="${ticketId}"][data-status="${status}"]`)
    .waitFor({ timeout: 20_000 })
}
/** How much of `el` shows inside the message list's box: 'all', 'some' or 'none'. */
async function shown(el: Locator): Promise<'all' | 'some' | 'none'> {
  const [box, b] = await Promise.all([chat().getByTestId('message-list').boundingBox(), el.boundingBox()])
  if (!box || !b) return 'none'
  if (b.y >= box.y - 1 && b.y + b.height <= box.y + box.height + 1) return 'all'
  return b.y + b.height > box.y && b.y < box.y + box.height ? 'some' : 'none'
}
async function openMenu(m: Locator, item: 'Responder' | 'Editar' | 'Apagar') {
  await m.hover()
  await m.getByTestId('message-menu').click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

/** The attendant on a page of the running test's own, on the tickets screen; the test closes `context`. */
async function signIn() {
  ;({ page, context } = await app.signedIn({ cnpj: CNPJ, email: ATTENDANT.email, password: PASSWORD }))
  await page.getByTestId('tickets-manager').waitFor({ timeout: 20_000 })
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
      name: 'Conversa & Cia',
      email: 'dona@conversa.test',
      phone: '11999990000',
      password: PASSWORD,
      planId,
      cnpj: CNPJ,
    },
  })
  expect(signup.statusCode, signup.body).toBeLessThan(300)
  ownerHeaders = { authorization: `Bearer ${(await app.api(CNPJ, 'dona@conversa.test', PASSWORD)).token}` }
  const queueId = (await owner('POST', '/api/queue', { name: 'Vendas', color: '#1e88e5', greetingMessage: 'Olá!' })).id
  attendantId = (
    await owner('POST', '/api/users', {
      ...ATTENDANT,
      password: PASSWORD,
      profile: 'user',
      allTicket: 'enabled',
      queueIds: [queueId],
    })
  ).id
  whatsappId = (await owner('POST', '/api/whatsapp', { name: 'Loja', provider: 'simulator' })).id
  await owner('POST', `/api/simulator/${whatsappId}/scan`, {})
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe.skipIf(!canRun)('the conversation of an open ticket', () => {
  // A failed test leaves a screenshot of its page, and its context closed.
  afterEach((ctx) => app.settle('tickets-chat', ctx.task))

  it(
    'replies quoting a message; the quote jumps to the original and the phone gets quotedId',
    async () => {
      await signIn()
      const firstId = `SIMQ${uid().toUpperCase()}1`
      // Tall messages in between, so the original is out of view once the reply is at the bottom.
      const filler = Array.from(
        { length: 8 },
        (_, i) => `Detalhe ${i + 1}\nlinha dois\nlinha três\nlinha quatro\nlinha cinco`,
      )
      const { ticketId, ids } = await openTicket('Rita Souza', [
        { body: 'Quero saber do pedido 123', id: firstId },
        ...filler,
        'Chegou ontem?',
      ])
      await goChat(ticketId)
      const original = bubbleOf(ids[0]!)
      await bubble('Chegou ontem?').waitFor()
      await openMenu(original, 'Responder')
      expect(await chat().getByTestId('composer-reply').textContent()).toContain('pedido 123')
      const box = chat().getByTestId('composer-input')
      await box.fill('Sim, saiu para entrega hoje.')
      await box.press('Enter')
      const reply = bubble('saiu para entrega hoje')
      await reply.getByTestId('quoted-message').filter({ hasText: 'pedido 123' }).waitFor()
      // The bubble can arrive by the socket before the send's answer, which is when the composer lets the reply go.
      await expect.poll(() => chat().getByTestId('composer-reply').count()).toBe(0)

      await expect.poll(() => shown(original)).toBe('none')
      await reply.getByTestId('quoted-message').click()
      await expect
        .poll(() => original.locator(':scope > div').getAttribute('class'), { timeout: 5_000, interval: 50 })
        .toContain('ring-amber-400')
      await expect.poll(() => shown(original), { timeout: 5_000 }).toBe('all')

      const sent = await until(outbox, (o) => o.some((x) => x.body.includes('saiu para entrega hoje')))
      expect(sent.find((x) => x.body.includes('saiu para entrega hoje'))!.quotedId).toBe(firstId)
      await app.shot(page, 'tickets-chat-01-quote')
      await context.close()
    },
    TEST_MS,
  )

  it(
    "edits then deletes the attendant's own message; the phone sees both",
    async () => {
      await signIn()
      const { ticketId } = await openTicket('Edu Prado', ['Vocês abrem sábado?'])
      await goChat(ticketId)
      await bubble('abrem sábado').waitFor()
      const box = chat().getByTestId('composer-input')
      await box.fill('Abrimos das 8h às 12h.')
      await box.press('Enter')
      const sent = chat().locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: 'das 8h' })
      await sent.waitFor()
      const mine = bubbleOf(await sent.getAttribute('data-message-id'))
      // Edits and deletes reach the phone by the id it gave the message: wait until it has one.
      await expect.poll(() => mine.getAttribute('data-ack'), { timeout: 10_000 }).toMatch(/[1-5]/)

      await openMenu(mine, 'Editar')
      await chat().getByTestId('composer-editing').waitFor()
      await expect.poll(() => box.inputValue()).toContain('Abrimos das 8h às 12h.')
      await box.fill('Abrimos das 8h às 13h.')
      await box.press('Enter')
      await mine.getByText('às 13h').waitFor()
      await mine.getByTestId('message-edited').filter({ hasText: 'editada' }).waitFor()
      await until(outbox, (o) => o.some((x) => x.body.includes('Abrimos das 8h às 13h.') && x.edited))

      await openMenu(mine, 'Apagar')
      const confirm = page.getByRole('dialog').filter({ hasText: 'Apagar mensagem?' })
      await confirm.getByRole('button', { name: 'Excluir' }).click()
      await confirm.waitFor({ state: 'detached' })
      await mine.getByText('Mensagem apagada').waitFor()
      expect(await mine.getByText('às 13h').count()).toBe(0)
      expect(await mine.getByTestId('message-edited').count()).toBe(0)
      await until(outbox, (o) => o.some((x) => x.body.includes('Abrimos das 8h às 13h.') && x.deleted))
      await app.shot(page, 'tickets-chat-02-deleted')
      await context.close()
    },
    TEST_MS,
  )

  it(
    'picks a quick reply after "/" and sends it',
    async () => {
      await signIn()
      const code = `prazo${uid()}`
      const text = `Entregamos em até 2 dias úteis (${code}).`
      await asAttendant('POST', '/api/quick-messages', { shortcode: code, message: text })
      const { ticketId } = await openTicket('Nina Alves', ['Qual o prazo de entrega?'])
      await goChat(ticketId)
      await bubble('prazo de entrega').waitFor()
      const box = chat().getByTestId('composer-input')
      await box.fill(`/${code.slice(0, 7)}`)
      const option = chat().getByTestId('quick-replies').getByRole('option').filter({ hasText: code })
      await option.click()
      await expect.poll(() => box.inputValue()).toBe(text)
      await box.press('Enter')
      await chat().locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: code }).waitFor()
      await until(outbox, (o) => o.some((x) => x.body.includes(text)))
      await context.close()
    },
    TEST_MS,
  )

  it(
    'adds and deletes a note in the contact drawer',
    async () => {
      await signIn()
      const { ticketId } = await openTicket('Otto Lima', ['Preciso de ajuda com a nota fiscal'])
      await goChat(ticketId)
      await chat().getByTestId('chat-drawer-toggle').click()
      const drawer = chat().getByTestId('contact-drawer')
      await drawer.getByTestId('drawer-contact-name').filter({ hasText: 'Otto Lima' }).waitFor()
      const notes = drawer.getByTestId('ticket-notes')
      await notes.getByText('Nenhuma observação.').waitFor()
      const input = notes.getByLabel('Adicionar uma observação')
      await input.fill('x')
      await notes.getByRole('button', { name: 'Adicionar' }).click()
      await notes.getByRole('alert').filter({ hasText: 'Observação muito curta' }).waitFor()

      const note = `Cliente pediu 2ª via (${uid()})`
      await input.fill(note)
      await notes.getByRole('button', { name: 'Adicionar' }).click()
      await page.getByText('Observação adicionada com sucesso!').waitFor()
      const row = notes.getByTestId('ticket-notes-list').getByRole('listitem').filter({ hasText: note })
      await row.waitFor()
      expect(await row.textContent()).toContain(ATTENDANT.name)
      expect(await input.inputValue()).toBe('')
      await app.shot(page, 'tickets-chat-03-notes')

      await row.getByRole('button', { name: 'Excluir observação' }).click()
      await page
        .getByRole('dialog')
        .filter({ hasText: 'Excluir esta observação?' })
        .getByRole('button', { name: 'Excluir' })
        .click()
      await page.getByText('Observação excluída com sucesso!').waitFor()
      await row.waitFor({ state: 'detached' })
      await notes.getByText('Nenhuma observação.').waitFor()
      await context.close()
    },
    TEST_MS,
  )

  it(
    'loads older messages at the top and keeps the reading position',
    async () => {
      await signIn()
      const tag = uid()
      const bodies = Array.from({ length: 60 }, (_, i) => ({
        body: `Antiga ${tag} ${String(i + 1).padStart(2, '0')}`,
        id: `SIMOLD${tag.toUpperCase()}${i + 1}`,
      }))
      const { ticketId } = await openTicket('Pedro Reis', bodies)
      await goChat(ticketId)
      await bubble(`Antiga ${tag} 60`).waitFor()
      const list = chat().getByTestId('message-list')
      const messages = chat().getByTestId('message')
      expect(await messages.count()).toBe(20)
      expect(await shown(bubble(`Antiga ${tag} 60`))).toBe('all')

      for (const loaded of [40, 60]) {
        const top = bubbleOf(await messages.first().getAttribute('data-message-id'))
        await list.evaluate((el) => {
          el.scrollTop = 0
        })
        await expect.poll(() => messages.count(), { timeout: 10_000 }).toBe(loaded)
        await expect.poll(() => list.getAttribute('aria-busy')).toBeNull()
        // The page came in above: what was at the top is still on screen, not pushed down and away.
        expect(await shown(top)).not.toBe('none')
        expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
      }
      await chat().getByText('Início da conversa').waitFor({ state: 'attached' })
      await list.evaluate((el) => {
        el.scrollTop = 0
      })
      await expect.poll(() => shown(bubble(`Antiga ${tag} 01`))).toBe('all')
      expect(await messages.count()).toBe(60)
      await app.shot(page, 'tickets-chat-04-older')
      await context.close()
    },
    TEST_MS,
  )

  it(
    "shows the contact's earlier ticket above, between markers",
    async () => {
      await signIn()
      const from = newCustomer()
      const first = await writes(from, 'Sara Gomes', 'Primeiro contato: orçamento')
      await accept(first.ticketId)
      await asAttendant('PUT', `/api/tickets/${first.ticketId}`, { status: 'closed' })
      const second = await writes(from, 'Sara Gomes', 'Voltei para fechar o pedido')
      expect(second.ticketId).not.toBe(first.ticketId)
      await accept(second.ticketId)
      await goChat(second.ticketId)

      const earlier = bubble('Primeiro contato: orçamento')
      const later = bubble('Voltei para fechar o pedido')
      const closed = chat().getByTestId('marker-closed')
      const started = chat().getByTestId('marker-started')
      await later.waitFor()
      await earlier.waitFor()
      expect(await closed.textContent()).toContain(`Conversa encerrada · #${first.ticketId}`)
      expect(await started.textContent()).toContain(`Conversa iniciada · #${second.ticketId}`)
      const ys = await Promise.all([earlier, closed, started, later].map(async (l) => (await l.boundingBox())!.y))
      expect(ys).toEqual([...ys].sort((a, b) => a - b))
      await context.close()
    },
    TEST_MS,
  )

  it(
    'disables the composer on a resolved ticket opened from Resolvidos',
    async () => {
      await signIn()
      const { ticketId } = await openTicket('Caio Nunes', ['Obrigado, resolvido!'])
      await asAttendant('PUT', `/api/tickets/${ticketId}`, { status: 'closed' })
      await page.goto(`${app.base}/tickets`)
      await page.getByTestId('tab-closed').click()
      const item = page.getByTestId('ticket-item').and(page.locator(`[data-ticket-id="${ticketId}"]`))
      await item.getByText('Caio Nunes').click()
      await page.waitForURL(new RegExp(`/tickets/${ticketId}$`))
      await page.locator(`[data-testid="ticket-chat"][data-ticket="${ticketId}"][data-status="closed"]`).waitFor()
      await bubble('resolvido!').waitFor()
      const box = chat().getByTestId('composer-input')
      expect(await box.isDisabled()).toBe(true)
      expect(await box.getAttribute('placeholder')).toBe('Atendimento resolvido: reabra para responder')
      expect(await chat().getByTestId('composer-send').isDisabled()).toBe(true)
      await chat().getByTestId('chat-reopen').waitFor()
      await context.close()
    },
    TEST_MS,
  )
})
