/**
 * The composer's extras, in Chromium against the real kernel with a simulator connection: an image
 * attached with a caption; a file over the server's size limit refused before any upload; an image
 * drawn on in the editor before sending; a contact card; a customer's message forwarded to a new
 * number; voice notes from Chromium's fake microphone (a recording too short to keep is dropped, a
 * longer one goes out as audio).
 * Each test signs the attendant in on a page of its own and writes as its own customer, so it owns
 * its ticket and needs nothing from the others.
 */
import { rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { canRun, cnpj, until, openBrowserApp, type ApiMethod, type BrowserApp } from './support.ts'

type Method = ApiMethod
interface Outbox {
  body: string
  to: string
  ack: number
  media?: { kind: string; fileName: string; mimetype: string }
  contact?: { name: string; number: string }
}

let app: BrowserApp
/** The running test's own page and context (each test signs in anew: signIn). */
let page: Page
let context: BrowserContext
let ownerHeaders: { authorization: string }
let whatsappId = 0
let attendantId = 0
const CNPJ = cnpj('735912460001')
const PASSWORD = 'Senha@123'
/** A loaded 2-core CI machine runs several browsers at once: room for slow moments, not for sleeps. */
const TEST_MS = 60_000
const ATTENDANT = { name: 'Lívia Atendente', email: 'livia@anexos.test' }
let seq = 0
/** A customer number of this run (never ending in 0000: the simulator refuses those). */
const newCustomer = () => `5511977${String(++seq).padStart(4, '0')}${String(10 + Math.floor(Math.random() * 89))}`
const uid = () => Math.random().toString(36).slice(2, 7)

const owner = (method: Method, url: string, payload?: object) => app.call(method, url, ownerHeaders, payload)
/** On the attendant's behalf, with the browser's own token. */
const asAttendant = (method: Method, url: string, payload?: object) => app.callAs(page, method, url, payload)
const writes = async (from: string, name: string, body: string) =>
  (await owner('POST', `/api/simulator/${whatsappId}/inbound`, { from, name, body })).message as {
    id: number
    ticketId: number
  }
const outbox = async () => (await owner('GET', `/api/simulator/${whatsappId}/outbox`)).messages as Outbox[]
/** What the customer's phone got from us. */
const outboxTo = async (number: string) => (await outbox()).filter((x) => x.to.includes(number))

/** A customer writes and the attendant takes the ticket (through the API). */
async function openTicket(name: string, body: string) {
  const from = newCustomer()
  const m = await writes(from, name, body)
  await asAttendant('PUT', `/api/tickets/${m.ticketId}`, { status: 'open', userId: attendantId })
  return { from, ticketId: m.ticketId, messageId: m.id }
}

const chat = () => page.getByTestId('ticket-chat')
const bubble = (text: string) => chat().getByTestId('message').filter({ hasText: text })
const mine = () => chat().locator('[data-testid="message"][data-from-me="true"]')
async function goChat(ticketId: number) {
  await page.goto(`${app.base}/tickets/${ticketId}`)
  await page
    .locator(`[data-testid="ticket-chat"][data-ticket="${ticketId}"][data-status="open"]`)
    .waitFor({ timeout: 20_000 })
}

/** A real PNG (the editor must be able to decode it), drawn by the browser itself. */
async function png(name: string) {
  const data = await page.evaluate(() => {
    const c = document.createElement('canvas')
    c.width = 160
    c.height = 120
    const ctx = c.getContext('2d')!
    ctx.fillStyle = '#1e88e5'
    ctx.fillRect(0, 0, 160, 120)
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(40, 30, 80, 60)
    return c.toDataURL('image/png')
  })
  return { name, mimeType: 'image/png', buffer: Buffer.from(data.split(',')[1]!, 'base64') }
}

async function attach(name: string) {
  await chat()
    .getByTestId('composer-file')
    .setInputFiles(await png(name))
  await chat().getByTestId('composer-files').getByText(name).waitFor()
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
      name: 'Anexos & Cia',
      email: 'dona@anexos.test',
      phone: '11999990000',
      password: PASSWORD,
      planId,
      cnpj: CNPJ,
    },
  })
  expect(signup.statusCode, signup.body).toBeLessThan(300)
  ownerHeaders = { authorization: `Bearer ${(await app.api(CNPJ, 'dona@anexos.test', PASSWORD)).token}` }
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

describe.skipIf(!canRun)('the composer: files, image editor, contacts, forwarding, voice notes', () => {
  // A failed test leaves a screenshot of its page, and its context closed.
  afterEach((ctx) => app.settle('tickets-composer', ctx.task))

  it(
    'sends an attached image with a caption',
    async () => {
      await signIn()
      const { from, ticketId } = await openTicket('Bia Castro', 'Pode mandar a foto do produto?')
      await goChat(ticketId)
      await bubble('foto do produto').waitFor()
      const name = `produto-${uid()}.png`
      await attach(name)
      const caption = `Segue a foto (${uid()})`
      const box = chat().getByTestId('composer-input')
      await box.fill(caption)
      await chat().getByTestId('composer-send').click()
      await chat().getByTestId('composer-files').waitFor({ state: 'detached' })
      const sent = mine().filter({ has: page.getByRole('button', { name: 'Abrir imagem em tamanho original' }) })
      await sent.waitFor()
      await sent.getByText(caption).waitFor()
      const phone = await until(
        () => outboxTo(from),
        (o) => o.some((x) => x.media?.kind === 'image'),
      )
      const entry = phone.find((x) => x.media?.kind === 'image')!
      expect(entry.body).toContain(caption)
      expect(entry.media!.mimetype).toBe('image/png')
      await app.shot(page, 'tickets-composer-01-image')
      await context.close()
    },
    TEST_MS,
  )

  it(
    'refuses a file over the server limit before uploading any of it, naming the limit',
    async () => {
      await signIn()
      const { ticketId } = await openTicket('Gil Souza', 'Vou te mandar o vídeo da instalação')
      await goChat(ticketId)
      await bubble('vídeo da instalação').waitFor()
      // 40 MB on disk (sparse: nothing to write), picked as a user would.
      const big = join(tmpdir(), `instalacao-${uid()}.mp4`)
      writeFileSync(big, '')
      truncateSync(big, 40 * 1024 * 1024)
      const uploads: string[] = []
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/api\/messages\//.test(r.url())) uploads.push(r.url())
      })
      try {
        await chat().getByTestId('composer-file').setInputFiles(big)
        await page.getByText(/passa do limite de 16 MB/).waitFor()
        expect(await page.getByText(/passa do limite de 16 MB/).textContent()).toContain('40 MB')
        expect(await chat().getByTestId('composer-files').count()).toBe(0)
        expect(await chat().getByTestId('composer-send').isDisabled()).toBe(true)
        expect(uploads).toEqual([])
      } finally {
        rmSync(big, { force: true })
      }
      await context.close()
    },
    TEST_MS,
  )

  it(
    'draws on an attached image in the editor and sends the edited picture',
    async () => {
      await signIn()
      const { from, ticketId } = await openTicket('Caio Mendes', 'Marca onde está o defeito?')
      await goChat(ticketId)
      await bubble('defeito').waitFor()
      const name = `defeito-${uid()}.png`
      await attach(name)
      await chat()
        .getByRole('button', { name: `Editar ${name}` })
        .click()
      const dialog = page.getByRole('dialog').filter({ hasText: 'Editar imagem' })
      const canvas = dialog.getByTestId('image-editor-canvas')
      await canvas.waitFor()
      const before = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())
      const box = (await canvas.boundingBox())!
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2)
      await page.mouse.down()
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(box.x + box.width * (0.2 + i * 0.06), box.y + box.height * (0.2 + i * 0.05))
      await page.mouse.up()
      // The stroke is on the canvas before it is saved.
      await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())).not.toBe(before)
      await dialog.getByTestId('image-editor-save').click()
      await dialog.waitFor({ state: 'detached' })
      await chat().getByTestId('composer-files').getByText(name).waitFor()
      await chat().getByTestId('composer-send').click()
      await chat().getByTestId('composer-files').waitFor({ state: 'detached' })
      await mine()
        .filter({ has: page.getByRole('button', { name: 'Abrir imagem em tamanho original' }) })
        .waitFor()
      const phone = await until(
        () => outboxTo(from),
        (o) => o.some((x) => x.media?.kind === 'image'),
      )
      const entry = phone.find((x) => x.media?.kind === 'image')!
      expect(entry.media!.mimetype).toBe('image/png')
      expect(entry.media!.fileName).toContain(name.replace(/\.png$/, ''))
      await context.close()
    },
    TEST_MS,
  )

  it(
    'sends a contact card picked in the send-contact dialog',
    async () => {
      await signIn()
      const tag = uid()
      const card = { name: `Fornecedor ${tag}`, number: newCustomer() }
      await owner('POST', '/api/contacts', card)
      const { from, ticketId } = await openTicket('Davi Rocha', 'Tem o contato do fornecedor?')
      await goChat(ticketId)
      await bubble('contato do fornecedor').waitFor()
      await chat().getByRole('button', { name: 'Enviar contato' }).click()
      const dialog = page.getByRole('dialog').filter({ hasText: 'Enviar contato' })
      await dialog.getByRole('combobox').fill(tag)
      await dialog.getByRole('option').filter({ hasText: card.name }).click()
      await dialog.getByText(`${card.name} (`).waitFor()
      await dialog.getByTestId('send-contact-submit').click()
      await page.getByText('Contato enviado!').waitFor()
      await dialog.waitFor({ state: 'detached' })
      await mine().getByTestId('message-vcard').filter({ hasText: card.name }).waitFor()
      const phone = await until(
        () => outboxTo(from),
        (o) => o.some((x) => !!x.contact),
      )
      expect(phone.find((x) => x.contact)!.contact).toEqual({ name: card.name, number: card.number })
      await context.close()
    },
    TEST_MS,
  )

  it(
    "forwards a customer's message to a new number",
    async () => {
      await signIn()
      const text = `Meu pedido é o ${uid()}`
      const { ticketId } = await openTicket('Eva Lopes', text)
      await goChat(ticketId)
      const m = bubble(text)
      await m.waitFor()
      await m.hover()
      await m.getByTestId('message-menu').click()
      await page.getByRole('menuitem', { name: 'Encaminhar', exact: true }).click()
      const dialog = page.getByRole('dialog').filter({ hasText: 'Encaminhar mensagem' })
      const to = newCustomer()
      await dialog.getByLabel('Telefone').fill(to)
      await dialog.getByTestId('forward-submit').click()
      await page.getByText('Mensagem encaminhada!').waitFor()
      await dialog.waitFor({ state: 'detached' })
      const phone = await until(
        () => outboxTo(to),
        (o) => o.some((x) => x.body.includes(text)),
      )
      expect(phone.filter((x) => x.body.includes(text))).toHaveLength(1)
      await context.close()
    },
    TEST_MS,
  )

  it(
    'drops a voice note too short to keep and sends a longer one as audio',
    async () => {
      await signIn()
      const { from, ticketId } = await openTicket('Fábio Reis', 'Pode me mandar um áudio?')
      await goChat(ticketId)
      await bubble('mandar um áudio').waitFor()
      const recording = chat().getByTestId('composer-recording')
      const record = chat().getByTestId('composer-record')
      const stop = recording.getByRole('button', { name: 'Parar e enviar' })

      // Stopped as soon as it starts: a few hundred bytes, under the 10,000-byte floor.
      await record.click()
      await stop.click()
      await page.getByText('Áudio muito curto: não enviado.').waitFor()
      await recording.waitFor({ state: 'detached' })

      await record.click()
      await recording.getByText('Gravando…').waitFor()
      // The recording's length is what is under test here (Chromium's fake microphone gives
      // ~17 kB in 1.5 s): three seconds leaves room above the floor on a slow machine.
      await page.waitForTimeout(3_000)
      await stop.click()
      await recording.waitFor({ state: 'detached', timeout: 20_000 })
      await mine().locator('audio').waitFor()
      const phone = await until(
        () => outboxTo(from),
        (o) => o.some((x) => x.media?.kind === 'audio'),
      )
      // Only the longer one reached the phone.
      expect(phone.filter((x) => x.media?.kind === 'audio')).toHaveLength(1)
      // A browser's recording is a webm (or ogg) container: it goes out typed as audio, not video.
      expect(phone.find((x) => x.media?.kind === 'audio')!.media!.mimetype).toMatch(/^audio\//)
      await context.close()
    },
    TEST_MS,
  )
})
