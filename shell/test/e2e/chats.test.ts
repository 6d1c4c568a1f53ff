/**
 * modules/chats in a real browser against the real kernel: two users of one company in two browser
 * contexts.
 * Ana creates a chat with Bia and writes; Bia's /chats shows it live with an unread badge, and so
 * does her top-bar popover; she opens it (the badge clears) and replies with Enter; Ana sees the
 * reply live. With Ana's tab hidden, Bia's next message shows Ana the 'Nova mensagem de Bia…' toast.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { aCompany, canRun, openBrowserApp, type Account, type BrowserApp } from './support.ts'
import pt from '../../../modules/chats/src/i18n/pt.json'
import en from '../../../modules/chats/src/i18n/en.json'
import es from '../../../modules/chats/src/i18n/es.json'

let app: BrowserApp
let ana: Account
let bia: Account

const chatItem = (p: Page, title: string) => p.getByTestId('chat-item').filter({ hasText: title })
const message = (p: Page, text: string) => p.getByTestId('chat-message').filter({ hasText: text })

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const company = await aCompany(app, 'Conversa Interna Ltda')
  const h = (await app.api(company.cnpj, company.email, company.password)).headers
  ana = { cnpj: company.cnpj, email: 'ana@conversa.test', password: company.password }
  bia = { cnpj: company.cnpj, email: 'bia@conversa.test', password: company.password }
  await app.call('POST', '/api/users', h, { name: 'Ana Gestora', ...ana, profile: 'user' })
  await app.call('POST', '/api/users', h, { name: 'Bia Atendente', ...bia, profile: 'user' })
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('internal chat texts (no browser)', () => {
  it('has the same keys in pt, en and es, with the hidden-tab toast', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    expect(keys(en)).toEqual(keys(pt))
    expect(keys(es)).toEqual(keys(pt))
    expect([pt.chats.newMessageFrom, en.chats.newMessageFrom, es.chats.newMessageFrom]).toEqual([
      'Nova mensagem de {{name}}',
      'New message from {{name}}',
      'Nuevo mensaje de {{name}}',
    ])
  })
})

describe.skipIf(!canRun)('internal chat', () => {
  afterEach(async (ctx) => {
    await app.settle('chats', ctx.task)
  })

  it('two users chat live, with unread badges, the popover and the hidden-tab toast', async () => {
    const anaPage = (await app.signedIn(ana, '/chats')).page
    const biaPage = (await app.signedIn(bia, '/chats')).page
    await biaPage.getByText('Nenhum chat ainda.').waitFor()

    // Ana starts a chat with Bia and writes (Enter sends).
    await anaPage.getByTestId('chat-new').click()
    await anaPage.getByLabel('Título', { exact: true }).fill('Plantão de sábado')
    await anaPage.getByLabel('Usuários', { exact: true }).click()
    await anaPage.getByRole('checkbox', { name: 'Bia Atendente' }).check()
    // A click outside the list closes it (it covers the dialog's buttons).
    await anaPage.getByLabel('Título', { exact: true }).click()
    await anaPage.getByTestId('chat-save').click()
    await anaPage.getByTestId('chat-title').filter({ hasText: 'Plantão de sábado' }).waitFor()
    await anaPage.getByTestId('chat-input').fill('Bia, você cobre o sábado?')
    await anaPage.getByTestId('chat-input').press('Enter')
    await message(anaPage, 'Bia, você cobre o sábado?').waitFor()
    expect(await anaPage.getByTestId('chat-input').inputValue()).toBe('')
    // A send that fails gives the text back.
    const failing = '**/api/chats/*/messages'
    await anaPage.route(failing, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"ERR_UNAVAILABLE"}' })
        : route.continue(),
    )
    await anaPage.getByTestId('chat-input').fill('esta não vai')
    await anaPage.getByTestId('chat-input').press('Enter')
    await expect.poll(() => anaPage.getByTestId('chat-input').inputValue()).toBe('esta não vai')
    await anaPage.unroute(failing)
    await anaPage.getByTestId('chat-input').fill('')

    // Bia sees it live, unread, in her list and in the top-bar popover.
    const item = chatItem(biaPage, 'Plantão de sábado')
    await item.getByTestId('chat-unread').filter({ hasText: '1' }).waitFor()
    await biaPage.locator('[data-testid="chats-popover-button"][data-count="1"]').waitFor()
    await biaPage.getByTestId('chats-popover-button').click()
    await biaPage.getByTestId('chats-popover-item').filter({ hasText: 'Plantão de sábado' }).waitFor()
    await biaPage.keyboard.press('Escape')

    // She opens it: the badges clear; she replies (Shift+Enter breaks the line, Enter sends).
    await item.click()
    await message(biaPage, 'Bia, você cobre o sábado?').waitFor()
    await item.getByTestId('chat-unread').waitFor({ state: 'detached' })
    await biaPage.locator('[data-testid="chats-popover-button"][data-count="0"]').waitFor()
    const input = biaPage.getByTestId('chat-input')
    await input.fill('Cubro sim')
    await input.press('Shift+Enter')
    await input.press('!')
    expect(await input.inputValue()).toBe('Cubro sim\n!')
    await input.press('Enter')
    await message(biaPage, 'Cubro sim').waitFor()

    // Ana sees the reply live in the open chat.
    await message(anaPage, 'Cubro sim').waitFor()
    await app.shot(anaPage, 'chats-ana')

    // Ana's tab goes hidden: Bia's next message shows her the informational toast.
    await anaPage.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await input.fill('Até sábado')
    await input.press('Enter')
    await anaPage.getByText('Nova mensagem de Bia Atendente').waitFor()
    // The message is not read while hidden: Ana's list counts it.
    await chatItem(anaPage, 'Plantão de sábado').getByTestId('chat-unread').filter({ hasText: '1' }).waitFor()
  }, 90_000)
})
