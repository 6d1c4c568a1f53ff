/**
 * Browser-test support: the real kernel with every plugin on a loopback port, the built web app,
 * and Debian's Chromium. Each e2e file calls `openBrowserApp()`; the web app is built once per
 * test run even though vitest runs files in parallel processes.
 */
import { existsSync, mkdirSync, writeFileSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import {
  createTestApp,
  allPlugins,
  dumpTestDatabase,
  keepAsTemplate,
  login,
  superHeaders,
  testDatabase,
  SUPER,
  type TestApp,
} from '@atende/kernel/testing'
import type { DefinedPlugin } from '@atende/sdk'
import { SESSION_KEYS, type LoginResult } from '@atende/client'
import { ROOT, buildWeb, staleWebApps } from '../../../scripts/web-build.ts'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
/** A user's machine without Chromium skips browser tests with a word; CI installs it and requires them. */
export const canRun = existsSync(CHROMIUM) || !!process.env.CI
if (!canRun)
  console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`)

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // A fake microphone that needs no permission prompt: voice notes can be recorded headless.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
]
export const SHOTS = join(ROOT, 'test-results', 'e2e')
export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Builds the web app when stale, once per run: the first test process to take the lock (a
 * directory keyed by vitest's main process id) builds; the others wait for its verdict.
 */
export async function ensureWebBuilt() {
  if (process.env.WEB_BUILD === 'never') return
  const dir = join(ROOT, 'node_modules', '.cache', `atende-e2e-build-${process.ppid}`)
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true })
  let owner = false
  try {
    mkdirSync(dir)
    owner = true
  } catch {
    /* another process builds */
  }
  if (owner) {
    try {
      if (staleWebApps().length) buildWeb('pipe')
      writeFileSync(join(dir, 'verdict'), 'ok')
    } catch (err) {
      const e = err as { stderr?: Buffer; message: string }
      writeFileSync(join(dir, 'verdict'), `failed: ${e.stderr?.toString() || e.message}`)
    }
  }
  for (let waited = 0; !existsSync(join(dir, 'verdict')); waited += 250) {
    if (waited > 300_000) throw new Error('timed out waiting for the web build')
    await sleep(250)
  }
  const verdict = readFileSync(join(dir, 'verdict'), 'utf8')
  if (verdict !== 'ok') throw new Error(`web build ${verdict}`)
}

/**
 * A database the kernel and every plugin have booted on once (migrations applied), made by the
 * first test process of the run to take the lock; each file then starts from a copy of it, without
 * running the migrations again (embedded: without initdb either; about 5 s a file). Embedded mode
 * (PGlite): its data directory. Postgres: the name of a template database.
 */
async function bootedDatabase(): Promise<{ pgliteData: Blob } | { template: string }> {
  const pg = !!process.env.DATABASE_URL
  const cache = join(ROOT, 'node_modules', '.cache')
  const dir = join(cache, `atende-e2e-db-${process.ppid}`)
  mkdirSync(cache, { recursive: true })
  let owner = false
  try {
    mkdirSync(dir)
    owner = true
  } catch {
    /* another process makes it */
  }
  if (owner) {
    // Snapshots of earlier runs (a day old: not a run still going) are ~50 MB each.
    for (const name of readdirSync(cache))
      if (name.startsWith('atende-e2e-db-') && join(cache, name) !== dir)
        try {
          if (Date.now() - statSync(join(cache, name)).mtimeMs > 86_400_000)
            rmSync(join(cache, name), { recursive: true, force: true })
        } catch {
          /* gone already */
        }
    try {
      const db = await testDatabase()
      try {
        const t = await createTestApp({ db: db.knex, plugins: await allPlugins() })
        await t.close()
        if (pg) writeFileSync(join(dir, 'template'), await keepAsTemplate(db))
        else writeFileSync(join(dir, 'pglite.tar'), Buffer.from(await (await dumpTestDatabase(db.knex)).arrayBuffer()))
      } catch (err) {
        await db.drop()
        throw err
      }
      if (!pg) await db.drop()
      writeFileSync(join(dir, 'verdict'), 'ok')
    } catch (err) {
      writeFileSync(join(dir, 'verdict'), `failed: ${(err as Error).stack ?? String(err)}`)
    }
  }
  for (let waited = 0; !existsSync(join(dir, 'verdict')); waited += 250) {
    if (waited > 120_000) throw new Error('timed out waiting for the database snapshot')
    await sleep(250)
  }
  const verdict = readFileSync(join(dir, 'verdict'), 'utf8')
  if (verdict !== 'ok') throw new Error(`database snapshot ${verdict}`)
  return pg
    ? { template: readFileSync(join(dir, 'template'), 'utf8') }
    : { pgliteData: new Blob([readFileSync(join(dir, 'pglite.tar'))]) }
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Who signs in through the login form (SUPER is one). */
export interface Account {
  cnpj: string
  email: string
  password: string
}

export interface BrowserApp {
  t: TestApp
  base: string
  browser: Browser
  /** A page in a fresh context (own storage), nothing allowed off this machine. */
  newPage(
    viewport?: { width: number; height: number },
    colorScheme?: 'light' | 'dark',
  ): Promise<{ page: Page; context: BrowserContext }>
  shot(page: Page, name: string): Promise<void>
  /**
   * For afterEach: when the test failed, a screenshot of each page it left open
   * (`<prefix>-failed-<n>-<test>`); then their contexts close, so nothing of a failed test runs on
   * into the next one.
   */
  settle(prefix: string, task: { name: string; result?: { state?: string } }): Promise<void>
  /** Logs in through the login form and waits for the private layout. */
  loginUI(page: Page, cnpj: string, email: string, password: string): Promise<void>
  /**
   * A page of its own (fresh context) signed in as the login form does it (its API call from the
   * page's context, its session keys in local storage), then at `path` (the tickets screen by
   * default). A test opens its own and closes the context at its end. One session per user:
   * signing the same user in again ends the session of their other pages.
   */
  signedIn(
    who: Account,
    path?: string,
    viewport?: { width: number; height: number },
  ): Promise<{ page: Page; context: BrowserContext }>
  /** An API call through the app (not the browser); a status of 300 or more throws with the body. */
  call(method: ApiMethod, url: string, headers: { authorization: string }, payload?: object): Promise<any>
  /** The same on the page's user's behalf, with its own token (a second login would end its session). */
  callAs(page: Page, method: ApiMethod, url: string, payload?: object): Promise<any>
  /** API login for setup (bearer headers). */
  api(cnpj?: string, email?: string, password?: string): ReturnType<typeof login>
  close(): Promise<void>
}

/** `extraPlugins` join the workspace's (e.g. a module whose remote is broken). */
export async function openBrowserApp(opts: { extraPlugins?: DefinedPlugin[] } = {}): Promise<BrowserApp> {
  await ensureWebBuilt()
  mkdirSync(SHOTS, { recursive: true })
  const db = await testDatabase(await bootedDatabase())
  const t = await createTestApp({ db: db.knex, plugins: [...(await allPlugins()), ...(opts.extraPlugins ?? [])] })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  /** Contexts opened and not closed yet (settle closes a failed test's). */
  const open = new Set<BrowserContext>()
  const call = async (method: ApiMethod, url: string, headers: { authorization: string }, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res.body ? res.json() : undefined
  }
  const self: BrowserApp = {
    t,
    base,
    browser,
    async newPage(viewport = DESKTOP, colorScheme = 'light') {
      const context = await browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce' })
      await context.route(
        (url) => !url.href.startsWith(base),
        (route) => route.abort(),
      )
      open.add(context)
      context.on('close', () => open.delete(context))
      const page = await context.newPage()
      page.on('pageerror', (err) => console.error('[page error]', err))
      return { page, context }
    },
    async shot(page, name) {
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
    },
    async settle(prefix, task) {
      const left = [...open]
      if (task.result?.state === 'fail') {
        const pages = left.flatMap((c) => c.pages())
        for (const [i, page] of pages.entries())
          await self
            .shot(page, `${prefix}-failed-${i + 1}-${task.name.slice(0, 30).replace(/\W+/g, '-')}`)
            .catch((err) => console.error('[failure screenshot]', err))
      }
      await Promise.all(left.map((c) => c.close()))
    },
    async loginUI(page, cnpj, email, password) {
      await page.goto(`${base}/login`)
      await page.getByLabel(/CNPJ/i).fill(cnpj)
      await page.getByLabel(/e-?mail/i).fill(email)
      await page.getByLabel(/senha|password|contraseña/i).fill(password)
      await page.getByRole('button', { name: /entrar|sign in|log in|ingresar/i }).click()
      await page.waitForURL(/\/tickets/)
    },
    async signedIn(who, path = '/tickets', viewport = DESKTOP) {
      const { page, context } = await self.newPage(viewport)
      // The call the login form makes, from the page's own context (its refresh cookie lands in
      // the context's jar), and what the client keeps of its answer (core/client saveLogin); then
      // the page opens straight at `path`: one load of the app instead of the login page's, the
      // tickets screen's and the path's. The form itself is tested where login is the story.
      const res = await context.request.post(`${base}/api/auth/login`, {
        data: { cnpj: who.cnpj, email: who.email, password: who.password },
      })
      if (!res.ok()) throw new Error(`login of ${who.email}: ${res.status()} ${await res.text()}`)
      const { token, user } = (await res.json()) as LoginResult
      await page.goto(`${base}/favicon.svg`)
      await page.evaluate(
        ({ keys, token, user }) => {
          localStorage.setItem(keys.token, token)
          localStorage.setItem(keys.user, JSON.stringify(user))
          localStorage.setItem(keys.userId, String(user.id))
          localStorage.setItem(keys.companyId, String(user.companyId))
          if (user.company?.dueDate) localStorage.setItem(keys.companyDueDate, user.company.dueDate)
        },
        { keys: SESSION_KEYS, token, user },
      )
      await page.goto(`${base}${path}`)
      return { page, context }
    },
    call,
    async callAs(page, method, url, payload) {
      const token = await page.evaluate(() => localStorage.getItem('token'))
      return call(method, url, { authorization: `Bearer ${token}` }, payload)
    },
    api: (cnpj = SUPER.cnpj, email = SUPER.email, password = SUPER.password) => login(t.app, cnpj, email, password),
    async close() {
      await browser.close()
      await t.close()
      await db.drop()
    },
  }
  return self
}

/** Polls `get` until `ok` holds (server-side state: outboxes, rows), failing with the last value. */
export async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await get()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(v).slice(0, 500)}`)
    await sleep(150)
  }
}

let companies = 0
/**
 * A company of one test's own, made by the super user through the API: its lists start empty and
 * nothing another test does shows in them. On a plan without limits unless `planId` is given; its
 * first admin signs in as the account returned.
 */
export async function aCompany(
  app: BrowserApp,
  name: string,
  opts: { planId?: number; dueDate?: string; password?: string } = {},
): Promise<Account & { id: number; name: string }> {
  companies += 1
  const su = await superHeaders(app.t.app)
  const plan = { name: `Sem limites ${companies}`, users: 0, connections: 0, queues: 0, value: 0 }
  const planId = opts.planId ?? (await app.call('POST', '/api/plans', su, plan)).id
  const admin = {
    cnpj: cnpj(`8${String(companies).padStart(7, '0')}0001`),
    email: `admin@empresa${companies}.test`,
    password: opts.password ?? 'Senha@123',
  }
  const made = await app.call('POST', '/api/companies', su, {
    name,
    planId,
    dueDate: opts.dueDate ?? '2099-12-31',
    ...admin,
  })
  return { ...admin, id: made.id as number, name }
}

/** A CNPJ with valid check digits from its first 12 digits (each test file signs up its own company). */
export function cnpj(base: string): string {
  const digit = (s: string) => {
    const weights = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    const r = [...s].reduce((sum, c, i) => sum + Number(c) * weights[i]!, 0) % 11
    return r < 2 ? '0' : String(11 - r)
  }
  const first = base + digit(base)
  return first + digit(first)
}
