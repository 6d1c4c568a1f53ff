/**
 * The simulator phone of modules/connections in a real browser against the real kernel, and the
 * connection dialog's remaining fields. The super user adds a simulator connection (default
 * business hours), edits a business-hours row and expiresTicket (kept on reopen and stored), the
 * simulated phone scans the QR code, and the panel plays the customer: a message typed there
 * reaches the platform (a ticket), an attendant's reply through the API arrives in the panel live
 * with its ticks going to read (blue), then its edit and deletion; a file goes as an attachment,
 * an oversized one is refused; the customer is remembered across a reload.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { canRun, DESKTOP, openBrowserApp, PHONE, type BrowserApp } from './support.ts'
import {
  MAX_FILE_BYTES,
  fileProblem,
  isCustomerNumber,
  mediaTypeOf,
  mergeChat,
  randomCustomerNumber,
  sameNumber,
  ticksOf,
  type CustomerMessage,
  type OutboxMessage,
} from '../../../modules/connections/src/phone/chat.ts'
import { hoursErrors, hoursRows, maskTime, toSchedules } from '../../../modules/connections/src/schedules.ts'

let app: BrowserApp
let page: Page | undefined
let connectionId = 0
const NAME = 'Loja Simulada'

const row = (p: Page) => p.getByRole('row').filter({ hasText: NAME })

/** The browser's own token: a second login would end the browser's session (one session per user). */
const inject = (p: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.callAs(p, method, url, payload)

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('simulator phone rules (no browser)', () => {
  const out = (id: string, timestamp: string, ack = 1): OutboxMessage => ({
    id,
    to: '5511987654321',
    isGroup: false,
    body: id,
    ack,
    edited: false,
    deleted: false,
    timestamp,
  })
  const mine = (key: string, timestamp: string): CustomerMessage => ({ key, body: key, timestamp, status: 'sent' })

  it('merges both sides by time, the customer first on a tie', () => {
    const chat = mergeChat(
      [mine('c1', '2026-01-05T10:00:00.000Z'), mine('c2', '2026-01-05T10:02:00.000Z')],
      [out('p2', '2026-01-05T10:02:00.000Z'), out('p1', '2026-01-05T10:01:00.000Z')],
    )
    expect(chat.map((i) => i.key)).toEqual(['c-c1', 'p-p1', 'c-c2', 'p-p2'])
  })

  it('maps acks to ticks, numbers and files to what the inbound route accepts', () => {
    expect([1, 2, 3, 4, 5].map(ticksOf)).toEqual(['sent', 'delivered', 'delivered', 'read', 'read'])
    let i = 0
    // A generator that would end in 0000 first: the simulator refuses those numbers, so it draws again.
    const zeros = () => (i++ < 8 ? 0 : 0.35)
    expect(randomCustomerNumber(zeros)).toBe('5511933333333')
    for (let n = 0; n < 50; n++) expect(randomCustomerNumber()).toMatch(/^55119\d{8}$/)
    expect(isCustomerNumber('+55 (11) 98765-4321')).toBe(true)
    expect(isCustomerNumber('1234')).toBe(false)
    expect(sameNumber('5511987654321', '(11) 98765-4321')).toBe(true)
    expect(sameNumber('5511987654321', '5511987654322')).toBe(false)
    expect(mediaTypeOf('image/png')).toBe('image')
    expect(mediaTypeOf('application/pdf')).toBe('document')
    expect(fileProblem({ size: MAX_FILE_BYTES })).toBeNull()
    expect(fileProblem({ size: MAX_FILE_BYTES + 1 })).toBe('connections.phone.fileTooLarge')
    expect(fileProblem({ size: 0 })).toBe('connections.phone.fileEmpty')
    // The file as a data: URI inside JSON must fit the inbound route's 8 MiB body limit.
    expect(Math.ceil(MAX_FILE_BYTES / 3) * 4 + 1024).toBeLessThan(8 * 1024 * 1024)
  })

  it('business hours: the default week, closed days, the ##:## mask', () => {
    const week = hoursRows([])
    expect(week.map((r) => (r.open ? `${r.startTime}-${r.endTime}` : 'closed'))).toEqual([
      '08:00-18:00',
      '08:00-18:00',
      '08:00-18:00',
      '08:00-18:00',
      '08:00-18:00',
      '08:00-12:00',
      'closed',
    ])
    const stored = hoursRows([
      { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:30', endTime: '17:45' },
    ])
    expect(stored[0]).toEqual({ weekdayEn: 'monday', open: true, startTime: '09:30', endTime: '17:45' })
    expect(stored[6]?.open).toBe(false)
    expect(maskTime('0930')).toBe('09:30')
    expect(maskTime('9:3a0')).toBe('93:0')
    expect(hoursErrors([{ weekdayEn: 'monday', open: true, startTime: '25:00', endTime: '18:00' }])).toEqual({
      '0.startTime': 'connections.validation.time',
    })
    expect(hoursErrors([{ weekdayEn: 'sunday', open: false, startTime: '', endTime: '' }])).toEqual({})
    expect(toSchedules(week, (d) => d.toUpperCase())[6]).toEqual({
      weekday: 'SUNDAY',
      weekdayEn: 'sunday',
      startTime: '',
      endTime: '',
    })
  })
})

describe.skipIf(!canRun)('the simulator phone in a browser', () => {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page && !page.isClosed())
      await app.shot(page, `phone-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`)
  })

  it('adds a simulator connection; the dialog keeps a business-hours row and expiresTicket', async () => {
    ;({ page } = await app.newPage())
    const p = page
    await app.loginUI(p, '00000000000191', 'admin@atende.local', 'Atende@123')
    await p.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Conexões' }).click({ timeout: 15_000 })
    await p.waitForURL(`${app.base}/connections`)

    await p.getByRole('button', { name: 'Adicionar WhatsApp' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill(NAME)
    expect(await dialog.getByLabel('Provedor').inputValue()).toBe('simulator')
    // A new connection starts from the default week.
    await dialog.getByRole('tab', { name: 'Horário de atendimento' }).click()
    expect(await dialog.getByLabel('Segunda-feira início').inputValue()).toBe('08:00')
    expect(await dialog.getByLabel('Sábado fim').inputValue()).toBe('12:00')
    expect(await dialog.getByLabel('Domingo aberto').isChecked()).toBe(false)
    expect(await dialog.getByLabel('Domingo início').isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await p.getByText('Conexão salva com sucesso!').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    const list = (await inject(p, 'GET', '/api/whatsapp')) as { id: number; name: string }[]
    connectionId = list.find((c) => c.name === NAME)!.id
    const created = await inject(p, 'GET', `/api/whatsapp/${connectionId}`)
    expect(created.schedules).toHaveLength(7)
    expect(created.schedules[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTime: '08:00',
      endTime: '18:00',
    })
    expect(created.schedules[6]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' })

    // Edit: Monday 09:30–17:45, Sunday opens 10:00–14:00, a bad time is refused first; 24 h expiry.
    await row(p)
      .getByRole('button', { name: `Editar ${NAME}` })
      .click()
    dialog = p.getByRole('dialog')
    await dialog.getByRole('tab', { name: 'Horário de atendimento' }).click()
    await dialog.getByLabel('Segunda-feira início').fill('0930')
    await dialog.getByLabel('Segunda-feira fim').fill('1745')
    await dialog.getByLabel('Domingo aberto').check()
    await dialog.getByLabel('Domingo início').fill('1000')
    await dialog.getByLabel('Domingo fim').fill('2500')
    await dialog.getByRole('tab', { name: 'Avançado' }).click()
    await dialog.getByLabel('Encerrar chats abertos após (horas)').fill('24')
    await dialog.getByLabel('Máximo de tentativas sem resposta').fill('2')
    await dialog.getByLabel('Transferir após (minutos)').fill('15')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    // The bad time sends the dialog back to its tab with the day named.
    await dialog.getByText('Domingo: informe o horário no formato HH:MM (00:00 a 23:59).').waitFor()
    expect(await dialog.getByRole('tab', { name: 'Horário de atendimento' }).getAttribute('aria-selected')).toBe('true')
    await app.shot(p, 'phone-01-hours-error')
    await dialog.getByLabel('Domingo fim').fill('1400')
    await p.getByText('Conexão salva com sucesso!').waitFor({ state: 'detached' }) // the first save's toast
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await p.getByText('Conexão salva com sucesso!').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    // Reopen: what was saved is what the dialog shows.
    await row(p)
      .getByRole('button', { name: `Editar ${NAME}` })
      .click()
    dialog = p.getByRole('dialog')
    await dialog.getByRole('tab', { name: 'Horário de atendimento' }).click()
    expect(await dialog.getByLabel('Segunda-feira início').inputValue()).toBe('09:30')
    expect(await dialog.getByLabel('Segunda-feira fim').inputValue()).toBe('17:45')
    expect(await dialog.getByLabel('Domingo aberto').isChecked()).toBe(true)
    expect(await dialog.getByLabel('Domingo fim').inputValue()).toBe('14:00')
    expect(await dialog.getByLabel('Terça-feira início').inputValue()).toBe('08:00')
    await app.shot(p, 'phone-02-hours')
    await dialog.getByRole('tab', { name: 'Avançado' }).click()
    expect(await dialog.getByLabel('Encerrar chats abertos após (horas)').inputValue()).toBe('24')
    expect(await dialog.getByLabel('Máximo de tentativas sem resposta').inputValue()).toBe('2')
    expect(await dialog.getByLabel('Transferir após (minutos)').inputValue()).toBe('15')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const saved = await inject(p, 'GET', `/api/whatsapp/${connectionId}`)
    expect(saved.expiresTicket).toBe(24)
    expect(saved.maxAttemptsWithoutResponse).toBe(2)
    expect(saved.timeToTransfer).toBe(15)
    expect(saved.schedules[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTime: '09:30',
      endTime: '17:45',
    })
    expect(saved.schedules[6]).toEqual({
      weekday: 'Domingo',
      weekdayEn: 'sunday',
      startTime: '10:00',
      endTime: '14:00',
    })
  }, 120_000)

  it('plays the customer: a message reaches the platform, the reply arrives live and is read', async () => {
    const p = page!
    expect(connectionId).toBeGreaterThan(0)
    await p.goto(`${app.base}/connections`) // a clean screen, whatever the last test left open
    const r = row(p)
    await r.getByText('Aguardando leitura do QR code').waitFor({ timeout: 15_000 })
    // No phone for a connection that is not connected.
    expect(await r.getByRole('button', { name: `Abrir o telefone simulado de ${NAME}` }).count()).toBe(0)
    await inject(p, 'POST', `/api/simulator/${connectionId}/scan`, { number: '5511912345678' })
    await r.getByText('Conectado', { exact: true }).waitFor({ timeout: 10_000 })

    await r.getByRole('button', { name: `Abrir o telefone simulado de ${NAME}` }).click()
    // (The dialog element itself has no box: its fixed children do.)
    const panel = p.getByRole('dialog', { name: `Telefone simulado · ${NAME}` })
    await panel.getByText('Nenhuma mensagem ainda…').waitFor({ timeout: 10_000 })
    const number = await panel.getByLabel('Número do cliente').inputValue()
    expect(number).toMatch(/^\+55 \(11\) 9\d{4}-\d{4}$/)
    // The composer has the focus; Send is off while there is nothing to send.
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Mensagem do cliente')
    await panel.getByLabel('Nome do cliente').fill('Maria Cliente')
    const box = panel.getByLabel('Mensagem do cliente')
    const sendButton = panel.getByRole('button', { name: 'Enviar' })
    expect(await sendButton.isDisabled()).toBe(true)

    // Shift+Enter breaks the line, Enter sends.
    await box.pressSequentially('Olá, preciso de ajuda')
    await box.press('Shift+Enter')
    await box.pressSequentially('Pedido 123')
    const answered = p.waitForResponse(
      (res) => res.url().endsWith(`/api/simulator/${connectionId}/inbound`) && res.request().method() === 'POST',
    )
    await box.press('Enter')
    const inbound = (await (await answered).json()) as { message: { ticketId: number; body: string; fromMe: boolean } }
    expect(inbound.message.body).toBe('Olá, preciso de ajuda\nPedido 123')
    expect(inbound.message.fromMe).toBe(false)
    const ticketId = inbound.message.ticketId
    const question = panel.getByTestId('phone-customer-message').filter({ hasText: 'Pedido 123' })
    await question.getByRole('img', { name: 'Enviada' }).waitFor()
    expect(await question.innerText()).toContain('Olá, preciso de ajuda\nPedido 123')
    expect(await box.inputValue()).toBe('')
    expect(await sendButton.isDisabled()).toBe(true)

    // An attendant answers through the API: the panel shows it live, the ticks run to read (blue).
    const sent = (await inject(p, 'POST', `/api/messages/${ticketId}`, {
      body: 'Olá Maria! Em que posso ajudar?',
    })) as { messages: { id: number }[] }
    const reply = panel.getByTestId('phone-platform-message').filter({ hasText: 'Em que posso ajudar?' })
    await reply.waitFor({ timeout: 10_000 })
    const read = reply.locator('[data-ticks="read"]')
    await read.waitFor({ timeout: 10_000 })
    expect(await read.getAttribute('aria-label')).toBe('Lida')
    // Blue, unlike the grey single tick of the customer's stored message.
    const colour = (l: typeof read) => l.evaluate((el) => getComputedStyle(el).color)
    expect(await colour(read)).not.toBe(await colour(question.locator('[data-ticks="sent"]')))
    // Customer right, platform left, in time order.
    expect(
      await panel.locator('li[data-side]').evaluateAll((els) => els.map((e) => e.getAttribute('data-side'))),
    ).toEqual(['customer', 'platform'])
    await app.shot(p, 'phone-03-conversation')

    // The attendant edits, then deletes: both marks arrive live.
    const replyId = sent.messages[0]!.id
    await inject(p, 'PUT', `/api/messages/${replyId}`, { body: 'Olá Maria! Como posso ajudar?' })
    const edited = panel.getByTestId('phone-platform-message').filter({ hasText: 'Como posso ajudar?' })
    await edited.getByTestId('phone-edited').waitFor({ timeout: 10_000 })
    await inject(p, 'DELETE', `/api/messages/${replyId}`)
    await panel.getByTestId('phone-deleted').waitFor({ timeout: 10_000 })
    expect(await panel.getByText('Como posso ajudar?').count()).toBe(0)

    // A file: refused when too large, sent as an attachment otherwise (Send works without text).
    const picker = panel.getByTestId('phone-file')
    await picker.setInputFiles({
      name: 'grande.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(6 * 1024 * 1024, 1),
    })
    await panel.getByRole('alert').filter({ hasText: 'O arquivo tem 6 MB; o máximo é 5 MB.' }).waitFor()
    expect(await sendButton.isDisabled()).toBe(true)
    await picker.setInputFiles({
      name: 'nota.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('segunda via do boleto'),
    })
    await panel.getByRole('button', { name: 'Remover o anexo nota.txt' }).waitFor()
    expect(await panel.getByRole('alert').filter({ hasText: 'o máximo é' }).count()).toBe(0)
    const fileAnswered = p.waitForResponse(
      (res) => res.url().endsWith(`/api/simulator/${connectionId}/inbound`) && res.request().method() === 'POST',
    )
    await sendButton.click()
    const fileInbound = (await (await fileAnswered).json()) as { message: { ticketId: number; mediaType: string } }
    expect(fileInbound.message.mediaType).toBe('document')
    expect(fileInbound.message.ticketId).toBe(ticketId)
    const withFile = panel
      .getByTestId('phone-customer-message')
      .filter({ has: p.getByTestId('phone-media').filter({ hasText: 'nota.txt' }) })
    await withFile.getByRole('img', { name: 'Enviada' }).waitFor()
    await app.shot(p, 'phone-04-attachment')

    // Escape closes; reopening keeps the conversation and the customer.
    await p.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    await r.getByRole('button', { name: `Abrir o telefone simulado de ${NAME}` }).click()
    await question.waitFor()
    expect(await panel.getByLabel('Nome do cliente').inputValue()).toBe('Maria Cliente')

    // After a reload the customer is remembered and the platform's side comes back from the phone.
    await p.reload()
    await r.getByRole('button', { name: `Abrir o telefone simulado de ${NAME}` }).click({ timeout: 15_000 })
    expect(await panel.getByLabel('Número do cliente').inputValue()).toBe(number)
    await panel.getByTestId('phone-deleted').waitFor({ timeout: 10_000 })

    // Another customer starts an empty conversation.
    await panel.getByRole('button', { name: 'Novo cliente' }).click()
    await panel.getByText('Nenhuma mensagem ainda…').waitFor({ timeout: 10_000 })
    expect(await panel.getByLabel('Número do cliente').inputValue()).not.toBe(number)

    // Phone-sized window: the panel takes the whole width.
    await p.setViewportSize(PHONE)
    const box390 = await p.getByTestId('phone-panel').boundingBox()
    expect(Math.round(box390!.width)).toBe(PHONE.width)
    await app.shot(p, 'phone-05-phone')
    await p.setViewportSize(DESKTOP)
  }, 120_000)
})
