/**
 * `pnpm bench:web`: what the web app costs a browser.
 *  1. Sizes (gzip -9 of the built files): the shell's initial JS and CSS (every script, modulepreload
 *     and stylesheet shell/dist/index.html references) and, per module, its remoteEntry.js and all
 *     its chunks (a module's dist also holds fallback copies of the shared libraries, which a browser
 *     never fetches while the shell provides them — hence the "fetched" column below).
 *  2. Chromium against the real server (`pnpm start` on a loopback port, embedded PGlite in a temp
 *     DATA_DIR): /login in a fresh context (empty cache) RUNS times; p50 of first-contentful-paint
 *     and of the moment the login form is in the DOM and visible. Then the super user logs in once
 *     and the bytes each module's remote actually fetched are listed.
 *  3. Time to a usable drawer: from the login click to the first module's link in the drawer, and
 *     to the full drawer (no item still a placeholder: aria-busy="false"), RUNS times with a cold
 *     cache and RUNS times reloading a signed-in page (warm cache, remotes preloaded from the last
 *     visit). The drawer is drawn from GET /api/modules' menu data, so no remote is on that path.
 * Needs a build (`pnpm build:web`) and Chromium (/usr/bin/chromium or CHROMIUM_PATH). RUNS (default 5).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { freePort } from '../cluster/ports.ts'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SHELL_DIST = join(ROOT, 'shell/dist')
const MODULES = join(ROOT, 'modules')
const RUNS = Number(process.env.RUNS || 5)
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const SUPER = { cnpj: '00000000000191', email: 'admin@atende.local', password: 'Atende@123' }

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** The shell's initial download: what index.html references (scripts, modulepreloads, stylesheets). */
function shellInitial() {
  const html = readFileSync(join(SHELL_DIST, 'index.html'), 'utf8')
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"[^>]*>/g)].map((m) => m[1])
  const files = [...new Set(refs)].map((r) => join(SHELL_DIST, r)).filter(existsSync)
  const sum = (ext: string) => files.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gz(f), 0)
  return { js: sum('.js'), css: sum('.css'), files: files.length, html: gz(join(SHELL_DIST, 'index.html')) }
}

function moduleSizes() {
  if (!existsSync(MODULES)) return []
  return readdirSync(MODULES)
    .filter((m) => existsSync(join(MODULES, m, 'dist/remoteEntry.js')))
    .map((name) => {
      const dist = join(MODULES, name, 'dist')
      const files = walk(dist).filter((f) => /\.(js|css)$/.test(f))
      return {
        name,
        remoteEntry: gz(join(dist, 'remoteEntry.js')),
        all: files.reduce((n, f) => n + gz(f), 0),
        files: files.length,
      }
    })
}

/** `pnpm start` in its own process group (so the whole tree stops together), embedded, no rebuild. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_BUILD: 'never',
    LOG_LEVEL: 'warn',
  }
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV']) delete env[k]
  const child = spawn('pnpm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout!.on('data', (d) => {
    log += d
  })
  child.stderr!.on('data', (d) => {
    log += d
  })
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode != null) throw new Error(`server exited:\n${log}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`)
      if (res.ok && (await res.text()).includes('id="root"')) return child
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  stopServer(child)
  throw new Error(`server did not start in 90 s:\n${log}`)
}

function stopServer(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM')
  } catch {
    /* already gone */
  }
}

/**
 * Records when the login form has been painted: it is in the DOM with a size, then the next frame
 * is drawn (requestAnimationFrame + a task after it ≈ just after that paint).
 */
const FORM_PROBE = `(() => {
  const check = () => {
    const el = document.querySelector('form input[name="cnpj"]')
    if (!el || el.getBoundingClientRect().height === 0) return false
    obs.disconnect()
    requestAnimationFrame(() => setTimeout(() => { window.__formVisibleAt = performance.now() }))
    return true
  }
  const obs = new MutationObserver(check)
  document.addEventListener('DOMContentLoaded', () => { if (!check()) obs.observe(document.body, { childList: true, subtree: true }) })
})()`

const DRAWER_PROBE = `(() => {
  const t0 = performance.now()
  const check = () => {
    const nav = document.querySelector('nav[aria-label="menu"]')
    if (nav && window.__firstLinkAt == null && nav.querySelector('a')) window.__firstLinkAt = performance.now()
    if (nav && window.__drawerAt == null && nav.getAttribute('aria-busy') === 'false' && nav.querySelector('a')) window.__drawerAt = performance.now()
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] })
})()`

/** Login click (or navigation start, for a reload) → first drawer link, and → full drawer. */
async function drawerTimings(browser: import('playwright-core').Browser, base: string) {
  const cold = { first: [] as number[], full: [] as number[] }
  const warm = { first: [] as number[], full: [] as number[] }
  for (let i = -1; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.route(
      (url) => !url.href.startsWith(base),
      (route) => route.abort(),
    )
    await context.addInitScript(DRAWER_PROBE)
    const page = await context.newPage()
    await page.goto(`${base}/login`)
    await page.locator('input[name="cnpj"]').fill(SUPER.cnpj)
    await page.locator('input[name="email"]').fill(SUPER.email)
    await page.locator('input[name="password"]').fill(SUPER.password)
    const clickedAt = await page.evaluate(() => performance.now())
    await page.locator('button[type="submit"]').click()
    await page.waitForFunction(() => (window as { __drawerAt?: number }).__drawerAt != null, undefined, {
      timeout: 60_000,
    })
    const t = await page.evaluate(() => ({
      first: (window as { __firstLinkAt?: number }).__firstLinkAt!,
      full: (window as { __drawerAt?: number }).__drawerAt!,
    }))
    if (i >= 0) {
      cold.first.push(t.first - clickedAt)
      cold.full.push(t.full - clickedAt)
    }
    // Warm: the same browser profile reloads a private page.
    await page.reload()
    await page.waitForFunction(() => (window as { __drawerAt?: number }).__drawerAt != null, undefined, {
      timeout: 60_000,
    })
    const w = await page.evaluate(() => ({
      first: (window as { __firstLinkAt?: number }).__firstLinkAt!,
      full: (window as { __drawerAt?: number }).__drawerAt!,
    }))
    if (i >= 0) {
      warm.first.push(w.first)
      warm.full.push(w.full)
    }
    await context.close()
  }
  const line = (label: string, xs: number[]) =>
    `  ${label.padEnd(34)} p50 ${p50(xs).toFixed(0).padStart(5)}   min ${Math.min(...xs).toFixed(0)}   max ${Math.max(...xs).toFixed(0)}`
  console.log(`\nTime to a usable drawer (super user, ${RUNS} runs, ms)`)
  console.log(line('cold: login click → first link', cold.first))
  console.log(line('cold: login click → full drawer', cold.full))
  console.log(line('warm reload: nav start → first link', warm.first))
  console.log(line('warm reload: nav start → full drawer', warm.full))
}

async function main() {
  if (!existsSync(join(SHELL_DIST, 'index.html')))
    throw new Error('shell/dist is missing: run `NODE_ENV=production pnpm build:web` first')
  const shell = shellInitial()
  const modules = moduleSizes()
  console.log('\nShell initial download (gzip -9, files index.html references)')
  console.log(
    `  JS  ${kb(shell.js).padStart(10)}   CSS ${kb(shell.css).padStart(9)}   index.html ${kb(shell.html)}   (${shell.files} files)`,
  )
  console.log('\nModules (gzip -9)')
  console.log(`  ${'module'.padEnd(12)} ${'remoteEntry'.padStart(12)} ${'all chunks'.padStart(12)}  files`)
  for (const m of modules)
    console.log(
      `  ${m.name.padEnd(12)} ${kb(m.remoteEntry).padStart(12)} ${kb(m.all).padStart(12)}  ${String(m.files).padStart(5)}`,
    )

  if (!existsSync(CHROMIUM)) {
    console.log(`\nNo Chromium at ${CHROMIUM}: skipping the browser timings.`)
    return
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-web-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = await startServer(port, dataDir)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  try {
    const fcp: number[] = []
    const form: number[] = []
    // One warm-up load so the server's first-request costs (file stat caches, JIT) are not counted.
    for (let i = -1; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await context.route(
        (url) => !url.href.startsWith(base),
        (route) => route.abort(),
      )
      await context.addInitScript(FORM_PROBE)
      const page = await context.newPage()
      await page.goto(`${base}/login`)
      await page.waitForFunction(() => (window as { __formVisibleAt?: number }).__formVisibleAt != null, undefined, {
        timeout: 30_000,
      })
      const t = await page.evaluate(
        () =>
          new Promise<{ fcp: number; form: number }>((resolve) => {
            const form = (window as { __formVisibleAt?: number }).__formVisibleAt!
            new PerformanceObserver((list, obs) => {
              const e = list.getEntriesByName('first-contentful-paint')[0]
              if (e) {
                obs.disconnect()
                resolve({ fcp: e.startTime, form })
              }
            }).observe({ type: 'paint', buffered: true })
          }),
      )
      if (i >= 0) {
        fcp.push(t.fcp)
        form.push(t.form)
      }
      await context.close()
    }
    console.log(`\n/login in Chromium, cold cache, ${RUNS} runs (ms since navigation start)`)
    console.log(
      `  first-contentful-paint  p50 ${p50(fcp).toFixed(0).padStart(5)}   min ${Math.min(...fcp).toFixed(0)}   max ${Math.max(...fcp).toFixed(0)}`,
    )
    console.log(
      `  login form painted      p50 ${p50(form).toFixed(0).padStart(5)}   min ${Math.min(...form).toFixed(0)}   max ${Math.max(...form).toFixed(0)}`,
    )

    // What each module's remote really costs once signed in (shared libraries come from the shell).
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.route(
      (url) => !url.href.startsWith(base),
      (route) => route.abort(),
    )
    const page = await context.newPage()
    const fetched = new Map<string, Set<string>>()
    page.on('requestfinished', (req) => {
      const m = /^\/modules\/([^/]+)\/(.+)$/.exec(new URL(req.url()).pathname)
      if (m) fetched.set(m[1], (fetched.get(m[1]) ?? new Set()).add(m[2]))
    })
    await page.goto(`${base}/login`)
    await page.locator('input[name="cnpj"]').fill(SUPER.cnpj)
    await page.locator('input[name="email"]').fill(SUPER.email)
    await page.locator('input[name="password"]').fill(SUPER.password)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL(`${base}/tickets`)
    // The drawer comes from GET /api/modules before any remote; the tickets screen means they are loading or in.
    await page.getByTestId('tickets-manager').waitFor({ timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    console.log('\nModules fetched after the super user signs in (drawer only; pages load on visit), gzip -9')
    for (const [name, files] of [...fetched].sort()) {
      const total = [...files].reduce(
        (n, f) => n + (existsSync(join(MODULES, name, 'dist', f)) ? gz(join(MODULES, name, 'dist', f)) : 0),
        0,
      )
      console.log(`  ${name.padEnd(12)} ${kb(total).padStart(10)}  (${files.size} files)`)
    }
    await context.close()

    await drawerTimings(browser, base)
  } finally {
    await browser.close()
    stopServer(server)
    await new Promise((r) => setTimeout(r, 500))
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log(`\n(${relative(ROOT, SHELL_DIST)} and modules/*/dist as built now; rebuild after changes.)`)
}

await main()
