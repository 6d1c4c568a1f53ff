/**
 * `pnpm bench:lists`: GET /api/contacts on a big contact book. Seeds BENCH_CONTACTS (default 200,000)
 * contacts in one company and BENCH_OTHERS (50,000) in each of two other tenants — one
 * INSERT … SELECT generate_series per company — then times each scenario over HTTP on a real port
 * (sequential requests, BENCH_RUNS each after a warm-up) and prints p50/p99, followed by EXPLAIN
 * ANALYZE of the main queries as the plugin builds them.
 *
 * Postgres when DATABASE_URL is set (a fresh database, dropped after), else embedded PGlite (no
 * pg_trgm there: searches scan).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import type { Kernel } from '@atende/sdk'
import { createApp, connectDb } from '@atende/kernel'
import { testDatabase, companyWithUser } from '@atende/kernel/testing'
import { cappedCountQuery, pageQuery, type ContactFilter } from '../../plugins/contacts/src/queries.ts'

const N = Number(process.env.BENCH_CONTACTS || 200_000)
const OTHERS = Number(process.env.BENCH_OTHERS || 50_000)
const RUNS = Number(process.env.BENCH_RUNS || 200)

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

const FIRST = [
  'Maria',
  'João',
  'Ana',
  'Pedro',
  'Márcia',
  'José',
  'Carla',
  'Lucas',
  'Mariana',
  'Paulo',
  'Fernanda',
  'Ricardo',
  'Juliana',
  'Marcos',
  'Beatriz',
  'Rafael',
  'Camila',
  'Gabriel',
  'Letícia',
  'Thiago',
]
const LAST = [
  'Silva',
  'Souza',
  'Costa',
  'Santos',
  'Oliveira',
  'Pereira',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Martins',
  'Almeida',
  'Araújo',
  'Carvalho',
  'Rocha',
  'Dias',
  'Barbosa',
]
const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`

/** One statement per company: names from first × last names, canonical Brazilian mobiles, an email on every third, two years of createdAt. */
async function seed(db: Kernel['db'], companyId: number, count: number, prefix: string) {
  await db.raw(
    `
    INSERT INTO contacts ("companyId", name, number, email, "createdAt", "updatedAt")
    SELECT ?, f[1 + (i * 7) % ${FIRST.length}] || ' ' || l[1 + (i * 13) % ${LAST.length}] || ' ' || i,
      '55' || (11 + i % 89)::text || '9' || lpad((i * 37 % 100000000)::text, 8, '0'),
      CASE WHEN i % 3 = 0 THEN lower(translate(f[1 + (i * 7) % ${FIRST.length}], 'áéíóúãõç', 'aeiouaoc')) || '.' || i || '@${prefix}.com.br' ELSE '' END,
      now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute', now()
    FROM generate_series(1, ?) i, (SELECT ${sqlArray(FIRST)} f, ${sqlArray(LAST)} l) words`,
    [companyId, count],
  )
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
    },
  })
  await app.ready()
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const dispatcher = new Agent({ connections: 1, pipelining: 1 })

  const big = await companyWithUser(app, { profile: 'admin' })
  const t0 = performance.now()
  await seed(db, big.companyId, N, 'big')
  for (let k = 0; k < 2; k++) await seed(db, (await companyWithUser(app)).companyId, OTHERS, `o${k}`)
  // What autovacuum does on a live server: statistics, and the visibility map index-only scans rely on.
  await db.raw('VACUUM ANALYZE contacts')
  const trgm = (await db.raw(`SELECT 1 FROM pg_indexes WHERE indexname = 'contacts_search_name_trgm'`)).rows.length > 0
  console.log(
    `Atende lists bench: ${pg ? 'Postgres' : 'embedded PGlite'}${trgm ? ' with pg_trgm' : ' without pg_trgm'}; ${N} contacts in one company + ${OTHERS} in each of two others, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${RUNS} sequential requests per scenario over HTTP on loopback\n`,
  )

  const get = async (path: string) => {
    const res = await request(`${base}${path}`, { headers: big.headers, dispatcher })
    const text = await res.body.text()
    if (res.statusCode !== 200) throw new Error(`${path} → ${res.statusCode} ${text.slice(0, 200)}`)
    return text
  }
  const scenarios: Array<[string, string]> = [
    ['page 1 (with count)', '/api/contacts'],
    ['page 50', '/api/contacts?pageNumber=50'],
    ["search 'mar' page 1 (with count)", '/api/contacts?searchParam=mar'],
    ["search 'mar' page 2", '/api/contacts?searchParam=mar&pageNumber=2'],
    ["search 'silva 1234'", '/api/contacts?searchParam=silva%201234'],
    ["number prefix '(47) 9000'", '/api/contacts?searchParam=%2847%29%209000'],
    ["search 'marcia.1'", '/api/contacts?searchParam=marcia.1'],
    ['created in one month', `/api/contacts?dateStart=${day(-60)}&dateEnd=${day(-31)}`],
    ["picker /contacts/list 'ana'", '/api/contacts/list?searchParam=ana'],
  ]
  console.log('scenario'.padEnd(38), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), '  answer')
  for (const [name, path] of scenarios) {
    const sample = JSON.parse(await get(path))
    for (let i = 0; i < 10; i++) await get(path)
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now()
      await get(path)
      times.push(performance.now() - s)
    }
    times.sort((a, b) => a - b)
    const what = Array.isArray(sample)
      ? `${sample.length} rows`
      : `${sample.contacts.length} rows, hasMore ${sample.hasMore}${sample.count !== undefined ? `, count ${sample.count}${sample.countCapped ? '+' : ''}` : ''}`
    console.log(
      name.padEnd(38),
      pct(times, 50).toFixed(1).padStart(8),
      pct(times, 99).toFixed(1).padStart(8),
      ' ',
      what,
    )
  }
  const e0 = performance.now()
  const csv = await get('/api/contacts/export')
  console.log(
    `\nexport of the whole book: ${(csv.length / 1e6).toFixed(1)} MB, ${csv.split('\r\n').length - 2} rows in ${((performance.now() - e0) / 1000).toFixed(2)} s`,
  )

  const t = app.kernel.tenant(big.companyId)
  const plans: Array<[string, ContactFilter, number, boolean]> = [
    ['page 1', {}, 0, false],
    ['page 50', {}, 980, false],
    ["search 'mar'", { searchParam: 'mar' }, 0, false],
    ["count of search 'mar' (capped)", { searchParam: 'mar' }, 0, true],
    ["number '(47) 9000'", { searchParam: '(47) 9000' }, 0, false],
  ]
  for (const [name, f, offset, count] of plans) {
    const q = count ? cappedCountQuery(t, f) : pageQuery(t, f, 21, offset)
    const plan = await db.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${q.toString()}`)
    console.log(
      `\nEXPLAIN ANALYZE ${name}:\n${plan.rows.map((r: Record<string, string>) => `  ${r['QUERY PLAN']}`).join('\n')}`,
    )
  }

  await dispatcher.close()
  await app.close()
  if (pg) await pg.drop()
  else await db.destroy().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
}

await main()
