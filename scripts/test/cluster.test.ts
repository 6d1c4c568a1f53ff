import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  SUPER,
  connectSocket,
  dropRedisKeys,
  hasPostgres,
  hasRedis,
  readRedis,
  sleep,
  testDatabase,
  until,
  chaosScale,
} from '@atende/kernel/testing'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * `pnpm start:cluster` as users run it (issue 22, "Production topology as a test"): 2 API processes
 * and 1 worker, built, on one Postgres database and one Redis, behind the balancer, all on
 * loopback. Through the balancer: both API processes answer; a socket on one hears events caused
 * on the other; schedules, campaigns and flow waits run on the worker alone; kill -9 of the worker
 * and of the process running the WhatsApp session (which then moves) loses and repeats nothing; a
 * killed API process costs no request (the balancer moves on), its sockets reconnect through the
 * balancer, and it comes back.
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
        SIMULATOR_ENABLED: 'true',
        SIMULATOR_ACK_MS: '0',
        CONNECTION_LEASE_MS: '2000',
        SCHEDULE_TICK_MS: '200',
        CAMPAIGN_TICK_MS: '200',
        // 10 messages a second: the sends of the chaos case last long enough to kill mid-way.
        SEND_RATE_PER_SECOND: '10',
        SEND_BURST: '5',
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

  /** The supervisor's members by name ('api 1', 'worker 1'…), each with its latest pid. */
  const members = () => {
    const latest = new Map<string, number>()
    for (const m of output.matchAll(/\[cluster\] (\w+ \d+) started \(pid (\d+)\)/g)) latest.set(m[1]!, Number(m[2]))
    return latest
  }
  const memberOf = (pid: number) => [...members()].find(([, p]) => p === pid)?.[0]
  /** kill -9 of a member; resolves once the supervisor has seen it die. */
  const killMember = async (name: string) => {
    const before = output.split(`${name} exited`).length
    process.kill(members().get(name)!, 'SIGKILL')
    await until(() => output.split(`${name} exited`).length > before, 30_000)
    return Date.now()
  }
  const signIn = async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as { token: string; user: { id: number; companyId: number } }
  }

  it(
    'runs schedules, campaigns and flow waits on the worker alone; kill -9 of the worker and of the session owner loses and repeats nothing',
    async () => {
      const N = 20 * chaosScale()
      const { token, user } = await signIn()
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const post = async (path: string, body: object) => {
        const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
        expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
        return res.json()
      }
      const w = await post('/api/whatsapp', { name: 'Cluster phone', provider: 'simulator' })
      await post(`/api/simulator/${w.id}/scan`, {})
      const companyId = user.companyId
      await post('/api/campaign-settings', {
        settings: {
          messageInterval: 0,
          longerIntervalAfter: 60,
          greaterInterval: 1,
          windowStart: '00:00',
          windowEnd: '24:00',
          dailyLimit: 10_000,
        },
      })
      const node = (id: string, type: string, data: object = {}) => ({ id, type, position: { x: 0, y: 0 }, data })
      const edge = (source: string, target: string) => ({
        id: `${source}-${target}`,
        source,
        target,
        sourceHandle: null,
      })
      const flow = await post('/api/flowbuilder', { name: 'Espera' })
      await post('/api/flowbuilder/flow', {
        idFlow: flow.id,
        nodes: [
          node('1', 'start'),
          node('a', 'message', { label: 'Aguarde' }),
          node('w', 'interval', { sec: 1 }),
          node('b', 'message', { label: 'Pronto' }),
        ],
        connections: [edge('1', 'a'), edge('a', 'w'), edge('w', 'b')],
      })
      await post('/api/flowcampaign', { name: 'go', flowId: flow.id, whatsappId: w.id, phrase: 'go' })

      const q = () => db.knex
      const count = async (query: ReturnType<ReturnType<typeof q>>) =>
        Number((await query.count({ n: '*' }).first())?.n ?? 0)
      const owner = async () => {
        const lease = await readRedis(`${redisPrefix}:connections:lease:${w.id}`)
        return lease ? Number(lease.split('/')[1]) : null
      }
      /** The session runs again, in a process other than `dead`, on a row changed after `since`. */
      const moved = async (dead: number, since: number) => {
        await until(async () => {
          const pid = await owner()
          const row = await q()('whatsapps').where({ id: w.id }).first('status', 'updatedAt')
          return !!pid && pid !== dead && row.status === 'CONNECTED' && new Date(row.updatedAt).getTime() > since
        }, 60_000)
        return (await owner())!
      }

      // The session runs in exactly one process (the lease names it) and moves when that process
      // dies. Until it lives on an API process, the worker is the one killed.
      await until(async () => !!(await owner()), 30_000)
      let pid = (await owner())!
      const moves: string[] = []
      for (let i = 0; i < 4; i++) {
        const name = memberOf(pid)!
        expect(name, `the session owner ${pid} is one of the cluster's processes`).toBeTruthy()
        if (i > 0 && name.startsWith('api')) break
        const killedAt = await killMember(name)
        pid = await moved(pid, killedAt)
        moves.push(`${name} → ${memberOf(pid) ?? `restarted ${name}`}`)
      }
      expect(memberOf(pid)).toMatch(/^api/)

      // The worker stops (SIGSTOP): API processes keep serving, and nothing due runs anywhere.
      const worker = members().get('worker 1')!
      process.kill(worker, 'SIGSTOP')
      const stoppedAt = Date.now()
      const contacts: { id: number }[] = await q()('contacts')
        .insert(
          Array.from({ length: N }, (_, i) => ({ companyId, name: `Lembrado ${i}`, number: `554798${7_000_001 + i}` })),
        )
        .returning('id')
      const due = new Date()
      await q()('schedules').insert(
        contacts.map((c, i) => ({
          companyId,
          contactId: c.id,
          userId: user.id,
          body: `Lembrete ${i}`,
          description: 'Cluster',
          scheduleDate: due,
          sendAt: due,
        })),
      )
      const [list] = await q()('contact_lists').insert({ companyId, name: 'Cluster' }).returning('*')
      const campaignNumbers = Array.from({ length: N }, (_, i) => `554797${7_000_001 + i}`)
      await q()('contact_list_items').insert(
        campaignNumbers.map((number, i) => ({ companyId, contactListId: list.id, name: `Alvo ${i}`, number })),
      )
      const campaign = await post('/api/campaigns', {
        name: 'Cluster',
        message1: 'Oferta',
        scheduledAt: due.toISOString(),
        whatsappId: w.id,
        contactListId: list.id,
      })
      const flowNumbers = Array.from({ length: N }, (_, i) => `554796${7_000_001 + i}`)
      for (let i = 0; i < N; i += 10)
        await Promise.all(
          flowNumbers
            .slice(i, i + 10)
            .map((from, j) =>
              post(`/api/simulator/${w.id}/inbound`, { id: `cluster-${i + j}`, from, name: 'Cliente', body: 'go' }),
            ),
        )
      const runs = () => q()('flow_runs').where({ whatsappId: w.id })
      await until(async () => (await count(runs().clone().where({ status: 'waiting_timer' }))) === N, 30_000)
      const outbound = () =>
        q()('messages as m')
          .join('contacts as c', 'c.id', 'm.contactId')
          .where({ 'm.whatsappId': w.id, 'm.fromMe': true })
      await until(
        async () => (await count(outbound().clone().where({ 'm.body': 'Aguarde', 'm.sendStatus': 'sent' }))) === N,
        30_000,
      )
      // Ticks run every 200 ms and the waits are 1 s: had any API process run jobs, 2 s is plenty.
      await sleep(Math.max(0, 2000 - (Date.now() - stoppedAt)))
      expect(await count(q()('schedules').where({ companyId, status: 'ENVIADA' }))).toBe(0)
      expect((await q()('campaigns').where({ id: campaign.id }).first('status')).status).not.toBe('FINALIZADA')
      expect(await count(outbound().clone().whereNot('m.body', 'Aguarde'))).toBe(0)

      // kill -9 of the stopped worker, with everything due; its replacement runs it all. Mid-way
      // through the sends, kill -9 of the session's owner: the session moves, the sends go on.
      await killMember('worker 1')
      // Beyond the N greetings: N flow endings, N schedules and N campaign messages.
      const total = 3 * N
      await until(async () => (await count(outbound().clone().whereNot('m.body', 'Aguarde'))) >= 10, 60_000)
      const sentBeforeKill = await count(outbound().clone().where('m.sendStatus', 'sent'))
      const ownerName = memberOf(pid)!
      const ownerKilledAt = await killMember(ownerName)
      pid = await moved(pid, ownerKilledAt)
      moves.push(`${ownerName} → ${memberOf(pid) ?? `restarted ${ownerName}`}`)

      const sent = () => count(outbound().clone().where('m.sendStatus', 'sent'))
      await until(async () => (await sent()) === total + N, 120_000).catch(async (err) => {
        const rows = await outbound()
          .clone()
          .whereNot('m.sendStatus', 'sent')
          .select('m.body', 'm.sendStatus', 'm.sendError')
        throw new Error(`${err.message}: ${await sent()} of ${total + N} sent; unsent ${JSON.stringify(rows)}`)
      })
      await until(
        async () => (await q()('campaigns').where({ id: campaign.id }).first('status')).status === 'FINALIZADA',
        60_000,
      )
      const rows: { number: string; body: string }[] = await outbound().clone().select('c.number', 'm.body')
      const byNumber = new Map<string, string[]>()
      for (const r of rows) byNumber.set(r.number, [...(byNumber.get(r.number) ?? []), r.body])
      const flowsOk = flowNumbers.filter((n) => JSON.stringify(byNumber.get(n)) === '["Aguarde","Pronto"]').length
      const campaignOk = campaignNumbers.filter((n) => JSON.stringify(byNumber.get(n)) === '["Oferta"]').length
      const scheduleRows = await outbound().clone().where('m.body', 'like', 'Lembrete %').select('c.id')
      const inbound = await count(q()('messages').where({ whatsappId: w.id, fromMe: false }))
      const duplicatedTickets = (
        await q()('tickets')
          .where({ whatsappId: w.id })
          .groupBy('contactId')
          .havingRaw('count(*) > 1')
          .select('contactId')
      ).length
      const figures = {
        moves,
        sentBeforeOwnerKill: sentBeforeKill,
        expected: total + N,
        outbound: rows.length,
        flowsExact: flowsOk,
        campaignExact: campaignOk,
        schedulesSent: scheduleRows.length,
        schedulesDistinct: new Set(scheduleRows.map((r) => r.id)).size,
        inbound,
        duplicatedTickets,
      }
      console.log(`cluster chaos: ${JSON.stringify(figures)}`)
      expect(figures).toMatchObject({
        outbound: total + N,
        flowsExact: N,
        campaignExact: N,
        schedulesSent: N,
        schedulesDistinct: N,
        inbound: N,
        duplicatedTickets: 0,
      })
      expect(await count(q()('schedules').where({ companyId, status: 'ENVIADA' }))).toBe(N)
    },
    240_000 * chaosScale(),
  )

  it('loses no request when an API process is killed; its sockets reconnect through the balancer; it restarts', async () => {
    // Both API processes serve again (the case before killed and restarted some).
    await until(async () => {
      const served = await Promise.all([0, 1, 2, 3].map(async () => upstream(await get('/api/health'))))
      return new Set(served).size === 2
    }, 60_000)
    const { token, user } = await signIn()
    // Round-robin: of four sockets, two land on each API process.
    const sockets = await Promise.all([0, 1, 2, 3].map(() => connectSocket(base.replace('http', 'ws'), token)))
    try {
      await Promise.all(sockets.map((s) => s.sync()))
      const starts = output.split('api 1 started').length
      await killMember('api 1')
      // Once the supervisor has seen it die, its port is closed: every request now meets a dead API 1.
      for (let i = 0; i < 10; i++) expect((await get('/api/health')).status).toBe(200)
      // Its sockets were closed with it; a client connects again through the balancer and hears on.
      await until(() => sockets.filter((s) => s.closed).length === 2, 10_000)
      for (const [i, s] of sockets.entries())
        if (s.closed) sockets[i] = await connectSocket(base.replace('http', 'ws'), token)
      await Promise.all(sockets.map((s) => s.sync()))
      const res = await fetch(`${base}/api/settings/userRating`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ value: 'enabled' }),
      })
      expect(res.status).toBe(200)
      const event = `company-${user.companyId}-settings`
      await until(() => sockets.every((s) => s.find(event).length >= 1), 10_000)
      await until(() => output.split('api 1 started').length > starts, 60_000)
      await until(async () => upstream(await get('/api/health')) === '1', 60_000)
    } finally {
      for (const s of sockets) s.ws.close()
    }
  }, 120_000)
})
