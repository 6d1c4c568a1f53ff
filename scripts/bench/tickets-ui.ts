/**
 * `pnpm bench:tickets-ui`: what a big ticket list costs the browser. Seeds BENCH_TICKETS (default
 * 5,000) open tickets of one admin straight into the database (as shell/test/e2e/tickets-scale.test.ts
 * does), serves the real kernel with every plugin and the built web app on a loopback port (the e2e
 * harness: embedded PGlite, or Postgres with DATABASE_URL), logs in in Chromium at 1280×800 and prints:
 *  - page 1: /tickets reloaded RUNS (5) times, p50 of the first 20 rows painted (ms since navigation
 *    start) and of the GET /tickets page-1 request;
 *  - the DOM's element count with page 1, and with every page loaded;
 *  - infinite scroll to the end (scrollTop = scrollHeight, wait for the next 20, again);
 *  - scrolling smoothness with every page loaded: for ~3 s, inside requestAnimationFrame, scrollTop
 *    moves by elapsed time (top to bottom in 3 s — a jump of new rows every frame — then 30,000 and 2,000 px/s),
 *    frame durations are the deltas between callbacks: p50/p95/p99/max, the share over 16.7 ms
 *    (dropped frames), and the share of frames whose viewport was not covered by rendered rows.
 * Prints; no thresholds. Builds the web app first when stale. Chromium at /usr/bin/chromium or CHROMIUM_PATH.
 */
import { cpus, loadavg } from 'node:os'
import type { Page } from 'playwright-core'

process.env.LOG_LEVEL ??= 'silent'
process.env.PASSWORD_HASH_COST ??= '10'

const N = Number(process.env.BENCH_TICKETS || 5_000)
const RUNS = Number(process.env.RUNS || 5)
const FRAME_MS = 1000 / 60
const CNPJ = '11222333000181'
const EMAIL = 'dona@escala.test'
const PASSWORD = 'Senha@123'

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN
}
const ms = (x: number) => `${x.toFixed(1)} ms`

/**
 * Marks when the list's first page has been painted: rows in the DOM, then the next frame. Also
 * defines __name, which tsx's keepNames puts in the functions handed to page.evaluate.
 */
const PAGE1_PROBE = `(() => {
  window.__name = (f) => f
  const check = () => {
    const el = document.querySelector('[data-testid="ticket-list"]')
    if (!el || Number(el.getAttribute('data-count')) < 1) return false
    obs.disconnect()
    requestAnimationFrame(() => setTimeout(() => { window.__page1At = performance.now() }))
    return true
  }
  const obs = new MutationObserver(check)
  document.addEventListener('DOMContentLoaded', () => { if (!check()) obs.observe(document.body, { childList: true, subtree: true, attributes: true }) })
})()`

const domSize = (page: Page) =>
  page.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    rows: document.querySelectorAll('[data-testid="ticket-item"]').length,
    heapMB: ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20,
  }))

/** Scrolls the list by elapsed time for `seconds`, at `pxPerSecond` (or top to bottom when null). */
function scrollFrames(page: Page, seconds: number, pxPerSecond: number | null) {
  return page.getByTestId('ticket-list').evaluate(
    (el, [seconds, pxPerSecond]) =>
      new Promise<{ frames: number[]; uncovered: number; distance: number }>((resolve) => {
        el.scrollTop = 0
        const max = el.scrollHeight - el.clientHeight
        const speed = pxPerSecond ?? max / seconds
        const frames: number[] = []
        let uncovered = 0
        let t0 = 0
        let prev = 0
        const tick = (now: number) => {
          if (!t0) {
            t0 = prev = now
            requestAnimationFrame(tick)
            return
          }
          frames.push(now - prev)
          prev = now
          // What this frame shows: is the viewport inside the rendered rows' span?
          const rows = el.querySelectorAll('[data-testid="ticket-item"]')
          const box = el.getBoundingClientRect()
          const first = rows[0]?.getBoundingClientRect()
          const last = rows[rows.length - 1]?.getBoundingClientRect()
          if (
            !first ||
            !last ||
            first.top > box.top + 1 ||
            last.bottom < Math.min(box.bottom, box.top + el.scrollHeight - el.scrollTop) - 1
          )
            uncovered++
          const elapsed = (now - t0) / 1000
          if (elapsed >= seconds) {
            resolve({ frames, uncovered, distance: el.scrollTop })
            return
          }
          el.scrollTop = Math.min(max, elapsed * speed)
          requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    [seconds, pxPerSecond] as const,
  )
}

function report(label: string, r: { frames: number[]; uncovered: number; distance: number }) {
  const f = r.frames
  const dropped = f.filter((x) => x > FRAME_MS + 0.5).length
  console.log(`\n${label}: ${f.length} frames, ${Math.round(r.distance).toLocaleString('en')} px`)
  console.log(
    `  frame time  p50 ${ms(pct(f, 50))}   p95 ${ms(pct(f, 95))}   p99 ${ms(pct(f, 99))}   max ${ms(Math.max(...f))}`,
  )
  console.log(
    `  dropped (> 16.7 ms) ${((100 * dropped) / f.length).toFixed(1)}%   viewport not covered by rows ${((100 * r.uncovered) / f.length).toFixed(1)}%`,
  )
}

async function main() {
  const { buildWeb, staleWebApps } = await import('../web-build.ts')
  const stale = staleWebApps()
  if (stale.length) {
    console.log(`building the web app (${stale.length} stale)…`)
    buildWeb('inherit')
  }
  process.env.WEB_BUILD = 'never'
  const { canRun, openBrowserApp } = await import('../../shell/test/e2e/support.ts')
  if (!canRun) {
    console.log('No Chromium: nothing to measure.')
    return
  }

  const app = await openBrowserApp()
  try {
    const superH = { authorization: `Bearer ${(await app.api()).token}` }
    const plans = await app.t.app.inject({ method: 'GET', url: '/api/plans/list', headers: superH })
    const signup = await app.t.app.inject({
      method: 'POST',
      url: '/api/companies/cadastro',
      payload: {
        name: 'Loja em Escala',
        email: EMAIL,
        phone: '11999990000',
        password: PASSWORD,
        planId: plans.json()[0].id,
        cnpj: CNPJ,
      },
    })
    if (signup.statusCode >= 300) throw new Error(`signup: ${signup.body}`)
    const db = app.t.db
    const admin = await db('users').where({ email: EMAIL }).first('id', 'companyId')
    const now = new Date()
    const t0 = performance.now()
    await db.raw(
      `INSERT INTO contacts ("companyId", name, number, "createdAt", "updatedAt")
      SELECT ?, 'Cliente ' || lpad(i::text, 6, '0'), '5511' || lpad(i::text, 9, '0'), ?, ? FROM generate_series(1, ?) i`,
      [admin.companyId, now, now, N],
    )
    await db.raw(
      `INSERT INTO tickets (uuid, "companyId", "contactId", "userId", status, "lastMessage", "unreadMessages", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), c."companyId", c.id, ?, 'open', 'Mensagem de ' || c.name, (c.n % 4 = 0)::int, ?::timestamptz - n * interval '1 minute', ?::timestamptz - n * interval '1 minute'
      FROM (SELECT id, "companyId", name, substr(name, 9)::int AS n FROM contacts WHERE "companyId" = ?) c`,
      [admin.id, now, now, admin.companyId],
    )
    console.log(
      `\n${N.toLocaleString('en')} open tickets of one admin seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s` +
        ` (${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)})`,
    )

    const { page, context } = await app.newPage({ width: 1280, height: 800 })
    await context.addInitScript(PAGE1_PROBE)
    await app.loginUI(page, CNPJ, EMAIL, PASSWORD)
    await page.getByTestId('ticket-list').waitFor({ timeout: 30_000 })

    // Page 1: a reload of /tickets (warm HTTP cache, as an attendant returning to the tab).
    const painted: number[] = []
    const request: number[] = []
    for (let i = -1; i < RUNS; i++) {
      const res = page.waitForResponse(
        (r) => /\/api\/tickets\?/.test(r.url()) && r.url().includes('status=open') && r.url().includes('pageNumber=1'),
      )
      await page.reload()
      const timing = (await res).request().timing()
      await page.waitForFunction(() => (window as { __page1At?: number }).__page1At != null, undefined, {
        timeout: 30_000,
      })
      if (i < 0) continue // warm-up
      painted.push(await page.evaluate(() => (window as unknown as { __page1At: number }).__page1At))
      request.push(timing.responseEnd - timing.requestStart)
    }
    console.log(`\nPage 1 of the open list (reload of /tickets, ${RUNS} runs, p50)`)
    console.log(
      `  first 20 rows painted  ${ms(pct(painted, 50))} after navigation start   (min ${ms(Math.min(...painted))}, max ${ms(Math.max(...painted))})`,
    )
    console.log(
      `  GET /tickets page 1    ${ms(pct(request, 50))} request to response end   (min ${ms(Math.min(...request))}, max ${ms(Math.max(...request))})`,
    )
    const first = await domSize(page)
    console.log(`  DOM: ${first.elements} elements, ${first.rows} ticket rows, JS heap ${first.heapMB.toFixed(1)} MB`)

    // Infinite scroll to the end, as the e2e test does it.
    const walk = await page.getByTestId('ticket-list').evaluate(async (el, n) => {
      const frame = () => new Promise((r) => requestAnimationFrame(r))
      const count = () => Number(el.getAttribute('data-count'))
      const t = performance.now()
      const each: number[] = []
      while (count() < n) {
        const before = count()
        el.scrollTop = el.scrollHeight
        const start = performance.now()
        while (count() === before) {
          if (performance.now() - start > 30_000) throw new Error(`stuck at ${before}`)
          await frame()
        }
        each.push(performance.now() - start)
      }
      return { pages: each.length + 1, ms: performance.now() - t, each }
    }, N)
    const all = await domSize(page)
    const tenth = Math.max(1, Math.floor(walk.each.length / 10))
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    console.log(
      `\nInfinite scroll to the end: ${walk.pages} pages in ${(walk.ms / 1000).toFixed(1)} s (scroll to next page's rows: p50 ${ms(pct(walk.each, 50))},` +
        ` first tenth ${ms(mean(walk.each.slice(0, tenth)))}, last tenth ${ms(mean(walk.each.slice(-tenth)))})`,
    )
    console.log(
      `  DOM with all ${N.toLocaleString('en')} loaded: ${all.elements} elements, ${all.rows} ticket rows, JS heap ${all.heapMB.toFixed(1)} MB`,
    )

    await scrollFrames(page, 1, 2000) // warm-up: JIT, style caches
    report('Scrolling top to bottom in 3 s (every frame lands on new rows)', await scrollFrames(page, 3, null))
    report(
      "Scrolling at 30,000 px/s for 3 s (~500 px a frame: the overscan's reach)",
      await scrollFrames(page, 3, 30_000),
    )
    report('Scrolling at 2,000 px/s for 3 s (a brisk wheel)', await scrollFrames(page, 3, 2000))
    await context.close()
  } finally {
    await app.close()
  }
}

await main()
