/**
 * The tickets screen on a phone (one pane at a time, a bottom navigation between the
 * list and the ticket), in Chromium against the real kernel: an attendant sees the list only → a
 * simulator customer writes, the ticket appears and the title counts it as unread → Accept opens the
 * chat → the reply reaches the phone → back to the list; a new customer message while the list is
 * on screen shows '(1)' in the title until the ticket is opened again → the labels in English.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { canRun, openBrowserApp, PHONE, type BrowserApp } from './support.ts'

let app: BrowserApp
let page: Page
let adminHeaders: { authorization: string }
let whatsappId = 0
let ticketId = 0
const CNPJ = '11444777000242'
const PASSWORD = 'Senha@123'
const ATTENDANT = 'carla@celular.test'
const CUSTOMER = '5511955553333'

const api = (method: 'GET' | 'POST', url: string, payload?: object, headers = adminHeaders) =>
  app.call(method, url, headers, payload)
const customerWrites = (body: string) =>
  api('POST', `/api/simulator/${whatsappId}/inbound`, { from: CUSTOMER, name: 'Paulo Lima', body })
const outbox = async () => (await api('GET', `/api/simulator/${whatsappId}/outbox`)).messages as { body: string }[]
const item = () => page.getByTestId('ticket-item').and(page.locator(`[data-ticket-id="${ticketId}"]`))
const title = () => page.title()
const pressed = (key: 'list' | 'ticket') => page.getByTestId(`bottom-nav-${key}`).getAttribute('aria-pressed')

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const superH = { authorization: `Bearer ${(await app.api()).token}` }
  const planId = (await api('GET', '/api/plans/list', undefined, superH))[0].id
  const signup = await app.t.app.inject({
    method: 'POST',
    url: '/api/companies/cadastro',
    payload: {
      name: 'Loja no Celular',
      email: 'dona@celular.test',
      phone: '11999990000',
      password: PASSWORD,
      planId,
      cnpj: CNPJ,
    },
  })
  expect(signup.statusCode, signup.body).toBeLessThan(300)
  adminHeaders = { authorization: `Bearer ${(await app.api(CNPJ, 'dona@celular.test', PASSWORD)).token}` }
  const queueId = (await api('POST', '/api/queue', { name: 'Vendas', color: '#1e88e5', greetingMessage: 'Olá!' })).id
  await api('POST', '/api/users', {
    name: 'Carla Atendente',
    email: ATTENDANT,
    password: PASSWORD,
    profile: 'user',
    allTicket: 'enabled',
    queueIds: [queueId],
  })
  whatsappId = (await api('POST', '/api/whatsapp', { name: 'Celular', provider: 'simulator' })).id
  await api('POST', `/api/simulator/${whatsappId}/scan`, {})
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe.skipIf(!canRun)('tickets on a phone', () => {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page && !page.isClosed())
      await app.shot(page, `tickets-phone-failed-${ctx.task.name.slice(0, 24).replace(/\W+/g, '-')}`)
  })

  it('shows the list only, with the bottom navigation', async () => {
    ;({ page } = await app.newPage(PHONE))
    await app.loginUI(page, CNPJ, ATTENDANT, PASSWORD)
    await page.getByTestId('tickets-manager').waitFor({ timeout: 20_000 })
    expect(await pressed('list')).toBe('true')
    expect(await page.getByTestId('bottom-nav-ticket').isDisabled()).toBe(true)
    // One pane: no resize handle, no welcome pane, no chat.
    expect(await page.getByTestId('panel-handle').count()).toBe(0)
    expect(await page.getByTestId('tickets-welcome').count()).toBe(0)
    expect(await page.getByTestId('ticket-chat').count()).toBe(0)
    const manager = await page.getByTestId('tickets-manager').boundingBox()
    expect(manager!.width).toBeGreaterThan(PHONE.width - 2)
    expect(await title()).not.toMatch(/^\(\d+\)/)
  })

  it('a customer writes: the ticket appears and the title counts it unread', async () => {
    await page.getByTestId('tab-pending').click()
    ticketId = (await customerWrites('Oi, vocês entregam no sábado?')).message.ticketId
    await item().waitFor()
    expect(await item().textContent()).toContain('Paulo Lima')
    await item().getByTestId('unread-badge').waitFor()
    await expect.poll(title).toMatch(/^\(1\) /)
    await app.shot(page, 'tickets-phone-01-list')
  })

  it('Accept opens the chat pane; the reply reaches the phone; back to the list', async () => {
    await item().getByTestId('accept-button').click()
    await page.waitForURL(new RegExp(`/tickets/${ticketId}$`))
    const chat = page.getByTestId('ticket-chat')
    await chat.getByTestId('message').filter({ hasText: 'entregam no sábado' }).waitFor()
    expect(await pressed('ticket')).toBe('true')
    expect(await page.getByTestId('tickets-manager').isVisible()).toBe(false)
    // The chat header stays one line at 390 px: name, status actions and the info button side by
    // side (the name gives way), nothing pushed onto a second line or off the screen.
    const header = chat.locator('header').first()
    const line = await header.evaluate((el) => {
      const boxes = [...el.children].map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0)
      const middles = boxes.map((b) => b.top + b.height / 2)
      return {
        spread: Math.max(...middles) - Math.min(...middles),
        right: Math.max(...boxes.map((b) => b.right)),
        overflows: el.scrollWidth > el.clientWidth,
      }
    })
    expect(line.spread).toBeLessThan(4)
    expect(line.right).toBeLessThanOrEqual(PHONE.width)
    expect(line.overflows).toBe(false)
    for (const id of ['chat-drawer-toggle', 'chat-resolve', 'chat-transfer', 'chat-return'])
      expect(await chat.getByTestId(id).isVisible(), id).toBe(true)
    expect((await chat.getByTestId('chat-contact-name').boundingBox())!.width).toBeGreaterThan(40)
    // Opening read it.
    await expect.poll(title).not.toMatch(/^\(\d+\)/)
    const box = chat.getByTestId('composer-input')
    await box.fill('Entregamos sim, até as 14h.')
    await box.press('Enter')
    await chat.getByTestId('message').filter({ hasText: 'até as 14h' }).waitFor()
    await expect
      .poll(async () => (await outbox()).some((m) => m.body.includes('até as 14h')), { timeout: 15_000 })
      .toBe(true)
    await app.shot(page, 'tickets-phone-02-chat')

    await page.getByTestId('bottom-nav-list').click()
    await page.getByTestId('tickets-manager').waitFor()
    expect(await pressed('list')).toBe('true')
    expect(await page.getByTestId('ticket-chat').count()).toBe(0)
    expect(await page.getByTestId('tab-attending').getAttribute('aria-selected')).toBe('true')
    await item().waitFor()
  })

  it('a new message while the list is on screen shows (1) in the title until the ticket is opened', async () => {
    await customerWrites('Perfeito, obrigado!')
    await item().getByTestId('unread-badge').waitFor()
    await expect.poll(title).toMatch(/^\(1\) /)
    expect(await item().textContent()).toContain('Perfeito, obrigado!')
    await page.getByTestId('bottom-nav-ticket').click()
    await page.getByTestId('ticket-chat').getByTestId('message').filter({ hasText: 'Perfeito, obrigado!' }).waitFor()
    await expect.poll(title).not.toMatch(/^\(\d+\)/)
    await page.getByTestId('bottom-nav-list').click()
    await item().waitFor()
    expect(await item().getByTestId('unread-badge').count()).toBe(0)
  })

  it('shows the tabs in English', async () => {
    await page.getByRole('button', { name: /^(Idioma|Language)$/ }).click()
    await page.getByRole('menuitem', { name: 'English' }).click()
    await expect.poll(() => page.getByTestId('tab-open').textContent()).toBe('Open')
    expect(await page.getByTestId('tab-closed').textContent()).toBe('Resolved')
    expect(await page.getByTestId('tab-search').textContent()).toBe('Search')
    expect(await page.getByTestId('tab-attending').textContent()).toMatch(/^Attending\d*$/)
    expect(await page.getByTestId('tab-pending').textContent()).toMatch(/^Waiting\d*$/)
    expect(await page.getByTestId('bottom-nav-list').textContent()).toBe('Attendances')
    expect(await page.getByTestId('bottom-nav-ticket').textContent()).toBe('Ticket')
    await page.getByRole('navigation', { name: 'Tickets navigation' }).waitFor()
    await app.shot(page, 'tickets-phone-03-en')
  })
})
