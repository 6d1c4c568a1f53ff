/**
 * `pnpm bench:api`: the kernel's HTTP overhead against a bare Fastify route, on loopback.
 * Embedded PGlite (in a temp DATA_DIR) by default; with DATABASE_URL a fresh Postgres database
 * is made and dropped. BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune it.
 */
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, connectDb } from '@atende/kernel'
import { testDatabase } from '@atende/kernel/testing'
import { DEMO, seedDemo } from '../seed-demo.ts'

const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10)
const HASH_COST = Number(process.env.PASSWORD_HASH_COST || 15)

interface Case {
  name: string
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  distinctIp?: boolean
}
interface Row {
  name: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

async function run(c: Case): Promise<Row> {
  let n = 0
  const result = await autocannon({
    url: c.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: c.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...c.headers },
        body: c.body,
        // The login route is rate-limited per client IP + account: each request comes from its own
        // X-Forwarded-For address (the bench trusts loopback as its proxy), so every login is real work.
        ...(c.distinctIp && {
          setupRequest: (req: autocannon.Request) => {
            n++
            return {
              ...req,
              headers: { ...req.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            }
          },
        }),
      },
    ],
  })
  return {
    name: c.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-'))
  const pg = process.env.DATABASE_URL ? await testDatabase() : null
  const db = pg?.knex ?? connectDb({ dataDir })
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
      redisPrefix: `atende-bench-${process.pid}`,
      trustProxy: ['127.0.0.1'], // autocannon plays the proxy (see distinctIp)
    },
  })
  await seedDemo(app.kernel)
  // Requests still running when autocannon stops (slow logins) must end before the database closes.
  let inFlight = 0
  app.addHook('onRequest', async () => {
    inFlight++
  })
  app.addHook('onResponse', async () => {
    inFlight--
  })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })

  const bare = Fastify({ logger: false })
  bare.get('/bare', async () => ({ status: 'ok' }))
  const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 })

  const credentials = JSON.stringify({ cnpj: DEMO.company.cnpj, email: DEMO.users[0].email, password: DEMO.password })
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: credentials,
  })
  if (login.status !== 200) throw new Error(`demo login failed: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  const auth = { authorization: `Bearer ${token}` }
  const hasUsers = (await fetch(`${base}/api/users`, { headers: auth })).status === 200
  const listPath = hasUsers ? '/api/users' : '/api/permissions'

  const cases: Case[] = [
    { name: 'bare Fastify GET /bare', url: `${bareBase}/bare` },
    { name: 'GET /api/health', url: `${base}/api/health` },
    // Auth hook + a route without database work: separates session checking from the list's queries.
    ...(hasUsers ? [{ name: 'GET /api/permissions (auth only)', url: `${base}/api/permissions`, headers: auth }] : []),
    { name: `GET ${listPath} (demo admin)`, url: `${base}${listPath}`, headers: auth },
    {
      name: `POST /api/auth/login (scrypt N=2^${HASH_COST})`,
      url: `${base}/api/auth/login`,
      method: 'POST',
      body: credentials,
      distinctIp: true,
    },
  ]
  console.log(
    `Atende API bench: ${pg ? 'Postgres' : 'embedded PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}, ${CONNECTIONS} connections, ${SECONDS}s per case, loopback, logging off\n`,
  )
  const rows: Row[] = []
  for (const c of cases) {
    rows.push(await run(c))
    const r = rows.at(-1)!
    console.log(
      `${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.non2xx || r.errors ? `   (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`,
    )
  }
  const bareRps = rows[0].rps
  console.log('\nkernel / bare (req/s):')
  for (const r of rows.slice(1)) console.log(`  ${r.name.padEnd(42)} ${(r.rps / bareRps).toPrecision(2)}`)

  for (let i = 0; i < 300 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 100))
  await bare.close()
  await app.close()
  if (pg) await pg.drop()
  else await db.destroy().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
}

await main()
