import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { rmSync } from 'node:fs'
import { Redis } from 'ioredis'
import { describe, it, expect, afterAll } from 'vitest'
import {
  SUPER,
  appProcessEnv,
  appProcesses,
  bootAppProcess,
  chaosScale,
  connectSocket,
  hasPostgres,
  sleep,
  testDatabase,
  until,
} from './support/index.ts'

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  await new Promise((resolve) => s.close(resolve))
  return port
}

/** A Redis of this test's own (the machine's is shared by every other test), keeping nothing on disk. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  )
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 })
  probe.on('error', () => {})
  await until(async () => {
    try {
      if (probe.status !== 'ready') await probe.connect()
      return (await probe.ping()) === 'PONG'
    } catch {
      return false
    }
  }, 20_000)
  probe.disconnect()
  return child
}

/**
 * Chaos (issue 22): Redis killed with -9 and started again, empty, while two app processes serve
 * requests. Requests keep being answered (the failures are counted and printed, and none waits past
 * 10 s); afterwards, with no restart of the processes, the health check is green again, events cross
 * processes again (a socket on one hears a change made on the other), and the repeating job
 * schedules that lived in the lost Redis are back.
 */
describe.skipIf(!hasPostgres || !hasRedisServer)(
  'Redis restarted mid-load (skipped: needs DATABASE_URL and a redis-server binary)',
  () => {
    const redis: { child?: ChildProcess } = {}
    let db: Awaited<ReturnType<typeof testDatabase>> | undefined
    const env = appProcessEnv('redis-chaos')
    afterAll(async () => {
      for (const c of appProcesses) c.kill('SIGKILL')
      redis.child?.kill('SIGKILL')
      await db?.drop()
      rmSync(env.DATA_DIR!, { recursive: true, force: true })
    })

    it(
      'answers through the outage, then the bus, the sockets and the job schedules recover by themselves',
      async () => {
        const port = await freePort()
        redis.child = await startRedis(port)
        db = await testDatabase()
        Object.assign(env, { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${port}` })
        const a = await bootAppProcess(env)
        const b = await bootAppProcess(env)

        const login = await fetch(`${a.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
        })
        const { token, user } = (await login.json()) as { token: string; user: { companyId: number } }
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
        const setRating = (base: string, value: string) =>
          fetch(`${base}/api/settings/userRating`, { method: 'PUT', headers, body: JSON.stringify({ value }) })
        const socket = await connectSocket(a.base.replace('http', 'ws'), token)
        const settingsFrames = () => socket.find(`company-${user.companyId}-settings`).map((f) => f.data.setting.value)
        const crossed = async (value: string) => {
          expect((await setRating(b.base, value)).status).toBe(200)
          await until(() => settingsFrames().includes(value), 20_000)
        }
        await crossed('enabled')

        const schedulers = async () => {
          const r = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 })
          try {
            return (await r.keys(`${env.REDIS_PREFIX}:*:repeat`)).length
          } finally {
            r.disconnect()
          }
        }
        const before = await schedulers()
        expect(before).toBeGreaterThan(0)

        // Load on both processes: reads and writes that announce events, until told to stop.
        const results: { ok: boolean; ms: number; during: boolean }[] = []
        let outage = false
        let stop = false
        const loop = async (base: string, i: number) => {
          for (let n = 0; !stop; n++) {
            const started = Date.now()
            const during = outage
            try {
              const res =
                n % 2
                  ? await setRating(base, (i + n) % 4 ? 'enabled' : 'disabled')
                  : await fetch(`${base}/api/settings`, { headers, signal: AbortSignal.timeout(15_000) })
              await res.arrayBuffer()
              results.push({ ok: res.ok, ms: Date.now() - started, during })
            } catch {
              results.push({ ok: false, ms: Date.now() - started, during })
            }
          }
        }
        const loops = [loop(a.base, 0), loop(b.base, 1), loop(a.base, 2), loop(b.base, 3)]
        await sleep(500)
        outage = true
        const killedAt = Date.now()
        redis.child.kill('SIGKILL')
        await new Promise((r) => redis.child!.once('exit', r))
        await sleep(1500 * chaosScale())
        redis.child = await startRedis(port)
        outage = false
        const healthy = async (base: string) =>
          ((await (await fetch(`${base}/api/health`)).json()) as { redis: string }).redis
        await until(async () => (await healthy(a.base)) === 'ok' && (await healthy(b.base)) === 'ok', 30_000)
        const recoveredMs = Date.now() - killedAt
        await sleep(500)
        stop = true
        await Promise.all(loops)

        const failed = results.filter((r) => !r.ok)
        const slowest = Math.max(...results.map((r) => r.ms))
        console.log(
          `redis chaos: ${results.length} requests, ${failed.length} failed (${results.filter((r) => r.during).length} during the outage), slowest ${slowest} ms; health green ${recoveredMs} ms after the kill`,
        )
        expect(slowest).toBeLessThan(10_000)
        expect(failed.length).toBeLessThan(results.length / 2)

        // Recovered by themselves: events cross processes again, the socket stayed, the schedules are back.
        await crossed('disabled')
        expect(socket.closed).toBeUndefined()
        await until(async () => (await schedulers()) >= before, 20_000)
        socket.ws.close()
      },
      180_000 * chaosScale(),
    )
  },
)
