/**
 * Issue 12, "a newcomer's first hour", in the browser against the real kernel: the favicon; the
 * drawer drawn from the modules list before the remotes arrive (one held back on purpose), a
 * placeholder only until the list answers; a plan page opens while the plan allows it and gives
 * the plan message once it does not; the admin's due date staying in the top bar after the
 * modules' stylesheets load; the unread-ticket popover appearing live when a simulated customer
 * writes, ringing at the stored volume and opening the ticket; WhatsApp formatting in the list
 * preview and the bubble; 'Resolver' with one toast; a missing ticket with one toast and no
 * error; the user dialog's connections; the simulator phone's label, full number and remembered
 * messages; and WCAG AA text contrast of every screen in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Route } from 'playwright-core'
import { canRun, cnpj, DESKTOP, openBrowserApp, until, type BrowserApp } from './support.ts'
import { contrastIssues } from './contrast.ts'

let app: BrowserApp
let adminHeaders: { authorization: string }
let superHeaders: { authorization: string }
let whatsappId = 0
let planId = 0
const CNPJ = cnpj('123459870001')
const EMAIL = 'dona@primeirahora.test'
const PASSWORD = 'Senha@123'
const CUSTOMER = '5511944443333'

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = adminHeaders) =>
  app.call(method, url, headers, payload)

/** Records what the page's WebAudio beeps would play (the peak gain of each), instead of playing it. */
const FAKE_AUDIO = `(() => {
  window.__beeps = []
  class Param { setValueAtTime() {} exponentialRampToValueAtTime(v) { this.peak = Math.max(this.peak || 0, v) } }
  class Node { connect(n) { return n } }
  class Osc extends Node { constructor() { super(); this.frequency = { value: 0 } } start() {} stop() {} }
  class Gain extends Node { constructor(ctx) { super(); this.gain = new Param(); ctx.gains.push(this.gain) } }
  class FakeAudioContext {
    constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; this.gains = [] }
    resume() { return Promise.resolve() }
    createOscillator() { return new Osc() }
    createGain() {
      const g = new Gain(this)
      queueMicrotask(() => { if (g.gain.peak) window.__beeps.push(g.gain.peak) })
      return g
    }
  }
  window.AudioContext = FakeAudioContext
})()`

/** Toasts and uncaught errors seen by a page. */
function watch(page: Page) {
  const seen = { errors: [] as string[], consoleErrors: [] as string[], notFound: [] as string[] }
  page.on('pageerror', (e) => seen.errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) seen.consoleErrors.push(m.text())
  })
  page.on('response', (r) => {
    if (r.status() === 404 && !new URL(r.url()).pathname.startsWith('/api/')) seen.notFound.push(r.url())
  })
  return seen
}

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const superSession = await app.api()
  superHeaders = { authorization: `Bearer ${superSession.token}` }
  planId = (await api('GET', '/api/plans/list', undefined, superHeaders))[0].id
  await api('PUT', `/api/plans/${planId}`, { useKanban: true, useCampaigns: true, useExternalApi: true }, superHeaders)
  const signup = await app.t.app.inject({
    method: 'POST',
    url: '/api/companies/cadastro',
    payload: { name: 'Primeira Hora', email: EMAIL, phone: '11999990000', password: PASSWORD, planId, cnpj: CNPJ },
  })
  expect(signup.statusCode, signup.body).toBeLessThan(300)
  const admin = await app.api(CNPJ, EMAIL, PASSWORD)
  adminHeaders = { authorization: `Bearer ${admin.token}` }
  whatsappId = (await api('POST', '/api/whatsapp', { name: 'Loja', provider: 'simulator' })).id
  // The simulator's own number (5511999990000<id>): longer than a Brazilian mobile.
  await api('POST', `/api/simulator/${whatsappId}/scan`, {})
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe.skipIf(!canRun)("a newcomer's first hour", () => {
  it('serves a favicon', async () => {
    const res = await fetch(`${app.base}/favicon.svg`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/)
    const { page, context } = await app.newPage()
    const seen = watch(page)
    await page.goto(`${app.base}/login`)
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg')
    await page.waitForLoadState('networkidle')
    expect(seen.notFound).toEqual([])
    await context.close()
  })

  it('draws the drawer from the modules list, before any remote arrives; a placeholder until the list answers', async () => {
    const { page, context } = await app.newPage()
    // Hold the modules list until the placeholder has been seen, and the users remote until its page is asked for.
    let releaseList!: () => void
    const listHeld = new Promise<void>((r) => {
      releaseList = r
    })
    let releaseUsers!: () => void
    const usersHeld = new Promise<void>((r) => {
      releaseUsers = r
    })
    await page.route('**/api/modules', async (route: Route) => {
      await listHeld
      await route.continue()
    })
    await page.route('**/modules/users/remoteEntry.js', async (route: Route) => {
      await usersHeld
      await route.continue()
    })
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    const nav = page.getByRole('navigation', { name: 'menu' })
    await nav.getByTestId('menu-skeleton').first().waitFor()
    expect(await nav.getAttribute('aria-busy')).toBe('true')
    expect(await nav.getByRole('link').count()).toBe(0)
    releaseList()
    // Users is in the drawer, with its label and icon, while its code is still held back.
    const users = nav.getByRole('link', { name: 'Usuários' })
    await users.waitFor()
    expect(await users.locator('svg path').count()).toBeGreaterThan(0)
    expect(await nav.getByTestId('menu-skeleton').count()).toBe(0)
    expect(await nav.getAttribute('aria-busy')).toBe('false')
    // Its page waits for the code, then opens.
    await users.click()
    await page.waitForURL(`${app.base}/users`)
    await page.locator('main [role="status"]').first().waitFor()
    expect(await page.getByText('Página não encontrada').count()).toBe(0)
    releaseUsers()
    await page.locator('main h1', { hasText: 'Usuários' }).waitFor()
    // The list of remotes is remembered: the next visit preloads them from the HTML head.
    await page.reload()
    await users.waitFor()
    expect(await page.locator('link[rel="modulepreload"][href*="/modules/users/remoteEntry.js"]').count()).toBe(1)
    await context.close()
  })

  it("keeps the admin's due date in the top bar once the modules' styles are in", async () => {
    const { page, context } = await app.newPage()
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    await page.getByTestId('tickets-manager').waitFor()
    // The tickets screen's stylesheet is in the page: it must not hide the shell's 'md:inline'.
    await until(
      () => page.evaluate(() => [...document.styleSheets].some((s) => s.href?.includes('/modules/tickets/'))),
      Boolean,
    )
    await expect.poll(() => page.getByTestId('greeting').innerText()).toContain('Data de vencimento')
    await context.close()
  })

  it('a plan page opens while the plan allows it; the plan message once the plan lacks it', async () => {
    const { page, context } = await app.newPage()
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    // /messages-api (modules/api): the page while the plan has useExternalApi. Every spec plan or
    // cshow page has its module now: the rules for one not installed (a plain 404 while allowed, the
    // plan message without the flag or cshow) are planRoutes' unit tests; each module's own browser
    // test covers its gating (/import-parts: modules/parts).
    await page.goto(`${app.base}/messages-api`)
    await page.getByRole('heading', { name: 'API de Mensagens' }).waitFor()
    expect(await page.getByText(/não possui permissão/).count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/messages-api')

    await api('PUT', `/api/plans/${planId}`, { useExternalApi: false }, superHeaders)
    await page.goto(`${app.base}/messages-api`)
    await page.getByText(/não possui permissão/).waitFor()
    await page.waitForURL(/\/tickets$/)
    await api('PUT', `/api/plans/${planId}`, { useExternalApi: true }, superHeaders)
    await context.close()
  })

  it('a new customer rings and appears in the notification popover live; a click opens the ticket', async () => {
    const { page, context } = await app.newPage()
    await context.addInitScript(FAKE_AUDIO)
    await context.addInitScript(() => localStorage.setItem('volume', '0.4'))
    const seen = watch(page)
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    // Somewhere other than the tickets screen, after a first click (browsers allow sound only then).
    await page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Contatos' }).click()
    await page.waitForURL(/\/contacts/)
    const bell = page.getByTestId('notifications-button')
    await bell.waitFor()
    expect(await bell.getAttribute('data-count')).toBe('0')

    const m = await app.callAs(page, 'POST', `/api/simulator/${whatsappId}/inbound`, {
      from: CUSTOMER,
      name: 'Joana Prado',
      body: 'Oi! *Quero* _um_ ~orçamento~ ```agora```',
    })
    const ticketId = m.message.ticketId as number
    await expect.poll(() => bell.getAttribute('data-count')).toBe('1')
    expect(await page.getByTestId('notifications-count').textContent()).toBe('1')
    // One beep, at the stored volume (the tone's peak gain is 0.25 × volume).
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __beeps: number[] }).__beeps.length))
      .toBeGreaterThan(0)
    const beeps = await page.evaluate(() => (window as unknown as { __beeps: number[] }).__beeps)
    expect(Math.max(...beeps)).toBeCloseTo(0.1, 5)

    await bell.click()
    const entry = page.getByTestId('notification-item').and(page.locator(`[data-ticket="${ticketId}"]`))
    await entry.waitFor()
    expect(await entry.textContent()).toContain('Joana Prado')
    // The preview renders WhatsApp's formatting, as elements.
    expect(await entry.locator('strong').textContent()).toBe('Quero')
    expect(await entry.locator('em').textContent()).toBe('um')
    await app.shot(page, 'first-hour-01-notifications')
    await entry.click()
    await page.waitForURL(new RegExp(`/tickets/${ticketId}$`))
    await page
      .getByTestId('ticket-chat')
      .and(page.locator(`[data-ticket="${ticketId}"]`))
      .waitFor()

    // Formatting in the bubble and in the list's preview.
    const bubble = page.getByTestId('ticket-chat').getByText('Quero', { exact: true })
    expect(await bubble.evaluate((el) => el.tagName)).toBe('STRONG')
    expect(await page.getByTestId('ticket-chat').locator('s').first().textContent()).toBe('orçamento')
    expect(await page.getByTestId('ticket-chat').locator('code').first().textContent()).toBe('agora')
    await page.getByTestId('tab-pending').click()
    const preview = page
      .getByTestId('ticket-item')
      .and(page.locator(`[data-ticket-id="${ticketId}"]`))
      .getByTestId('ticket-preview')
    await preview.waitFor()
    expect(await preview.locator('strong').textContent()).toBe('Quero')
    expect(await preview.textContent()).not.toContain('*')
    expect(seen.errors).toEqual([])
  })

  it("'Resolver' is one action with one toast, from the list and from the chat", async () => {
    const { page } = await app.newPage()
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    const m = await app.callAs(page, 'POST', `/api/simulator/${whatsappId}/inbound`, {
      from: '5511933332222',
      name: 'Rui Lima',
      body: 'Quero resolver isto',
    })
    const ticketId = m.message.ticketId as number
    await app.callAs(page, 'PUT', `/api/tickets/${ticketId}`, {
      status: 'open',
      userId: (await app.callAs(page, 'GET', '/api/users/me')).id,
    })
    await page.goto(`${app.base}/tickets/${ticketId}`)
    await page.getByTestId('chat-resolve').waitFor()
    expect(await page.getByTestId('chat-resolve').textContent()).toBe('Resolver')
    await page.getByTestId('chat-resolve').click()
    await page.getByText('Ticket resolvido.').waitFor()
    expect(await page.getByText('Ticket resolvido.').count()).toBe(1)
    expect(await page.getByText(/Finalizar/).count()).toBe(0)
  })

  it('a missing ticket says so once, with no uncaught error', async () => {
    const { page } = await app.newPage()
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    await page.getByTestId('tickets-manager').waitFor()
    const seen = watch(page)
    await page.evaluate(() => {
      const w = window as unknown as { __toasts: string[] }
      w.__toasts = []
      new MutationObserver((muts) => {
        for (const m of muts)
          for (const n of m.addedNodes) {
            if (
              n instanceof HTMLElement &&
              n.matches('[role="alert"], [role="status"]') &&
              n.parentElement?.matches('[aria-live]')
            )
              w.__toasts.push((n.textContent ?? '').replace('×', ''))
          }
      }).observe(document.body, { childList: true, subtree: true })
    })
    // In-app navigation (a reload would drop the observer).
    await page.evaluate(() => {
      history.pushState({}, '', '/tickets/999999')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByText('Ticket não encontrado.').waitFor()
    await page.waitForURL(/\/tickets$/)
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)).toEqual([
      'Ticket não encontrado.',
    ])
    expect(seen.errors).toEqual([])
    expect(seen.consoleErrors).toEqual([])
  })

  it("the user dialog offers the company's connections", async () => {
    const { page } = await app.newPage()
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    await page.goto(`${app.base}/users`)
    await page.getByRole('button', { name: 'Adicionar usuário' }).click()
    const dialog = page.getByRole('dialog')
    const select = dialog.getByLabel('Conexão padrão')
    await expect.poll(() => select.isEnabled()).toBe(true)
    expect(await select.locator('option').allTextContents()).toEqual(['Nenhuma', 'Loja'])
    expect(await dialog.getByText(/disponível quando as conexões forem cadastradas/).count()).toBe(0)
  })

  it("the simulator phone: a labelled button, the whole company number, the customer's messages after a reload", async () => {
    const { page } = await app.newPage()
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    await page.goto(`${app.base}/connections`)
    // The table on wide screens (the cards' copy is hidden).
    const open = page.getByTestId(`connection-row-${whatsappId}`).getByTestId('phone-open')
    await open.waitFor()
    expect((await open.innerText()).trim()).toBe('Celular simulado')
    await open.click()
    const panel = page.getByTestId('phone-panel')
    const number = `5511999990000${whatsappId}`
    await panel.getByText(/Você é o cliente escrevendo para/).waitFor()
    expect((await panel.getByText(/Você é o cliente escrevendo para/).textContent())!.replace(/\D/g, '')).toBe(number)
    await panel.getByLabel('Mensagem do cliente').fill('Mensagem que não pode sumir')
    await panel.getByRole('button', { name: 'Enviar' }).click()
    const mine = panel.getByTestId('phone-customer-message').filter({ hasText: 'Mensagem que não pode sumir' })
    await mine.getByRole('img', { name: 'Enviada' }).waitFor()
    await page.reload()
    await open.click()
    await mine.waitFor()
  })

  it('every screen meets WCAG AA text contrast in both themes', async () => {
    const screens = [
      '/tickets',
      '/contacts',
      '/connections',
      '/queues',
      '/tags',
      '/quick-messages',
      '/users',
      '/settings',
      '/helps',
    ]
    const found: string[] = []
    for (const theme of ['light', 'dark'] as const) {
      const { page, context } = await app.newPage(DESKTOP, theme)
      await context.addInitScript((t) => localStorage.setItem('preferredTheme', t), theme)
      await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
      const menu = page.getByRole('navigation', { name: 'menu' })
      for (const path of screens) {
        // In-app navigation through the drawer (as a user moves), not a reload per screen.
        await menu.locator(`a[href="${path}"]`).click()
        await page.waitForURL(`${app.base}${path}`)
        if (path !== '/tickets') await page.locator('main h1').first().waitFor()
        await page.waitForLoadState('networkidle')
        await expect
          .poll(() => page.locator('main [role="status"][aria-label]').count(), {
            message: `${theme} ${path} still loading`,
            timeout: 10_000,
          })
          .toBe(0)
        for (const i of await contrastIssues(page))
          found.push(`${theme} ${path}: "${i.text}" ${i.ratio}:1 < ${i.need} (${i.fg} on ${i.bg}) ${i.path}`)
      }
      // The login screen, signed out.
      await page.evaluate(() => {
        localStorage.removeItem('token')
        localStorage.removeItem('user')
      })
      await page.goto(`${app.base}/login`)
      await page.getByLabel(/CNPJ/i).waitFor()
      for (const i of await contrastIssues(page))
        found.push(`${theme} /login: "${i.text}" ${i.ratio}:1 < ${i.need} (${i.fg} on ${i.bg}) ${i.path}`)
      await context.close()
    }
    expect([...new Set(found)]).toEqual([])
  }, 180_000)
})
