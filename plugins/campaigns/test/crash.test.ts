import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { rmSync } from 'node:fs'
import {
  appProcessEnv,
  appProcesses,
  bootAppProcess,
  testDatabase,
  hasPostgres,
  until,
  SUPER,
} from '@atende/kernel/testing'

const RECIPIENTS = 300

/**
 * A campaign survives kill -9: the app runs as a child process on a shared Postgres (and Redis when
 * REDIS_URL is set), sending a 300-number campaign at 20 messages a second; the process is SIGKILLed twice
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

    it('sends every number exactly once across two crashes', async () => {
      let live = await bootAppProcess(env)
      const login = await fetch(`${live.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
      })
      expect(login.status).toBe(200)
      const headers = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' }
      const post = async (path: string, body: object) => {
        const res = await fetch(`${live.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
        expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
        return res.json()
      }
      const w = await post('/api/whatsapp', { name: 'Crash campaign', provider: 'simulator' })
      await post(`/api/simulator/${w.id}/scan`, {})
      await post('/api/campaign-settings', {
        settings: {
          messageInterval: 0,
          longerIntervalAfter: 0,
          windowStart: '00:00',
          windowEnd: '24:00',
          dailyLimit: 10_000,
        },
      })
      const { companyId } = await db.knex('whatsapps').where({ id: w.id }).first('companyId')
      const [list] = await db.knex('contact_lists').insert({ companyId, name: 'Todos' }).returning('*')
      const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `55479${String(70_000_001 + i)}`)
      await db
        .knex('contact_list_items')
        .insert(numbers.map((number, i) => ({ companyId, contactListId: list.id, name: `Cliente ${i}`, number })))
      const campaign = await post('/api/campaigns', {
        name: 'Resiste',
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
      const crash = async () => {
        // Mid-run: 20 messages a second (a 1 s pause every 20) leaves most of the list pending.
        expect(await queued()).toBeLessThan(RECIPIENTS)
        const dying = live.child
        const exited = new Promise((r) => dying.once('exit', r))
        dying.kill('SIGKILL')
        await exited
        const killedAt = Date.now()
        live = await bootAppProcess(env)
        await until(async () => {
          const row = await db.knex('whatsapps').where({ id: w.id }).first('status', 'updatedAt')
          return row.status === 'CONNECTED' && new Date(row.updatedAt).getTime() > killedAt
        }, 60_000)
      }
      await until(async () => (await queued()) >= 50, 60_000)
      await crash()
      await until(async () => (await queued()) >= 150, 60_000)
      await crash()
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
      const recipients = await db.knex('campaign_recipients').where({ campaignId: campaign.id })
      expect(recipients).toHaveLength(RECIPIENTS)
      expect(recipients.every((r) => ['sent', 'delivered', 'read'].includes(r.status))).toBe(true)
    }, 300_000)
  },
)
