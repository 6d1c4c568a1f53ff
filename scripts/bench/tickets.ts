/**
 * `pnpm bench:tickets`: the tickets workspace's reads on a big company. Seeds BENCH_TICKETS (default
 * 100,000) tickets and BENCH_MESSAGES (1,000,000) messages in one company — 20 users, 5 queues, two
 * connections, 0.4 contacts per ticket, 3% open / 5% pending / 92% closed, updatedAt over 90 days,
 * Portuguese-ish message bodies — plus two other tenants with a tenth of that each, all with
 * INSERT … SELECT generate_series (the messages' secondary indexes are built after their rows, as a
 * bulk load would). Then, over HTTP on a loopback port with real login tokens (an admin, and an
 * attendant in 2 of the 5 queues), times BENCH_REQUESTS (200) sequential requests per call after a
 * warm-up, prints p50/p99, and EXPLAIN (ANALYZE, BUFFERS) of the SQL each call ran.
 *
 * Postgres when DATABASE_URL is set (a fresh database, dropped after), else embedded PGlite at a
 * tenth of the size (one connection, and no pg_trgm there). BENCH_KEEP=1 keeps the Postgres database
 * (its URL is printed) to try indexes and queries on it by hand; drop it after. BENCH_CALL_SECONDS (20)
 * bounds each call's timing loop (at least 20 requests), so a pathological call cannot stretch the run.
 * The dashboard's calls (goal p99 < 50 ms) run on the same data set, its tables filled as its event
 * feed would have left them. BENCH_CONCURRENCY="10,50" then times the attendant's hot calls under
 * load (concurrency.ts; `pnpm bench:hot-paths` does only that, issue 21).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { companyTimeZone, localClock, type Kernel } from '@atende/sdk'
import { createApp, connectDb } from '@atende/kernel'
import { testDatabase, companyWithUser, userIn, login, PASSWORD } from '@atende/kernel/testing'
import { inProcessProbe, measureAtConcurrency, serverProbe } from './concurrency.ts'
import { startServer } from './server-process.ts'

const PG = !!process.env.DATABASE_URL
const SCALE = PG ? 1 : 0.1
const N = Math.round(Number(process.env.BENCH_TICKETS || 100_000) * SCALE)
const M = Math.round(Number(process.env.BENCH_MESSAGES || 1_000_000) * SCALE)
const RUNS = Number(process.env.BENCH_REQUESTS || 200)
/** BENCH_SEQUENTIAL=0 skips the one-request-at-a-time timings (e.g. for `pnpm bench:hot-paths`). */
const SEQUENTIAL = process.env.BENCH_SEQUENTIAL !== '0'
/** BENCH_CONCURRENCY="10,50": the hot calls again under autocannon at these connection counts (concurrency.ts). */
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
const HOT_SECONDS = Number(process.env.BENCH_HOT_SECONDS || 10)
const WARMUP = 20
/** A call slower than this budget (seconds, after its warm-up) is timed over fewer requests: the run stays within minutes. */
const BUDGET = Number(process.env.BENCH_CALL_SECONDS || 20)
/** Messages of the one long conversation the chat pages are read from. */
const LONG = 200
/** The word ~1% of messages carry (and no other text does): the message search's needle. */
const RARE = 'reembolso'
/** A word ~0.01% of messages carry: the worst case of a search that walks tickets newest first. */
const RARER = 'estorno'

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const sqlText = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`
const sqlInts = (xs: number[]) => `ARRAY[${xs.join(',')}]::int[]`
const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1)

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
// No contact first name among them, so a name search does not also match every other message.
const WORDS = (
  'olá bom dia boa tarde noite obrigado obrigada por favor preciso de ajuda com meu pedido entrega produto ' +
  'pagamento boleto pix cartão nota fiscal prazo endereço número protocolo atendimento cliente valor desconto troca ' +
  'devolução garantia cancelar cancelamento confirmar confirmado aguardo retorno hoje amanhã semana próxima quando ' +
  'chegou ainda não recebi já enviei comprovante segue anexo certo claro perfeito pode sim está tudo bem tenho uma ' +
  'dúvida sobre plano mensal anual fatura vencimento atraso juros senha acesso aplicativo site loja estoque tamanho ' +
  'cor modelo frete grátis código rastreio transportadora correios agendar visita técnico instalação suporte problema ' +
  'resolvido funcionando parou erro tela mensagem vou verificar momento só um instante aguarde transferindo setor ' +
  'financeiro comercial vendas orçamento proposta contrato assinatura documento cadastro atualizar dados'
).split(' ')

type Db = Kernel['db']
interface Seeded {
  companyId: number
  cnpj: string
  adminEmail: string
  attendantEmail: string
  attendantQueues: number[]
  longTicketId: number
}

/** Secondary indexes are dropped for the bulk insert and built after it (one sort instead of a million inserts each). */
async function bulkLoad(db: Db, table: string, load: () => Promise<void>) {
  const { rows } = await db.raw(
    `
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.tablename = ? AND i.schemaname = current_schema()
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
    [table],
  )
  for (const r of rows) await db.raw(`DROP INDEX ${r.indexname}`)
  await load()
  for (const r of rows) {
    await db.transaction(async (trx) => {
      if (PG) await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`)
      await trx.raw(r.indexdef)
    })
  }
}

/** The ticket i's (1-based) updatedAt: active ones within the last 2 days, closed ones over 90 days. */
const updatedExpr = (i: string, active: string) =>
  `(?::timestamptz - CASE WHEN ${active} THEN ((hashint4(${i}) & 2147483647) / 100 % 2880) ELSE ((hashint4(${i}) & 2147483647) / 100 % 129600) END * interval '1 minute')`

async function seedCompany(
  app: Awaited<ReturnType<typeof createApp>>,
  db: Db,
  tickets: number,
  messages: number,
  now: Date,
  tag: string,
): Promise<Seeded> {
  const contacts = Math.max(10, Math.round(tickets * 0.4))
  const admin = await companyWithUser(app, { profile: 'admin' })
  const c = admin.companyId
  const attendant = await userIn(app, c, 'user')
  const hash = await app.kernel.auth.hashPassword(PASSWORD)
  await db.raw(
    `INSERT INTO users ("companyId", name, email, "passwordHash", profile)
    SELECT ?, 'Atendente ' || i, 'att' || i || '@${tag}.bench', ?, 'user' FROM generate_series(1, 18) i`,
    [c, hash],
  )
  const userIds: number[] = await db('users').where({ companyId: c }).orderBy('id').pluck('id')
  const queues = await db('queues')
    .insert(
      ['Vendas', 'Suporte', 'Financeiro', 'Cobrança', 'Pós-venda'].map((name, k) => ({
        companyId: c,
        name,
        color: ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed'][k],
        orderQueue: k + 1,
      })),
    )
    .returning('id')
  const queueIds = queues.map((q: { id: number }) => q.id)
  const attendantQueues = queueIds.slice(0, 2)
  const links = userIds
    .filter((id) => id !== admin.userId)
    .flatMap((userId, k) =>
      (userId === attendant.userId ? attendantQueues : [queueIds[k % 5], queueIds[(k + 2) % 5]]).map((queueId) => ({
        userId,
        queueId,
        companyId: c,
      })),
    )
  await db('attendant_queues').insert(links)
  const whats = await db('whatsapps')
    .insert([1, 2].map((k) => ({ companyId: c, name: `Bench ${k}`, isDefault: k === 1, number: `551199990000${k}` })))
    .returning('id')
  const whatsIds = whats.map((w: { id: number }) => w.id)

  await db.raw(
    `
    INSERT INTO contacts ("companyId", name, number, email, "createdAt", "updatedAt")
    SELECT ?, f[1 + (i * 7) % ${FIRST.length}] || ' ' || l[1 + (i * 13) % ${LAST.length}] || ' ' || i,
      '55' || (11 + i % 89)::text || '9' || lpad((i * 37 % 100000000)::text, 8, '0'),
      CASE WHEN i % 3 = 0 THEN 'cliente' || i || '@${tag}.com.br' ELSE '' END,
      ?::timestamptz - (i % 730) * interval '1 day', ?::timestamptz
    FROM generate_series(1, ?) i, (SELECT ${sqlText(FIRST)} f, ${sqlText(LAST)} l) words`,
    [c, now, now, contacts],
  )
  const cmin: number = (await db('contacts').where({ companyId: c }).min({ m: 'id' }).first())!.m

  // Status from one hash of i, people from another; an active ticket takes a contact of its own
  // (its rank among the active ones), as the one-active-ticket-per-contact index requires.
  await db.raw(
    `
    INSERT INTO tickets (uuid, "companyId", "contactId", "whatsappId", "userId", "queueId", status, "lastMessage", "unreadMessages", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ?, CASE WHEN active THEN ? + (row_number() OVER (PARTITION BY active ORDER BY i) - 1) % ? ELSE ? + h2 % ? END,
      w[1 + h2 / 120 % 2], CASE WHEN st = 'pending' THEN NULL ELSE u[1 + h2 % 20] END,
      CASE WHEN h2 / 20 % 10 = 0 THEN NULL ELSE q[1 + h2 / 20 % 5] END, st,
      (${sqlText(WORDS.slice(0, 40))})[1 + h2 % 40] || ' ' || (${sqlText(WORDS.slice(40, 80))})[1 + h1 % 40],
      CASE WHEN st = 'closed' THEN 0 ELSE h2 % 4 END,
      ${updatedExpr('i', 'active')} - (h2 % 720) * interval '1 minute', ${updatedExpr('i', 'active')}
    FROM (SELECT i, h1, h2, h1 % 100 < 8 AS active, CASE WHEN h1 % 100 < 3 THEN 'open' WHEN h1 % 100 < 8 THEN 'pending' ELSE 'closed' END AS st
          FROM (SELECT i, hashint4(i) & 2147483647 AS h1, hashint4(-i) & 2147483647 AS h2 FROM generate_series(1, ?) i) s) s,
      (SELECT ${sqlInts(userIds)} u, ${sqlInts(queueIds)} q, ${sqlInts(whatsIds)} w) ids
    ORDER BY i`,
    [c, cmin, contacts, cmin, contacts, now, now, tickets],
  )
  const tmin: number = (await db('tickets').where({ companyId: c }).min({ m: 'id' }).first())!.m
  // The long conversation: the attendant's newest open ticket (a high id, as a fresh conversation has).
  const long =
    (await db('tickets')
      .where({ companyId: c, status: 'open', userId: attendant.userId })
      .orderBy('id', 'desc')
      .first('id')) ?? (await db('tickets').where({ companyId: c, status: 'open' }).orderBy('id', 'desc').first('id'))
  const longTicketId: number = long.id

  const even = Math.max(0, messages - LONG)
  const perTicket = Math.ceil(even / tickets)
  await bulkLoad(db, 'messages', async () => {
    // Message j goes to ticket (j-1) % tickets, its seq-th; the last LONG ones all to the long ticket.
    await db.raw(
      `
      INSERT INTO messages ("companyId", "ticketId", "contactId", "whatsappId", "providerId", body, "fromMe", ack, read, "sendStatus", "userId", "createdAt", "updatedAt")
      SELECT ?, t.id, t."contactId", t."whatsappId", md5(? || j::text), body,
        fromme, CASE WHEN fromme THEN 3 ELSE 0 END, true, CASE WHEN fromme THEN 'sent' END, CASE WHEN fromme THEN t."userId" END,
        t."updatedAt" - (? - seq) * interval '2 minutes', t."updatedAt" - (? - seq) * interval '2 minutes'
      FROM (SELECT j, CASE WHEN j > ? THEN ? ELSE ? + (j - 1) % ? END AS tid, CASE WHEN j > ? THEN j - ? + ? ELSE (j - 1) / ? END AS seq,
              (hashint4(j * 3) & 1) = 1 AS fromme,
              (SELECT string_agg(w[1 + (hashint4(j * 16 + k) & 2147483647) % ${WORDS.length}], ' ')
                 FROM generate_series(1, 2 + (hashint4(j) & 2147483647) % 11) k) ||
                CASE WHEN (hashint4(j * 7) & 2147483647) % 100 = 0 THEN ' ${RARE}' ELSE '' END ||
                CASE WHEN (hashint4(j * 11) & 2147483647) % 10000 = 0 THEN ' ${RARER}' ELSE '' END AS body
            FROM generate_series(1, ?) j, (SELECT ${sqlText(WORDS)} w) words) m
      JOIN tickets t ON t.id = m.tid
      ORDER BY j`,
      [
        c,
        `${tag}-`,
        perTicket + LONG,
        perTicket + LONG,
        even,
        longTicketId,
        tmin,
        tickets,
        even,
        even,
        perTicket,
        tickets,
        even + Math.min(LONG, messages),
      ],
    )
  })
  return {
    companyId: c,
    cnpj: (await db('companies').where({ id: c }).first('cnpj')).cnpj,
    adminEmail: await email(db, admin.userId),
    attendantEmail: await email(db, attendant.userId),
    attendantQueues,
    longTicketId,
  }
}

const email = async (db: Db, id: number): Promise<string> => (await db('users').where({ id }).first('email')).email

/** One pg (or PGlite) connection's own query(text, values): the captured statements are positional ($1…). */
async function explain(db: Db, sql: string, bindings: unknown[]): Promise<string[]> {
  const conn = await (db.client as any).acquireConnection()
  try {
    const res = await conn.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bindings)
    return res.rows.map((r: Record<string, string>) => r['QUERY PLAN'])
  } finally {
    await (db.client as any).releaseConnection(conn)
  }
}

/** A local day N days ago, as the dashboard's charts take it. */
const daysAgo = (n: number) => localClock(new Date(Date.now() - n * 86_400_000)).day

/**
 * The dashboard's own tables as its event feed would have left them for the seeded tickets (they
 * were inserted in bulk, without events): each ticket's standing, and per company, local day and
 * attendant the tickets created, accepted (with a made-up wait of 1–21 min) and closed (with a
 * support time of 5–65 min), dated by their updatedAt.
 */
async function seedDashboard(db: Db) {
  await db.raw(`INSERT INTO dashboard_tickets ("ticketId", "companyId", status, "userId", "queueId", "waitingSince", "acceptedAt", "seenAt")
    SELECT id, "companyId", status, "userId", "queueId",
      CASE WHEN status = 'pending' THEN "createdAt" END, CASE WHEN status = 'open' THEN "updatedAt" END, "updatedAt"
    FROM tickets`)
  await db.raw(
    `INSERT INTO dashboard_daily ("companyId", day, "userId", created, accepted, closed, "waitSeconds", "waitCount", "supportSeconds", "supportCount")
    SELECT "companyId", ("updatedAt" AT TIME ZONE ?)::date, coalesce("userId", 0),
      count(*), count(*) FILTER (WHERE status <> 'pending'), count(*) FILTER (WHERE status = 'closed'),
      coalesce(sum(60 + id % 1200) FILTER (WHERE status <> 'pending'), 0), count(*) FILTER (WHERE status <> 'pending'),
      coalesce(sum(300 + id % 3600) FILTER (WHERE status = 'closed'), 0), count(*) FILTER (WHERE status = 'closed')
    FROM tickets GROUP BY 1, 2, 3`,
    [companyTimeZone()],
  )
  await db.raw('VACUUM ANALYZE dashboard_tickets')
  await db.raw('VACUUM ANALYZE dashboard_daily')
}

/** The bench database's URL (Postgres mode), for the hot-paths server process. */
let pgUrl: string | undefined

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-'))
  const pg = PG ? await testDatabase() : null
  pgUrl = pg?.url
  const db = pg?.knex ?? connectDb({ dataDir })
  const app = await createApp({
    db,
    env: {},
    logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false,
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
  try {
    await run(app, db, base, dispatcher, !!pg)
  } finally {
    await dispatcher.close()
    await app.close()
    if (pg && process.env.BENCH_KEEP) console.log(`\nkept the database (BENCH_KEEP): ${pg.url}`)
    else if (pg) await pg.drop()
    else await db.destroy().catch(() => {})
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function run(app: Awaited<ReturnType<typeof createApp>>, db: Db, base: string, dispatcher: Agent, pg: boolean) {
  if (!PG)
    console.log(
      `(embedded PGlite: one connection, so the sizes are a tenth of the Postgres run's — set DATABASE_URL for the real measure)`,
    )
  const now = new Date()
  const t0 = performance.now()
  const big = await seedCompany(app, db, N, M, now, 'big')
  for (let k = 0; k < 2; k++) await seedCompany(app, db, Math.round(N / 10), Math.round(M / 10), now, `o${k}`)
  const tSeed = secs(t0)
  const t1 = performance.now()
  // What autovacuum does on a live server: statistics, and the visibility map index-only scans rely on.
  for (const table of ['contacts', 'tickets', 'messages', 'ticket_search']) await db.raw(`VACUUM ANALYZE ${table}`)
  const counts = (
    await db.raw(`SELECT status, count(*)::int n FROM tickets WHERE "companyId" = ? GROUP BY status ORDER BY status`, [
      big.companyId,
    ])
  ).rows
  const nMsgs = (
    await db.raw(
      `SELECT count(*)::int n, count(*) FILTER (WHERE body LIKE '%${RARE}%')::int rare, count(*) FILTER (WHERE body LIKE '%${RARER}%')::int rarer FROM messages WHERE "companyId" = ?`,
      [big.companyId],
    )
  ).rows[0]
  const ftsIndex = (
    await db.raw(
      `SELECT indexname FROM pg_indexes WHERE tablename IN ('messages', 'ticket_search') AND indexdef ILIKE '%USING gin%'`,
    )
  ).rows.map((r: { indexname: string }) => r.indexname)
  console.log(
    `Atende tickets bench: ${pg ? 'Postgres' : 'embedded PGlite'}; one company with ${N} tickets (${counts.map((r: { status: string; n: number }) => `${r.n} ${r.status}`).join(', ')}), ` +
      `${nMsgs.n} messages (${nMsgs.rare} with '${RARE}', ${nMsgs.rarer} with '${RARER}'), ${Math.round(N * 0.4)} contacts, 20 users, 5 queues; two other tenants with a tenth each. ` +
      `Seeded in ${tSeed} s, VACUUM ANALYZE ${secs(t1)} s. Message search index: ${ftsIndex.join(', ') || 'none'}.`,
  )
  if (SEQUENTIAL)
    console.log(
      `${RUNS} sequential requests per call after ${WARMUP} warm-up, HTTP on loopback, one keep-alive connection; ` +
        `load average ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')} on ${cpus().length} CPUs (other work on the machine shows up in the p99s)\n`,
    )

  const asAdmin = (await login(app, big.cnpj, big.adminEmail, PASSWORD)).headers
  const asUser = (await login(app, big.cnpj, big.attendantEmail, PASSWORD)).headers
  const uq = encodeURIComponent(JSON.stringify(big.attendantQueues))
  await seedDashboard(db)
  const calls: Array<{
    name: string
    who: string
    path: string
    headers: Record<string, string>
    list: boolean
    /** The dashboard's goal is p99 < 50 ms. */
    dashboard?: boolean
  }> = [
    {
      name: 'open list, showAll',
      who: 'admin',
      path: '/api/tickets?status=open&showAll=true',
      headers: asAdmin,
      list: true,
    },
    {
      name: 'open list (own)',
      who: 'user',
      path: `/api/tickets?status=open&queueIds=${uq}`,
      headers: asUser,
      list: true,
    },
    {
      name: 'pending list, 2 queues',
      who: 'user',
      path: `/api/tickets?status=pending&queueIds=${uq}`,
      headers: asUser,
      list: true,
    },
    {
      name: 'closed list page 1, showAll',
      who: 'admin',
      path: '/api/tickets?status=closed&showAll=true',
      headers: asAdmin,
      list: true,
    },
    {
      name: 'closed list page 50, showAll',
      who: 'admin',
      path: '/api/tickets?status=closed&showAll=true&pageNumber=50',
      headers: asAdmin,
      list: true,
    },
    {
      name: 'closed list page 1 (own)',
      who: 'user',
      path: `/api/tickets?status=closed&queueIds=${uq}`,
      headers: asUser,
      list: true,
    },
    { name: 'counts, showAll', who: 'admin', path: '/api/tickets/counts?showAll=true', headers: asAdmin, list: true },
    { name: 'counts, 2 queues', who: 'user', path: `/api/tickets/counts?queueIds=${uq}`, headers: asUser, list: true },
    {
      name: "search contact 'maria'",
      who: 'admin',
      path: '/api/tickets?searchParam=maria&showAll=true',
      headers: asAdmin,
      list: true,
    },
    {
      name: "search contact 'maria'",
      who: 'user',
      path: `/api/tickets?searchParam=maria&queueIds=${uq}`,
      headers: asUser,
      list: true,
    },
    {
      name: `search message '${RARE}'`,
      who: 'admin',
      path: `/api/tickets?searchParam=${RARE}&showAll=true`,
      headers: asAdmin,
      list: true,
    },
    {
      name: `search message '${RARE}'`,
      who: 'user',
      path: `/api/tickets?searchParam=${RARE}&queueIds=${uq}`,
      headers: asUser,
      list: true,
    },
    {
      name: `search message '${RARER}'`,
      who: 'admin',
      path: `/api/tickets?searchParam=${RARER}&showAll=true`,
      headers: asAdmin,
      list: true,
    },
    {
      name: `messages page 1 (${LONG}+ msgs)`,
      who: 'user',
      path: `/api/messages/${big.longTicketId}?pageNumber=1`,
      headers: asUser,
      list: false,
    },
    {
      name: 'messages page 5',
      who: 'user',
      path: `/api/messages/${big.longTicketId}?pageNumber=5`,
      headers: asUser,
      list: false,
    },
    {
      name: 'dashboard, this month',
      who: 'admin',
      path: '/api/dashboard',
      headers: asAdmin,
      list: false,
      dashboard: true,
    },
    {
      name: 'dashboard, last 90 days',
      who: 'admin',
      path: '/api/dashboard?days=90',
      headers: asAdmin,
      list: false,
      dashboard: true,
    },
    {
      name: 'dashboard by user, 90 days',
      who: 'admin',
      path: `/api/dashboard/ticketsUsers?initialDate=${daysAgo(89)}&finalDate=${daysAgo(0)}`,
      headers: asAdmin,
      list: false,
      dashboard: true,
    },
    {
      name: 'dashboard by day, 90 days',
      who: 'admin',
      path: `/api/dashboard/ticketsDay?initialDate=${daysAgo(89)}&finalDate=${daysAgo(0)}`,
      headers: asAdmin,
      list: false,
      dashboard: true,
    },
  ]

  const get = async (path: string, headers: Record<string, string>) => {
    const res = await request(`${base}${path}`, { headers, dispatcher })
    return { status: res.statusCode, text: await res.body.text() }
  }
  const describe = (b: any) =>
    b.tickets
      ? `${b.tickets.length} tickets, hasMore ${b.hasMore}`
      : b.messages
        ? `${b.messages.length} messages of ${b.count}, hasMore ${b.hasMore}`
        : 'open' in b
          ? `open ${b.open}, pending ${b.pending}`
          : JSON.stringify(b).slice(0, 60)

  const failed: string[] = []
  const slowLists: string[] = []
  const slowDashboard: string[] = []
  const captured = new Map<string, Array<{ sql: string; bindings: unknown[] }>>()
  if (SEQUENTIAL) console.log('call'.padEnd(34), 'as'.padEnd(6), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), '  answer')
  for (const call of SEQUENTIAL ? calls : []) {
    const label = `${call.name} (${call.who})`
    const first = await get(call.path, call.headers)
    if (first.status !== 200) {
      failed.push(`${label}: GET ${call.path} → ${first.status} ${first.text.slice(0, 120)}`)
      console.log(call.name.padEnd(34), call.who.padEnd(6), '-'.padStart(8), '-'.padStart(8), `  HTTP ${first.status}`)
      continue
    }
    // The statements of one request of this kind, for the plans below.
    const sqls: Array<{ sql: string; bindings: unknown[] }> = []
    const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
      sqls.push({ sql: q.sql, bindings: q.bindings ?? [] })
    }
    db.on('query', onQuery)
    await get(call.path, call.headers)
    db.off('query', onQuery)
    captured.set(label, sqls)
    const w0 = performance.now()
    for (let i = 0; i < WARMUP && performance.now() - w0 < BUDGET * 250; i++) await get(call.path, call.headers)
    const times: number[] = []
    const r0 = performance.now()
    for (let i = 0; i < RUNS && (i < 20 || performance.now() - r0 < BUDGET * 1000); i++) {
      const s = performance.now()
      const r = await get(call.path, call.headers)
      times.push(performance.now() - s)
      if (r.status !== 200) throw new Error(`${call.path} → ${r.status} ${r.text.slice(0, 200)}`)
    }
    times.sort((a, b) => a - b)
    if (call.list && pct(times, 99) >= 20) slowLists.push(call.name)
    if (call.dashboard && pct(times, 99) >= 50) slowDashboard.push(call.name)
    console.log(
      call.name.padEnd(34),
      call.who.padEnd(6),
      pct(times, 50).toFixed(1).padStart(8),
      pct(times, 99).toFixed(1).padStart(8),
      ' ',
      `${describe(JSON.parse(first.text))}; ${sqls.length} SQL statements${times.length < RUNS ? `; only ${times.length} requests (BENCH_CALL_SECONDS)` : ''}`,
    )
  }
  if (SEQUENTIAL)
    console.log(
      `\ngoal: p99 < 20 ms for the list calls (real Postgres)${pg ? ` — ${slowLists.length ? `missed by: ${slowLists.join(', ')}` : 'met by every list call'}` : ''}`,
    )
  if (SEQUENTIAL)
    console.log(
      `goal: p99 < 50 ms for the dashboard calls (real Postgres)${pg ? ` — ${slowDashboard.length ? `missed by: ${slowDashboard.join(', ')}` : 'met by every dashboard call'}` : ''}`,
    )
  for (const f of failed) console.log(`not measured: ${f}`)
  if (LEVELS.length) {
    const hot = (name: string, who: string) => calls.find((c) => c.name === name && c.who === who)!
    // With Postgres the server under load is a process of its own: its CPU and memory alone.
    const child = pgUrl
      ? await startServer({
          databaseUrl: pgUrl,
          redisPrefix: `atende-bench-${process.pid}`,
          config: { jwtSecret: 'bench-access', jwtRefreshSecret: 'bench-refresh' },
        })
      : null
    await measureAtConcurrency({
      server: child ? serverProbe(child) : inProcessProbe(base, db),
      levels: LEVELS,
      seconds: HOT_SECONDS,
      calls: [
        hot('open list, showAll', 'admin'),
        hot('pending list, 2 queues', 'user'),
        hot('counts, 2 queues', 'user'),
        hot(`search message '${RARE}'`, 'admin'),
        hot(`search message '${RARER}'`, 'admin'),
        hot(`messages page 1 (${LONG}+ msgs)`, 'user'),
      ].map((c) => ({ name: `${c.name} (${c.who})`, path: c.path, headers: c.headers })),
    })
    await child?.stop()
  }
  console.log(
    `load average after: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  )

  // The round trips behind one request: each is a pool checkout and a network exchange with the database.
  for (const label of [
    `${calls[0].name} (${calls[0].who})`,
    `${calls[calls.length - 2].name} (${calls[calls.length - 2].who})`,
  ]) {
    const sqls = captured.get(label)
    if (!sqls) continue
    console.log(`\nSQL statements of one request, ${label}:`)
    for (const { sql } of sqls) console.log(`   ${sql.length > 150 ? `${sql.slice(0, 150)}…` : sql}`)
  }

  // Plans: every SELECT a call ran on tickets, messages or contacts (the lookups by primary key of users, settings… are left out).
  // Those under 1 ms get one line (their scans); the others the whole plan.
  const seen = new Set<string>()
  const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}…` : text)
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the SELECTs on tickets/messages/contacts of one request per call:`)
  for (const [label, sqls] of captured) {
    for (const { sql, bindings } of sqls) {
      if (!/^\s*select/i.test(sql) || !/"(tickets|messages|contacts|ticket_tags)"/.test(sql)) continue
      const key = `${sql}|${JSON.stringify(bindings)}`
      if (seen.has(key)) continue
      seen.add(key)
      const plan = await explain(db, sql, bindings)
      const ms = Number(
        /Execution Time: ([\d.]+)/.exec(plan.find((l) => l.startsWith('Execution Time')) ?? '')?.[1] ?? 0,
      )
      if (ms < 1) {
        const scans = [
          ...new Set(
            plan
              .map(
                (l) =>
                  /(?:Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: using| on)? \S+(?: on \S+)?/.exec(
                    l,
                  )?.[0],
              )
              .filter(Boolean),
          ),
        ]
        console.log(
          `── ${label}: ${ms.toFixed(2)} ms  ${cut(sql.replace(/^select .*? from/i, 'select … from'), 110)}  [${scans.join('; ')}]`,
        )
        continue
      }
      console.log(
        `\n── ${label}: Execution Time ${ms.toFixed(2)} ms\n   ${cut(sql, 500)}\n   bindings ${cut(JSON.stringify(bindings), 160)}`,
      )
      console.log(plan.map((l) => `   ${cut(l, 220)}`).join('\n'))
      console.log('')
    }
  }
}

await main()
