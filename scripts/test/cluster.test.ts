import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { SUPER, connectSocket, dropRedisKeys, hasPostgres, hasRedis, testDatabase, until } from '@atende/kernel/testing'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * `pnpm start:cluster` as users run it (issue 22, "Production topology as a test"): 2 API processes
 * and 1 worker, built, on one Postgres database and one Redis, behind the balancer, all on
 * loopback. Through the balancer: both API processes answer; a socket on one hears events caused
 * on the other; a killed API process costs no request (the balancer moves on) and comes back.
 */
describe.skipIf(!hasPostgres || !hasRedis)('pnpm start:cluster (skipped: needs DATABASE_URL and REDIS_URL)', () => {
  let cluster: ChildProcess
  let db: Awaited<ReturnType<typeof testDatabase>>
  let base = ''
  let pids: number[] = []
  let output = ''
  const redisPrefix = `atende-test-cluster-${Date.now().toString(36)}`

  beforeAll(async () => {
    db = await testDatabase()
    await db.knex.destroy()
    cluster = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'cluster.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_PREFIX: redisPrefix,
        JWT_SECRET: 'cluster-access-secret',
        JWT_REFRESH_SECRET: 'cluster-refresh-secret',
        SUPERUSER_CNPJ: SUPER.cnpj,
        SUPERUSER_EMAIL: SUPER.email,
        SUPERUSER_PASSWORD: SUPER.password,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'atende-cluster-')),
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_BUILD: 'never',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    cluster.stdout!.on('data', (d) => (output += d))
    cluster.stderr!.on('data', (d) => (output += d))
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const m = /\[cluster\] ready at (http:\/\/\S+): .* pids ([\d ]+)/.exec(output)
        if (!m) return
        base = m[1]!
        pids = m[2]!.trim().split(' ').map(Number)
        resolve()
      }
      cluster.stdout!.on('data', check)
      cluster.once('exit', (code) => reject(new Error(`the cluster exited (${code}):\n${output}`)))
    })
  }, 180_000)

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r))
      cluster.kill('SIGTERM')
      await exited
    }
    await db?.drop()
    await dropRedisKeys(redisPrefix)
  }, 60_000)

  const get = (path: string) => fetch(`${base}${path}`)
  const upstream = (res: Response) => res.headers.get('x-atende-upstream')

  it('serves through the balancer from both API processes; the worker runs apart', async () => {
    expect(pids).toHaveLength(3)
    const seen = new Set<string | null>()
    for (let i = 0; i < 4; i++) {
      const res = await get('/api/health')
      expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok', redis: 'ok' })
      seen.add(upstream(res))
    }
    expect([...seen].sort()).toEqual(['1', '2'])
  })

  it('delivers to a socket on one API process the events caused on the other', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
    })
    expect(login.status).toBe(200)
    const { token, user } = (await login.json()) as { token: string; user: { companyId: number } }
    const socket = await connectSocket(base.replace('http', 'ws'), token)
    try {
      await socket.sync()
      const served = new Set<string | null>()
      for (const value of ['enabled', 'disabled']) {
        const res = await fetch(`${base}/api/settings/userRating`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ value }),
        })
        expect(res.status).toBe(200)
        served.add(upstream(res))
      }
      // One change on each process: whichever holds the socket, one frame crossed over Redis.
      expect([...served].sort()).toEqual(['1', '2'])
      const event = `company-${user.companyId}-settings`
      await until(() => socket.find(event).length === 2, 10_000)
      expect(socket.find(event).map((f) => f.data.setting?.value ?? f.data.value)).toEqual(['enabled', 'disabled'])
    } finally {
      socket.ws.close()
    }
  })

  it('loses no request when an API process is killed, and restarts it', async () => {
    process.kill(pids[0]!, 'SIGKILL')
    // Once the supervisor has seen it die, its port is closed: every request now meets a dead API 1.
    await until(() => output.includes('api 1 exited'), 30_000)
    for (let i = 0; i < 10; i++) expect((await get('/api/health')).status).toBe(200)
    await until(async () => /api 1 started \(pid/.test(output.split('api 1 exited')[1] ?? ''), 60_000)
    await until(async () => upstream(await get('/api/health')) === '1', 60_000)
  }, 120_000)
})
