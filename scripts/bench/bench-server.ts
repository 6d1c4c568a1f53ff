/**
 * A server process for the benches (fanout.ts forks two, the hot-paths run of tickets.ts one): the
 * whole app on the bench's database and Redis prefix, on a loopback port it reports to the parent.
 * The parent asks over IPC (`{ id, op }`, answered with the same id): 'mem' (RSS and heap after a
 * GC), 'cpu' (this process's CPU so far), 'sql' (start counting statements, keeping their text when
 * `capture`), 'sqlStats' (the count and texts since then). SIGTERM stops it.
 */
import { readFileSync } from 'node:fs'
import { connectDb, createApp } from '@atende/kernel'

export type ServerOp = { op: 'mem' } | { op: 'cpu' } | { op: 'sql'; capture: boolean } | { op: 'sqlStats' }

/** The highest resident set this process has had (VmHWM), in bytes. */
function peakRss(): number {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
  return Number(kb ?? 0) * 1024
}

async function main() {
  const db = connectDb({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' })
  const app = await createApp({
    db,
    env: {},
    logger: false,
    config: {
      mode: 'production',
      dataDir: '',
      redisUrl: process.env.REDIS_URL,
      redisPrefix: process.env.BENCH_REDIS_PREFIX,
      ...JSON.parse(process.env.BENCH_CONFIG || '{}'),
    },
  })
  await app.ready()
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  let statements = 0
  let texts: string[] | null = null
  db.on('query', (q: { sql: string }) => {
    statements += 1
    texts?.push(q.sql)
  })
  process.on('message', (m: ServerOp & { id: number }) => {
    const answer = (value: unknown) => process.send!({ id: m.id, value })
    if (m.op === 'mem') {
      global.gc?.()
      const { rss, heapUsed } = process.memoryUsage()
      answer({ rss, heapUsed, peakRss: peakRss() })
    } else if (m.op === 'cpu') {
      const { user, system } = process.cpuUsage()
      answer((user + system) / 1000)
    } else if (m.op === 'sql') {
      statements = 0
      texts = m.capture ? [] : null
      answer(null)
    } else if (m.op === 'sqlStats') {
      answer({ statements, texts: texts ?? [] })
      texts = null
    }
  })
  process.once('SIGTERM', () => {
    void app.close().finally(() => process.exit(0))
  })
  process.send!({ base })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
