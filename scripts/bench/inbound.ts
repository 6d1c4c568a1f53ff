/**
 * `pnpm bench:inbound`: the inbound hot path end to end. A paired simulator connection receives
 * N customer messages from M contacts through POST /api/simulator/{id}/inbound on a real port, C
 * requests in flight at once (each answers after its message is committed and its routing chain
 * ran), plus R re-deliveries of ids already sent. Prints messages/s, p50/p99 latency (request →
 * committed and routed), and the lost and duplicated counts read back from the database (both must
 * be 0) — for conversations routed one at a time (ROUTING_CONCURRENCY=1, as before issue 37), then
 * side by side, and the ratio between the two, so a loaded machine still shows the change.
 *
 * Postgres when DATABASE_URL is set (a fresh database, dropped after), else embedded PGlite.
 * BENCH_MESSAGES (default 20000), BENCH_CONTACTS (1000: conversations at once on one connection), BENCH_CONCURRENCY (256), BENCH_REDELIVER (2%).
 * A second tenant with its own connection receives traffic at the same time, so tenant scoping is part of the cost.
 * Each round also prints SQL statements and the bench process's CPU per message (sql-tally.ts);
 * BENCH_SQL=1 lists the statements, most frequent first.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { Worker } from 'node:worker_threads'
import { createRequire } from 'node:module'
import { createApp, connectDb } from '@atende/kernel'
import { routingRounds, type RoutingRound } from './routing-rounds.ts'
import { tallySql } from './sql-tally.ts'
import { testDatabase, companyWithUser } from '@atende/kernel/testing'

const N = Number(process.env.BENCH_MESSAGES || 20_000)
const M = Number(process.env.BENCH_CONTACTS || 1000)
const C = Number(process.env.BENCH_CONCURRENCY || 256)
const R = Math.round(N * Number(process.env.BENCH_REDELIVER ?? 0.02))

/** Send every request, `concurrency` at a time, from a worker thread; latency = request → answer (stored). */
function drive(plan: Array<{ url: string; headers: Record<string, string>; body: string }>, concurrency: number) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads')
    const { Agent, request } = require(workerData.undici)
    const { plan, concurrency } = workerData
    const dispatcher = new Agent({ connections: concurrency })
    const latencies = []; const errors = []; let failed = 0; let next = 0
    const started = performance.now()
    Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < plan.length) {
        const p = plan[next++]; const t0 = performance.now()
        try {
          const res = await request(p.url, { method: 'POST', headers: p.headers, body: p.body, dispatcher })
          const text = await res.body.text()
          if (res.statusCode !== 200) { failed++; if (errors.length < 5) errors.push(res.statusCode + ' ' + text) }
        } catch (err) { failed++; if (errors.length < 5) errors.push(String(err)) }
        latencies.push(performance.now() - t0)
      }
    })).then(() => { parentPort.postMessage({ latencies, failed, errors, seconds: (performance.now() - started) / 1000 }); return dispatcher.close() })
  `
  const undici = createRequire(import.meta.url).resolve('undici')
  return new Promise<{ latencies: number[]; failed: number; errors: string[]; seconds: number }>((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { plan, concurrency, undici } })
    w.once('message', resolve)
    w.once('error', reject)
  })
}

let rounds = 0
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function round(label: string): Promise<RoutingRound> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-'))
  const pg = process.env.DATABASE_URL ? await testDatabase() : null
  const db = pg?.knex ?? connectDb({ dataDir })
  process.env.SIMULATOR_ENABLED = 'true'
  process.env.SIMULATOR_ACK_MS = '0'
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
      redisPrefix: `atende-bench-${process.pid}-${++rounds}`,
    },
  })
  await app.ready()
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const dispatcher = new Agent({ connections: C, pipelining: 1 })

  async function tenant() {
    const { headers, companyId } = await companyWithUser(app, { profile: 'admin' })
    const h = { ...headers, 'content-type': 'application/json' }
    const post = async (path: string, body: object) => {
      const res = await request(`${base}${path}`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify(body),
        dispatcher,
      })
      const text = await res.body.text()
      if (res.statusCode !== 200) throw new Error(`${path} → ${res.statusCode} ${text}`)
      return JSON.parse(text)
    }
    const w = await post('/api/whatsapp', { name: `Bench ${companyId}`, provider: 'simulator' })
    await post(`/api/simulator/${w.id}/scan`, {})
    return { companyId, whatsappId: w.id as number, headers: h }
  }
  const main = await tenant()
  const other = await tenant()

  const number = (i: number) => `55119${String(10_000_000 + (i % M)).slice(-8)}`
  const jobs: Array<{ t: typeof main; body: object }> = []
  for (let i = 0; i < N; i++)
    jobs.push({ t: main, body: { from: number(i), name: `Cliente ${i % M}`, body: `mensagem ${i}`, id: `B${i}` } })
  for (let i = 0; i < R; i++) {
    const k = Math.floor(Math.random() * N)
    jobs.push({ t: main, body: { from: number(k), body: `mensagem ${k}`, id: `B${k}` } })
  }
  for (let i = 0; i < N / 10; i++) jobs.push({ t: other, body: { from: number(i), body: `outro ${i}`, id: `O${i}` } })
  // Re-deliveries interleave with first deliveries, as a reconnecting phone would send them.
  for (let i = jobs.length - 1; i > N; i--) {
    const j = N + Math.floor(Math.random() * (i - N + 1))
    ;[jobs[i], jobs[j]] = [jobs[j], jobs[i]]
  }

  console.log(`\n— ${label}`)
  // The driver (the phones' side) runs on its own thread, as the network would be outside the server.
  const plan = jobs.map((j) => ({
    url: `${base}/api/simulator/${j.t.whatsappId}/inbound`,
    headers: j.t.headers,
    body: JSON.stringify(j.body),
  }))
  // Statements and the server's CPU per request (the driver runs on its own thread, counted too).
  const tally = tallySql(db)
  const { latencies, failed, seconds, errors } = await drive(plan, C)
  const figures = tally.stop(jobs.length, 'message')
  latencies.sort((a, b) => a - b)
  for (const e of errors) console.error(e)

  const count = async (companyId: number, whatsappId: number) => {
    const r = await db('messages')
      .where({ companyId, whatsappId })
      .select(db.raw('count(*)::int as rows'), db.raw('count(distinct "providerId")::int as ids'))
      .first()
    return { rows: Number(r.rows), ids: Number(r.ids) }
  }
  const a = await count(main.companyId, main.whatsappId)
  const tickets = await db('tickets')
    .where({ companyId: main.companyId })
    .whereIn('status', ['open', 'pending'])
    .count({ n: '*' })
    .first()
  const contacts = await db('contacts').where({ companyId: main.companyId }).count({ n: '*' }).first()
  console.log(
    `${jobs.length} requests in ${seconds.toFixed(2)} s: ${(jobs.length / seconds).toFixed(0)} messages/s   p50 ${pct(latencies, 50).toFixed(1)} ms   p99 ${pct(latencies, 99).toFixed(1)} ms   failed requests ${failed}   ${figures.line}`,
  )
  for (const line of figures.top) console.log(line)
  console.log(
    `stored ${a.rows} messages for ${N} sent: lost ${N - a.ids}, duplicated ${a.rows - a.ids}; contacts ${contacts!.n} (want ${M}), active tickets ${tickets!.n} (want ${M})`,
  )

  await dispatcher.close()
  await app.close()
  if (pg) await pg.drop()
  else await db.destroy().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
  return {
    perSecond: jobs.length / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    ok: N - a.ids === 0 && a.rows === a.ids && !failed,
  }
}

async function main() {
  console.log(
    `Atende inbound bench: ${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}; ${N} messages from ${M} contacts on one connection (+${R} re-deliveries, +${N / 10} to a second tenant), ${C} in flight, HTTP on loopback from a driver thread`,
  )
  await routingRounds('messages/s', round)
}

await main()
