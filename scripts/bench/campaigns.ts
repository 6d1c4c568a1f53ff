/**
 * `pnpm bench:campaigns`: one BENCH_RECIPIENTS-number campaign (default 10,000) with zero intervals
 * and no daily limit, sent through a simulator connection by the real engine (its tick job). Prints
 * the time to plan and to finish, messages/s, the messages stored against the recipients
 * (duplicates and lost must be 0), and the process's RSS at start, peak and end (flat = no growth
 * with the list's size).
 *
 * Postgres when DATABASE_URL is set (a fresh database, dropped after), else embedded PGlite; Redis
 * when REDIS_URL is set. The connection's anti-ban send pacing is lifted (SEND_RATE_PER_SECOND), so
 * the campaign engine, not the outbound limiter, is measured — unless BENCH_PACE=<messages/s> sets
 * the connection's pace (SEND_RATE_PER_SECOND, a burst of 1): then it also prints the drift from that
 * pace (the sends' rate against the configured one, and the gaps between sends as the phone saw them).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, connectDb } from '@atende/kernel'
import { testDatabase, companyWithUser } from '@atende/kernel/testing'

const N = Number(process.env.BENCH_RECIPIENTS || 10_000)
const PACE = Number(process.env.BENCH_PACE || 0)
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-campaigns-'))
  const pg = process.env.DATABASE_URL ? await testDatabase() : null
  const db = pg?.knex ?? connectDb({ dataDir })
  process.env.SIMULATOR_ENABLED = 'true'
  process.env.SIMULATOR_ACK_MS = '0'
  if (PACE > 0) {
    process.env.SEND_RATE_PER_SECOND = String(PACE)
    process.env.SEND_BURST = '1'
  }
  process.env.SEND_RATE_PER_SECOND ??= '100000'
  process.env.SEND_BURST ??= '100000'
  process.env.CAMPAIGN_TICK_MS ??= '100'
  const app = await createApp({
    db,
    env: {},
    logger: false,
    config: {
      mode: pg ? 'production' : 'embedded',
      dataDir,
      jwtSecret: 'bench-access',
      jwtRefreshSecret: 'bench-refresh',
      redisUrl: process.env.REDIS_URL || undefined,
      redisPrefix: `atende-bench-campaigns-${process.pid}`,
    },
  })
  await app.ready()
  const { headers, companyId } = await companyWithUser(app, { profile: 'admin' })
  const call = async (method: 'POST' | 'GET', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers, payload })
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`)
    return res.json()
  }
  const w = await call('POST', '/api/whatsapp', { name: 'Bench campaign', provider: 'simulator' })
  await call('POST', `/api/simulator/${w.id}/scan`, {})
  await call('POST', '/api/campaign-settings', {
    settings: {
      messageInterval: 0,
      longerIntervalAfter: 0,
      windowStart: '00:00',
      windowEnd: '24:00',
      dailyLimit: 10_000,
    },
  })
  const [list] = await db('contact_lists').insert({ companyId, name: 'Bench' }).returning('*')
  for (let i = 0; i < N; i += 1000)
    await db('contact_list_items').insert(
      Array.from({ length: Math.min(1000, N - i) }, (_, j) => ({
        companyId,
        contactListId: list.id,
        name: `Cliente ${i + j}`,
        number: `55119${String(30_000_001 + i + j)}`,
      })),
    )
  const rssStart = process.memoryUsage().rss
  let peakRss = rssStart
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 100)
  console.log(
    `Atende campaigns bench: ${pg ? 'Postgres' : 'embedded PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}; one campaign to ${N} numbers, zero intervals, one simulator connection${PACE > 0 ? ` paced at ${PACE} messages/s` : ''}`,
  )
  const started = performance.now()
  const campaign = await call('POST', '/api/campaigns', {
    name: 'Bench',
    message1: 'Olá {nome}, oferta A',
    message2: 'Oi {{firstName}}, oferta B',
    scheduledAt: new Date().toISOString(),
    whatsappId: w.id,
    contactListId: list.id,
  })
  const count = async (status?: string) =>
    Number(
      (
        await db('campaign_recipients')
          .where({ campaignId: campaign.id })
          .modify((q) => (status ? q.where({ status }) : q))
          .count({ n: '*' })
          .first()
      )?.n ?? 0,
    )
  while ((await count()) < N) await sleep(50)
  const planned = performance.now()
  for (let i = 0; i < 6000; i++) {
    const c = await db('campaigns').where({ id: campaign.id }).first('status')
    if (c.status === 'FINALIZADA' && (await count('queued')) === 0) break
    await sleep(100)
  }
  const finished = performance.now()
  clearInterval(rssTimer)
  const rssEnd = process.memoryUsage().rss
  const stored = await db('messages')
    .where({ companyId, whatsappId: w.id, fromMe: true })
    .select(db.raw('count(*)::int as rows'), db.raw(`count(distinct "contactId")::int as people`))
    .first()
  const byStatus = await db('campaign_recipients')
    .where({ campaignId: campaign.id })
    .groupBy('status')
    .select('status')
    .count({ n: '*' })
  const seconds = (finished - started) / 1000
  console.log(`planned ${N} recipients in ${((planned - started) / 1000).toFixed(2)} s`)
  console.log(
    `finished in ${seconds.toFixed(2)} s: ${(N / seconds).toFixed(0)} messages/s   messages ${stored.rows} (want ${N})   duplicates ${stored.rows - stored.people}   lost ${N - stored.people}   recipients ${JSON.stringify(Object.fromEntries(byStatus.map((r) => [(r as { status: string }).status, Number(r.n)])))}`,
  )
  console.log(`RSS start ${mb(rssStart)}   peak ${mb(peakRss)}   end ${mb(rssEnd)}`)
  if (PACE > 0) {
    // The phone's side: when each message reached it (the simulated phone keeps the last 500).
    const box = (await call('GET', `/api/simulator/${w.id}/outbox`)).messages as Array<{ timestamp: string }>
    const at = box.map((m) => new Date(m.timestamp).getTime()).sort((a, b) => a - b)
    const gaps = at
      .slice(1)
      .map((t, i) => t - at[i])
      .sort((a, b) => a - b)
    const span = (at[at.length - 1] - at[0]) / 1000
    const rate = (at.length - 1) / span
    console.log(
      `pace: configured ${PACE}/s, sent ${rate.toFixed(2)}/s over ${span.toFixed(1)} s (drift ${(((rate - PACE) / PACE) * 100).toFixed(1)}%)   gap p50 ${pct(gaps, 50)} ms   p99 ${pct(gaps, 99)} ms (configured ${(1000 / PACE).toFixed(0)} ms)   over the last ${at.length} sends`,
    )
  }
  await app.close()
  await pg?.drop()
  rmSync(dataDir, { recursive: true, force: true })
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
