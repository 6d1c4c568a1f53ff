import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { rmSync } from 'node:fs'
import {
  appProcessEnv,
  appProcesses,
  bootAppProcess,
  testDatabase,
  hasPostgres,
  hasRedis,
  until,
  SUPER,
  chaosScale,
} from '@atende/kernel/testing'

const RECIPIENTS = 200 * chaosScale()

/**
 * A campaign survives kill -9: the app runs as a child process on a shared Postgres (and Redis when
 * REDIS_URL is set), sending a 200-number campaign (CHAOS_SCALE times more in `pnpm test:chaos`) at 20 messages a second; the process is SIGKILLed twice
 * mid-run and started again. In the end each number holds exactly one campaign message, sent, and
 * the campaign is FINALIZADA.
 */
describe.skipIf(!hasPostgres)(
  'campaigns across kill -9 (skipped: set DATABASE_URL — processes share a Postgres database)',
  () => {
    let db: Awaited<ReturnType<typeof testDatabase>>
    const env: NodeJS.ProcessEnv = { ...appProcessEnv('campaigns-crash'), CAMPAIGN_TICK_MS: '100' }
    beforeAll(async () => {
      db = await testDatabase()
      env.DATABASE_URL = db.url
    })
    afterAll(async () => {
      for (const c of appProcesses) c.kill('SIGKILL')
      await db?.drop()
      rmSync(env.DATA_DIR!, { recursive: true, force: true })
    })

    /** A company's simulator connection, settings for speed, and a campaign of RECIPIENTS numbers due now. */
    async function launch(base: () => string) {
      const login = await fetch(`${base()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
      })
      expect(login.status).toBe(200)
      const headers = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' }
      const post = async (path: string, body: object) => {
        const res = await fetch(`${base()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
        expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
        return res.json()
      }
      const w = await post('/api/whatsapp', { name: `Crash campaign ${++runs}`, provider: 'simulator' })
      await post(`/api/simulator/${w.id}/scan`, {})
      await post('/api/campaign-settings', {
        settings: {
          // 20 messages a second at most (a 1 s pause every 20): a run lasts 10 s, long enough to kill mid-way.
          messageInterval: 0,
          longerIntervalAfter: 20,
          greaterInterval: 1,
          windowStart: '00:00',
          windowEnd: '24:00',
          dailyLimit: 10_000,
        },
      })
      const { companyId } = await db.knex('whatsapps').where({ id: w.id }).first('companyId')
      const [list] = await db
        .knex('contact_lists')
        .insert({ companyId, name: `Todos ${runs}` })
        .returning('*')
      const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `55479${String(runs * 1_000_000 + 70_000_001 + i)}`)
      await db
        .knex('contact_list_items')
        .insert(numbers.map((number, i) => ({ companyId, contactListId: list.id, name: `Cliente ${i}`, number })))
      const campaign = await post('/api/campaigns', {
        name: `Resiste ${runs}`,
        message1: 'Oferta para {nome}',
        scheduledAt: new Date().toISOString(),
        whatsappId: w.id,
        contactListId: list.id,
      })
      const queued = async () =>
        Number(
          (
            await db
              .knex('campaign_recipients')
              .where({ campaignId: campaign.id })
              .whereNot({ status: 'pending' })
              .count({ n: '*' })
              .first()
          )?.n ?? 0,
        )
      /** Once FINALIZADA: each number holds exactly one campaign message, sent. */
      const exactlyOnce = async () => {
        await until(
          async () => (await db.knex('campaigns').where({ id: campaign.id }).first('status')).status === 'FINALIZADA',
          120_000,
        )
        const sent = async () =>
          db
            .knex('messages as m')
            .join('contacts as c', 'c.id', 'm.contactId')
            .where({ 'm.whatsappId': w.id, 'm.fromMe': true })
            .select('c.number', 'm.sendStatus')
        await until(
          async () => (await sent()).filter((r) => r.sendStatus === 'sent').length === RECIPIENTS,
          120_000,
        ).catch(async (err) => {
          const rows = await sent()
          throw new Error(
            `${err.message}: ${rows.length} messages, ${rows.filter((r) => r.sendStatus === 'sent').length} sent`,
          )
        })
        const rows = await sent()
        expect(rows).toHaveLength(RECIPIENTS)
        expect(new Set(rows.map((r) => r.number)).size).toBe(RECIPIENTS)
        // A recipient is marked after its message is handed over: wait for the last marks to land.
        const marked = (rows: Array<{ status: string }>) =>
          rows.every((r) => ['sent', 'delivered', 'read'].includes(r.status))
        await until(
          async () => marked(await db.knex('campaign_recipients').where({ campaignId: campaign.id })),
          120_000,
        ).catch(() => {})
        const recipients = await db.knex('campaign_recipients').where({ campaignId: campaign.id })
        expect(recipients).toHaveLength(RECIPIENTS)
        expect(recipients.every((r) => ['sent', 'delivered', 'read'].includes(r.status))).toBe(true)
      }
      /** The connection is up again, on a process started after `since`. */
      const reconnected = (since: number) =>
        until(async () => {
          const row = await db.knex('whatsapps').where({ id: w.id }).first('status', 'updatedAt')
          return row.status === 'CONNECTED' && new Date(row.updatedAt).getTime() > since
        }, 60_000)
      return { queued, exactlyOnce, reconnected }
    }
    let runs = 0
    const killed = async (child: import('node:child_process').ChildProcess) => {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
      return Date.now()
    }

    it(
      'sends every number exactly once across two crashes',
      async () => {
        let live = await bootAppProcess(env)
        const run = await launch(() => live.base)
        const crash = async () => {
          expect(await run.queued()).toBeLessThan(RECIPIENTS)
          const killedAt = await killed(live.child)
          live = await bootAppProcess(env)
          await run.reconnected(killedAt)
        }
        await until(async () => (await run.queued()) >= 50, 60_000)
        await crash()
        await until(async () => (await run.queued()) >= 120, 60_000)
        await crash()
        await run.exactlyOnce()
      },
      300_000 * chaosScale(),
    )

    // Two processes share the work (jobs on both; leases and the bus on Redis), then the one that
    // started the campaign dies: the other finishes it, nobody twice.
    it.skipIf(!hasRedis)(
      'two processes at once send every number once, and one carries on alone',
      async () => {
        const first = await bootAppProcess(env)
        const run = await launch(() => first.base)
        const second = await bootAppProcess(env)
        await until(async () => (await run.queued()) >= 100, 60_000)
        expect(await run.queued()).toBeLessThan(RECIPIENTS)
        const killedAt = await killed(first.child)
        await run.reconnected(killedAt)
        await run.exactlyOnce()
        second.child.kill('SIGKILL')
      },
      300_000 * chaosScale(),
    )
  },
)
