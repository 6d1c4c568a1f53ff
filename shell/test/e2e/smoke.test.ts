/**
 * The real thing end to end: the built shell and helps module served by the real kernel,
 * driven by Debian's Chromium. The web app is built when stale (support.ts).
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { createTestApp, login, SUPER, type TestApp } from '@atende/kernel/testing'
import { ensureWebBuilt, canRun, CHROMIUM } from './support.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SHOTS = `${ROOT}test-results/shell-e2e`
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]

let t: TestApp
let base: string
let browser: Browser
let context: BrowserContext
let page: Page

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })

beforeAll(async () => {
  if (!canRun) return
  await ensureWebBuilt()
  mkdirSync(SHOTS, { recursive: true })
  t = await createTestApp()
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  const su = await login(t.app, SUPER.cnpj, SUPER.email, SUPER.password)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/helps',
    headers: su.headers,
    payload: { title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: 'Como começar' },
  })
  expect(res.statusCode).toBe(201)
  await t.app.kernel.settings.set(su.user.companyId, 'campaignsEnabled', 'true')

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
  })
  // Nothing leaves the machine: thumbnails and the YouTube player are blocked.
  await context.route(
    (url) => !url.href.startsWith(base),
    (route) => route.abort(),
  )
  page = await context.newPage()
  page.on('pageerror', (err) => console.error('[page error]', err))
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await t?.close()
})

describe.skipIf(!canRun)('the kernel serves the web app (core/kernel/src/web.ts)', () => {
  it('serves the shell, the modules and the SPA fallback, and keeps JSON 404s for the API', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url })
    for (const url of ['/', '/login', '/tickets/12', '/helps']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
    const entry = await get('/modules/helps/remoteEntry.js')
    expect(entry.statusCode).toBe(200)
    expect(entry.headers['content-type']).toContain('javascript')
    for (const url of [
      '/api/nope',
      '/assets/missing.js',
      '/modules/nope/remoteEntry.js',
      '/../package.json',
      '/%2e%2e/package.json',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error).toBe('ERR_NOT_FOUND')
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/nope' })).json().error).toBe('ERR_NOT_FOUND')
  })
})

describe.skipIf(!canRun)('shell in a real browser', () => {
  it('sends an unauthenticated visitor to /login', async () => {
    await page.goto(`${base}/tickets`)
    await page.waitForURL(`${base}/login`)
    await page.getByRole('heading', { name: 'Entrar' }).waitFor()
  })

  it('masks the CNPJ and logs the super user in to /tickets with the drawer', async () => {
    await page.getByLabel('CNPJ da empresa').fill('00000000000191')
    expect(await page.getByLabel('CNPJ da empresa').inputValue()).toBe('00.000.000/0001-91')
    await page.getByLabel('E-mail').fill(SUPER.email)
    await page.getByLabel('Senha').fill(SUPER.password)
    await shot('01-login')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL(`${base}/tickets`)
    await page.getByTestId('greeting').waitFor()
    expect(await page.getByTestId('greeting').textContent()).toContain('Olá')
    const nav = page.getByRole('navigation', { name: 'menu' })
    await nav.getByRole('link', { name: 'Atendimentos' }).waitFor()
    // The helps module came from /api/modules through module federation.
    await nav.getByRole('link', { name: 'Ajuda' }).waitFor({ timeout: 15_000 })
    // The campaign routes key on the `cshow` flag, set at sign-in from the company's
    // campaignsEnabled setting (switched on for the platform company in beforeAll).
    await page.waitForFunction(() => localStorage.getItem('cshow') === '1')
    await shot('02-tickets')
  })

  it('sends a signed-in user away from the public pages', async () => {
    await page.goto(`${base}/login`)
    await page.waitForURL(`${base}/tickets`)
  })

  it('opens /helps from the drawer, plays a video in a modal and closes it with Escape', async () => {
    await page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Ajuda' }).click()
    await page.waitForURL(`${base}/helps`)
    const card = page.getByRole('button', { name: /Primeiros passos/ })
    await card.waitFor()
    await card.click()
    // Headless UI's dialog root has no box of its own (its panel is fixed): wait for its content.
    const dialog = page.getByRole('dialog')
    const player = dialog.locator('iframe')
    await player.waitFor()
    expect(await player.getAttribute('src')).toContain('youtube.com/embed/dQw4w9WgXcQ')
    expect(await dialog.getByText('Primeiros passos').isVisible()).toBe(true)
    await shot('03-helps-player')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('follows plan and setting changes in an open session: the page the plan loses says so, then goes home', async () => {
    // The plan must really lack it (a page the plan allows but no module serves is a plain 404):
    // switch kanban off on the super user's plan, with the page's own session, while the page is
    // on the kanban — no reload: the server tells the open session.
    const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` }
    const nav = page.getByRole('navigation', { name: 'menu' })
    await nav.getByRole('link', { name: 'Kanban' }).click()
    await page.waitForURL(`${base}/kanban`)
    const plan = (await t.app.inject({ method: 'GET', url: '/api/plans/user', headers })).json() as { id: number }
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${plan.id}`,
      headers,
      payload: { useKanban: false },
    })
    expect(off.statusCode, off.body).toBe(200)
    await page.getByText('Esta empresa não possui permissão para acessar essa página!').waitFor()
    await page.waitForURL(`${base}/tickets`, { timeout: 5_000 })
    await nav.getByRole('link', { name: 'Kanban' }).waitFor({ state: 'detached' })

    // A setting's menu item (API tokens) comes and goes the same way.
    expect(await nav.getByRole('link', { name: 'Tokens de API' }).count()).toBe(0)
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/apiTokensEnabled',
      headers,
      payload: { value: 'enabled' },
    })
    expect(on.statusCode, on.body).toBe(200)
    await nav.getByRole('link', { name: 'Tokens de API' }).waitFor()
  })

  it('switches the language to English', async () => {
    await page.getByRole('button', { name: 'Idioma' }).click()
    await page.getByRole('menuitem', { name: 'English' }).click()
    const nav = page.getByRole('navigation', { name: 'menu' })
    await nav.getByRole('link', { name: 'Help' }).waitFor()
    await nav.getByRole('link', { name: 'Tickets' }).waitFor()
    expect(await page.getByTestId('greeting').textContent()).toContain('Hello')
  })

  it('keeps dark mode (and the session and language) after a reload', async () => {
    await page.getByRole('button', { name: 'Dark mode' }).click()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await page.reload()
    await page.getByTestId('greeting').waitFor()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await page.getByTestId('greeting').textContent()).toContain('Hello')
    await page.getByRole('button', { name: 'Light mode' }).waitFor()
    await shot('04-dark-en')
  })

  it('logs out to /login', async () => {
    await page.getByRole('button', { name: 'Profile' }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await page.waitForURL(`${base}/login`)
  })
})
