/**
 * `pnpm bench:fanout` (issue 21): a company event reaching BENCH_SOCKETS (2,000) sockets of one
 * company spread over two server processes bridged by Redis. Prints the delivery latency (from the
 * emitting request's start to each socket's frame) p50/p99, frames lost, the emitting request's
 * latency with no sockets and with all of them connected, and each server's memory per socket.
 *
 * Needs Postgres and Redis (DATABASE_URL, REDIS_URL): a fresh database is made and dropped. The
 * event is a tag created (POST /api/tags → `company-{id}-tag` to the company room), BENCH_ROUNDS (60)
 * of them one after another. The two servers are child processes of this script (`bench-server.ts`),
 * so the sockets' client side (this process) does not share their event loops.
 *
 * `pnpm bench:fanout:cluster` (BENCH_BALANCER=1, issue 22) puts the production topology's balancer
 * (scripts/cluster/balance.ts, a process of its own) in front: the sockets reach the two processes
 * through it, round-robin, and so do the requests that raise the events.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { createApp } from '@atende/kernel'
import { companyWithUser, login, PASSWORD, testDatabase } from '@atende/kernel/testing'
import { startServer, type ServerProcess } from './server-process.ts'
import { freePort } from '../cluster/ports.ts'

const SOCKETS = Number(process.env.BENCH_SOCKETS || 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 60)
const BASELINE_ROUNDS = 30
const ROUND_TIMEOUT_MS = 10_000
// The bench's sockets are one user's from one address: the per-user and per-address caps are lifted.
const CONFIG = {
  jwtSecret: 'bench-access',
  jwtRefreshSecret: 'bench-refresh',
  socketsPerUser: 0,
  socketsPerAddress: 0,
}
const VIA_BALANCER = process.env.BENCH_BALANCER === '1'

/** The cluster's balancer as its own process in front of `servers`; resolves with its URL. */
async function startBalancer(servers: ServerProcess[]): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../cluster/balance.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        UPSTREAMS: servers.map((s) => new URL(s.base).host).join(','),
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('[balancer]') && resolve())
    child.once('exit', (code) => reject(new Error(`the balancer exited (${code})`)))
  })
  return { base: `http://127.0.0.1:${port}`, child }
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
const ms = (x: number) => `${x.toFixed(1)} ms`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function main() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('bench:fanout needs Postgres and Redis: set DATABASE_URL and REDIS_URL')
    return
  }
  console.log(
    `fan-out: ${SOCKETS} sockets of one company over 2 processes${VIA_BALANCER ? ' behind the balancer' : ''}; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
  )
  const pg = await testDatabase()
  const prefix = `atende-fanout-${process.pid}`
  // Migrate and make the company with this process's own app, closed before the servers start.
  const setup = await createApp({
    db: pg.knex,
    env: {},
    logger: false,
    config: { mode: 'production', dataDir: '', redisUrl: process.env.REDIS_URL, redisPrefix: prefix, ...CONFIG },
  })
  await setup.ready()
  const admin = await companyWithUser(setup, { profile: 'admin' })
  const who = await setup.kernel.db('users').where({ id: admin.userId }).first('email')
  const cnpj = (await setup.kernel.db('companies').where({ id: admin.companyId }).first('cnpj')).cnpj as string
  const { headers } = await login(setup, cnpj, who.email, PASSWORD)
  const token = headers.authorization.slice('Bearer '.length)
  await setup.close()

  const servers: ServerProcess[] = []
  const sockets: WebSocket[] = []
  let balancer: { base: string; child: ChildProcess } | undefined
  try {
    servers.push(await startServer({ databaseUrl: pg.url!, redisPrefix: prefix, config: CONFIG }))
    servers.push(await startServer({ databaseUrl: pg.url!, redisPrefix: prefix, config: CONFIG }))
    if (VIA_BALANCER) balancer = await startBalancer(servers)
    // Directly: the event is raised on the first process. Behind the balancer: on either, in turn.
    const emitter = balancer ?? servers[0]!
    let seq = 0
    const createTag = async () => {
      seq += 1
      const name = `fan-${seq}`
      const t0 = performance.now()
      const res = await fetch(`${emitter.base}/api/tags`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name, color: '#1565c0' }),
      })
      if (res.status !== 200) throw new Error(`POST /api/tags: ${res.status} ${await res.text()}`)
      await res.arrayBuffer()
      return { name, t0, took: performance.now() - t0 }
    }

    const alone: number[] = []
    for (let i = 0; i < BASELINE_ROUNDS; i++) alone.push((await createTag()).took)

    const memBefore = await Promise.all(servers.map((s) => s.ask({ op: 'mem' })))
    // Each socket records when each tag's frame reached it.
    const arrivals = new Map<string, number[]>()
    const wsBase = (s: { base: string }) => s.base.replace(/^http/, 'ws')
    for (let i = 0; i < SOCKETS; i++) {
      const ws = new WebSocket(`${wsBase(balancer ?? servers[i % 2]!)}/socket?token=${encodeURIComponent(token)}`)
      ws.on('message', (raw) => {
        const at = performance.now()
        const frame = JSON.parse(raw.toString()) as { event: string; data?: { tag?: { name?: string } } }
        const name = frame.data?.tag?.name
        if (name) arrivals.get(name)?.push(at)
      })
      sockets.push(ws)
    }
    await Promise.all(
      sockets.map((ws) => new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)))),
    )
    // Authenticated and in the company room: a ping round trip on each.
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            const onPong = (raw: WebSocket.RawData) => {
              if (!raw.toString().includes('"pong"')) return
              ws.off('message', onPong)
              resolve()
            }
            ws.on('message', onPong)
            ws.send(JSON.stringify({ type: 'ping' }))
          }),
      ),
    )
    const memAfter = await Promise.all(servers.map((s) => s.ask({ op: 'mem' })))

    const withSockets: number[] = []
    const delivery: number[] = []
    let lost = 0
    for (let i = 0; i < ROUNDS; i++) {
      const name = `fan-${seq + 1}`
      const got: number[] = []
      arrivals.set(name, got)
      const sent = await createTag()
      withSockets.push(sent.took)
      const deadline = performance.now() + ROUND_TIMEOUT_MS
      while (got.length < SOCKETS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2))
      lost += SOCKETS - got.length
      for (const at of got) delivery.push(at - sent.t0)
      arrivals.delete(name)
    }

    const perSocket = memAfter.map((m, i) => (m.rss - memBefore[i]!.rss) / (SOCKETS / 2))
    // RSS moves with the allocator returning pages; the heap after a full GC is the steadier figure.
    const heapPerSocket = memAfter.map((m, i) => (m.heapUsed - memBefore[i]!.heapUsed) / (SOCKETS / 2))
    console.log('')
    console.log('| measure | value |')
    console.log('|---|---|')
    console.log(`| frames delivered | ${delivery.length} of ${ROUNDS * SOCKETS} (${lost} lost) |`)
    console.log(`| delivery p50 / p99 | ${ms(pct(delivery, 50))} / ${ms(pct(delivery, 99))} |`)
    console.log(`| emitting request, no sockets: p50 / p99 | ${ms(pct(alone, 50))} / ${ms(pct(alone, 99))} |`)
    console.log(
      `| emitting request, ${SOCKETS} sockets: p50 / p99 | ${ms(pct(withSockets, 50))} / ${ms(pct(withSockets, 99))} |`,
    )
    console.log(`| server RSS with sockets | ${memAfter.map((m) => mb(m.rss)).join(', ')} |`)
    console.log(`| memory per socket (RSS delta) | ${perSocket.map((b) => `${(b / 1024).toFixed(1)} KB`).join(', ')} |`)
    console.log(
      `| memory per idle socket (heap after GC) | ${heapPerSocket.map((b) => `${(b / 1024).toFixed(1)} KB`).join(', ')} |`,
    )
  } finally {
    for (const ws of sockets) ws.terminate()
    balancer?.child.kill('SIGTERM')
    await Promise.all(servers.map((s) => s.stop()))
    await pg.drop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
