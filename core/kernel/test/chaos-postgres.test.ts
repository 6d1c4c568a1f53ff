import { createServer, connect, type Server, type Socket, type AddressInfo } from 'node:net'
import { rmSync } from 'node:fs'
import { describe, it, expect, afterAll } from 'vitest'
import {
  SUPER,
  appProcessEnv,
  appProcesses,
  bootAppProcess,
  chaosScale,
  hasPostgres,
  sleep,
  testDatabase,
  until,
} from './support/index.ts'

/**
 * A TCP proxy in front of Postgres that can drop every connection and refuse new ones, as a
 * restarting database does to its clients (the machine's Postgres serves every other test, so the
 * fault is injected on the wire, not by restarting it).
 */
async function postgresProxy(target: { host: string; port: number }) {
  const live = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host)
        for (const s of [client, upstream]) {
          live.add(s)
          s.on('close', () => live.delete(s))
          s.on('error', () => {})
        }
        client.pipe(upstream)
        upstream.pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port
        resolve()
      })
    })
  await listen()
  return {
    get port() {
      return port
    },
    /** The database goes away: open connections drop, new ones are refused. */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of live) s.destroy()
        server!.close(() => resolve())
      }),
    /** It is back, on the same address. */
    restore: listen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of live) s.destroy()
        if (!server?.listening) return resolve()
        server.close(() => resolve())
      }),
  }
}

/**
 * Chaos (issue 22): Postgres goes away for three seconds while an app process serves requests.
 * Requests fail fast with 503 ERR_DATABASE_UNAVAILABLE (none with a 500, none waiting past 10 s),
 * and once the database is back the same process serves again, with no restart.
 */
describe.skipIf(!hasPostgres)('Postgres restarted mid-load (skipped: set DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof testDatabase>> | undefined
  let proxy: Awaited<ReturnType<typeof postgresProxy>> | undefined
  const env = appProcessEnv('pg-chaos')
  afterAll(async () => {
    for (const c of appProcesses) c.kill('SIGKILL')
    await proxy?.close()
    await db?.drop()
    rmSync(env.DATA_DIR!, { recursive: true, force: true })
  })

  it(
    'answers 503 fast while the database is away and serves again when it is back',
    async () => {
      db = await testDatabase()
      const url = new URL(db.url!)
      proxy = await postgresProxy({ host: url.hostname, port: Number(url.port || 5432) })
      url.host = `127.0.0.1:${proxy.port}`
      env.DATABASE_URL = url.toString()
      const app = await bootAppProcess(env)
      const login = await fetch(`${app.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
      })
      const { token } = (await login.json()) as { token: string }
      const headers = { authorization: `Bearer ${token}` }

      const results: { status: number; error?: string; ms: number; phase: 'before' | 'away' | 'back' }[] = []
      let phase: 'before' | 'away' | 'back' = 'before'
      let stop = false
      const paths = ['/api/settings', '/api/tickets?status=open&showAll=true', '/api/contacts']
      const loop = async (i: number) => {
        for (let n = 0; !stop; n++) {
          const started = Date.now()
          const at = phase
          try {
            const res = await fetch(`${app.base}${paths[(i + n) % paths.length]}`, {
              headers,
              signal: AbortSignal.timeout(15_000),
            })
            const body = (await res.json()) as { error?: string }
            results.push({ status: res.status, error: body.error, ms: Date.now() - started, phase: at })
          } catch {
            results.push({ status: 0, ms: Date.now() - started, phase: at })
          }
          if (phase === 'away') await sleep(50)
        }
      }
      const loops = [loop(0), loop(1), loop(2)]
      await sleep(500)
      phase = 'away'
      await proxy.cut()
      await sleep(3000 * chaosScale())
      await proxy.restore()
      const backAt = Date.now()
      phase = 'back'
      await until(async () => (await fetch(`${app.base}/api/settings`, { headers })).status === 200, 20_000)
      const recoveredMs = Date.now() - backAt
      await sleep(500)
      stop = true
      await Promise.all(loops)

      const away = results.filter((r) => r.phase === 'away')
      const unavailable = away.filter((r) => r.status === 503)
      const slowest = Math.max(...results.map((r) => r.ms))
      const counts = (rs: typeof results) =>
        Object.entries(rs.reduce<Record<string, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {}))
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')
      console.log(
        `postgres chaos: before ${counts(results.filter((r) => r.phase === 'before'))}; away 3 s: ${counts(away)}; back: ${counts(results.filter((r) => r.phase === 'back'))}; slowest ${slowest} ms; serving again ${recoveredMs} ms after the database returned`,
      )
      expect(results.filter((r) => r.status === 0 || r.status === 500)).toEqual([])
      expect(slowest).toBeLessThan(10_000)
      expect(unavailable.length).toBeGreaterThan(0)
      expect(unavailable.every((r) => r.error === 'ERR_DATABASE_UNAVAILABLE')).toBe(true)
      expect(results.filter((r) => r.phase === 'back').at(-1)!.status).toBe(200)
    },
    120_000 * chaosScale(),
  )
})
