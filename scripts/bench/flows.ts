/**
 * `pnpm bench:flows`: the flow runtime under load. BENCH_CONVERSATIONS (default 1000) customers on
 * BENCH_PHONES (4) simulator connections walk one flow at the same time — phrase → menu → option →
 * question → an answer echoed back → a 1 s interval → a last message — each customer sending its
 * next line as soon as its previous one is answered (the inbound call answers after the routing
 * chain ran, so its latency is the bot's step latency). Prints steps/s, bot messages/s, p50/p99
 * step latency, the bot messages stored against those expected (duplicates must be 0, every
 * conversation must end), and the process's peak RSS — for conversations routed one at a time,
 * then side by side, and the ratio between the two.
 *
 * Postgres when DATABASE_URL is set (a fresh database, dropped after), else embedded PGlite; Redis
 * when REDIS_URL is set. Sending pace is lifted (SEND_RATE_PER_SECOND) so the flows, not the
 * anti-ban pacing of the connections, are measured.
 * Each round also prints SQL statements and the bench process's CPU per step (sql-tally.ts);
 * BENCH_SQL=1 lists the statements, most frequent first.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { createApp, connectDb } from '@atende/kernel'
import { routingRounds, type RoutingRound } from './routing-rounds.ts'
import { tallySql } from './sql-tally.ts'
import { testDatabase, companyWithUser } from '@atende/kernel/testing'

const N = Number(process.env.BENCH_CONVERSATIONS || 1000)
const PHONES = Number(process.env.BENCH_PHONES || 4)
let rounds = 0
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function round(label: string): Promise<RoutingRound> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-flows-'))
  const pg = process.env.DATABASE_URL ? await testDatabase() : null
  const db = pg?.knex ?? connectDb({ dataDir })
  process.env.SIMULATOR_ENABLED = 'true'
  process.env.SIMULATOR_ACK_MS = '0'
  process.env.SEND_RATE_PER_SECOND ??= '100000'
  process.env.SEND_BURST ??= '100000'
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
      redisPrefix: `atende-bench-flows-${process.pid}-${++rounds}`,
    },
  })
  await app.ready()
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const dispatcher = new Agent({ connections: 256, pipelining: 1 })
  let peakRss = 0
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 100)

  const { headers, companyId } = await companyWithUser(app, { profile: 'admin' })
  const h = { ...headers, 'content-type': 'application/json' }
  const post = async (path: string, body: object) => {
    const res = await request(`${base}${path}`, { method: 'POST', headers: h, body: JSON.stringify(body), dispatcher })
    const text = await res.body.text()
    if (res.statusCode !== 200) throw new Error(`${path} → ${res.statusCode} ${text}`)
    return JSON.parse(text)
  }
  const flow = await post('/api/flowbuilder', { name: 'Bench' })
  const n = (id: string, type: string, data: object = {}) => ({ id, type, position: { x: 0, y: 0 }, data })
  const e = (source: string, target: string, sourceHandle: string | null = null) => ({ source, target, sourceHandle })
  await post('/api/flowbuilder/flow', {
    idFlow: flow.id,
    nodes: [
      n('1', 'start'),
      n('menu', 'menu', {
        message: 'Olá!',
        arrayOption: [
          { number: 1, value: 'Cadastro' },
          { number: 2, value: 'Outro' },
        ],
      }),
      n('q', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }),
      n('thanks', 'message', { label: 'Obrigado, {{nome}}.' }),
      n('w', 'interval', { sec: 1 }),
      n('end', 'message', { label: 'Até logo!' }),
    ],
    connections: [e('1', 'menu'), e('menu', 'q', 'a1'), e('q', 'thanks'), e('thanks', 'w'), e('w', 'end')],
  })
  const phones: number[] = []
  for (let p = 0; p < PHONES; p++) {
    const w = await post('/api/whatsapp', { name: `Bench ${p}`, provider: 'simulator' })
    await post(`/api/simulator/${w.id}/scan`, {})
    await post('/api/flowcampaign', { name: `go ${p}`, flowId: flow.id, whatsappId: w.id, phrase: 'começar' })
    phones.push(w.id)
  }

  console.log(`\n— ${label}`)
  const latencies: number[] = []
  let failed = 0
  let seq = 0
  // Statements and CPU per customer step (the bench's own HTTP client is in the same process).
  const tally = tallySql(db)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const whatsappId = phones[i % PHONES]
      const from = `55119${String(20_000_001 + i)}`
      for (const body of ['começar', '1', `Cliente ${i}`]) {
        const t0 = performance.now()
        try {
          await post(`/api/simulator/${whatsappId}/inbound`, { id: `F${++seq}`, from, body })
        } catch {
          failed++
        }
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const stepsDone = performance.now()
  const figures = tally.stop(N * 3, 'step')
  // The waits end by their jobs; wait for every run to finish (bounded).
  const live = async () =>
    Number(
      (await db('flow_runs')
        .where({ companyId })
        .whereIn('status', ['running', 'waiting_input', 'waiting_timer'])
        .count({ n: '*' })
        .first())!.n,
    )
  for (let i = 0; i < 600 && (await live()) > 0; i++) await sleep(100)
  const finished = performance.now()
  clearInterval(rssTimer)
  latencies.sort((a, b) => a - b)

  const stored = await db('messages')
    .where({ companyId, fromMe: true })
    .select(db.raw('count(*)::int as rows'), db.raw(`count(distinct ("ticketId", body))::int as distinct`))
    .first()
  const runs = await db('flow_runs').where({ companyId }).groupBy('status').select('status').count({ n: '*' })
  const steps = N * 3
  console.log(
    `\n${steps} customer steps in ${((stepsDone - started) / 1000).toFixed(2)} s: ${(steps / ((stepsDone - started) / 1000)).toFixed(0)} steps/s   p50 ${pct(latencies, 50).toFixed(1)} ms   p99 ${pct(latencies, 99).toFixed(1)} ms   failed ${failed}   ${figures.line}`,
  )
  for (const line of figures.top) console.log(line)
  console.log(
    `${stored.rows} bot messages stored (want ${N * 4}) in ${((finished - started) / 1000).toFixed(2)} s: ${(stored.rows / ((finished - started) / 1000)).toFixed(0)} messages/s   duplicates ${stored.rows - stored.distinct}   runs ${JSON.stringify(Object.fromEntries(runs.map((r) => [(r as { status: string }).status, Number(r.n)])))}   peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
  )

  await dispatcher.close()
  await app.close()
  if (pg) await pg.drop()
  else await db.destroy().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
  return {
    perSecond: steps / ((stepsDone - started) / 1000),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    ok: !failed && stored.rows === N * 4 && stored.rows === stored.distinct,
  }
}

async function main() {
  console.log(
    `Atende flows bench: ${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}; ${N} conversations at once on ${PHONES} simulator connections, each phrase → menu → option → question → answer → 1 s interval → end (3 customer steps, 4 bot messages)`,
  )
  await routingRounds('steps/s', round)
}

await main()
