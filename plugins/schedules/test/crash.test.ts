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
  chaosScale,
} from '@atende/kernel/testing'

const DUE = 100 * chaosScale()

/**
 * Schedules survive kill -9: the app runs as a child process on a shared Postgres (and Redis when
 * REDIS_URL is set) with 100 schedules due at once and the connection sending 10 messages a second;
 * the process is SIGKILLed twice — while claiming, then mid-sending — and started again. In the end
 * each contact holds exactly one message, sent, and every schedule is ENVIADA.
 */
describe.skipIf(!hasPostgres)(
  'schedules across kill -9 (skipped: set DATABASE_URL — processes share a Postgres database)',
  () => {
    let db: Awaited<ReturnType<typeof testDatabase>>
    const env: NodeJS.ProcessEnv = {
      ...appProcessEnv('schedules-crash'),
      SCHEDULE_TICK_MS: '100',
      SEND_RATE_PER_SECOND: '10',
      SEND_BURST: '5',
    }
    beforeAll(async () => {
      db = await testDatabase()
      env.DATABASE_URL = db.url
    })
    afterAll(async () => {
      for (const c of appProcesses) c.kill('SIGKILL')
      await db?.drop()
      rmSync(env.DATA_DIR!, { recursive: true, force: true })
    })

    const killed = async (child: import('node:child_process').ChildProcess) => {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
      return Date.now()
    }

    it(
      'sends every due schedule exactly once across two crashes',
      async () => {
        let live = await bootAppProcess(env)
        const login = await fetch(`${live.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
        })
        expect(login.status).toBe(200)
        const { token, user } = await login.json()
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
        const post = async (path: string, body: object) => {
          const res = await fetch(`${live.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
          expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
          return res.json()
        }
        const w = await post('/api/whatsapp', { name: 'Crash schedules', provider: 'simulator' })
        await post(`/api/simulator/${w.id}/scan`, {})
        const { companyId } = await db.knex('whatsapps').where({ id: w.id }).first('companyId')
        const contacts: { id: number }[] = await db
          .knex('contacts')
          .insert(
            Array.from({ length: DUE }, (_, i) => ({
              companyId,
              name: `Cliente ${i}`,
              number: `554798${String(7_000_001 + i).padStart(7, '0')}`,
            })),
          )
          .returning('id')
        const now = new Date()
        await db.knex('schedules').insert(
          contacts.map((c, i) => ({
            companyId,
            contactId: c.id,
            userId: user.id,
            body: `Lembrete ${i} para {{firstName}}`,
            description: 'Crash',
            scheduleDate: now,
            sendAt: now,
          })),
        )
        const count = async (q: import('knex').Knex.QueryBuilder) => Number((await q.count({ n: '*' }).first())?.n ?? 0)
        const claimed = () => count(db.knex('schedules').where({ companyId, status: 'ENVIADA' }))
        const messages = () =>
          db
            .knex('messages as m')
            .join('contacts as c', 'c.id', 'm.contactId')
            .where({ 'm.whatsappId': w.id, 'm.fromMe': true })
        const sentCount = () => count(messages().clone().where('m.sendStatus', 'sent'))
        const reconnected = (since: number) =>
          until(async () => {
            const row = await db.knex('whatsapps').where({ id: w.id }).first('status', 'updatedAt')
            return row.status === 'CONNECTED' && new Date(row.updatedAt).getTime() > since
          }, 60_000)
        const crash = async () => {
          const killedAt = await killed(live.child)
          live = await bootAppProcess(env)
          await reconnected(killedAt)
        }

        // First kill while the sender is claiming; the second while the connection is sending.
        await until(async () => (await claimed()) >= 1, 60_000, 'no schedule claimed', 10)
        await crash()
        await until(async () => (await sentCount()) >= 30, 90_000)
        expect(await sentCount()).toBeLessThan(DUE)
        await crash()
        await until(async () => (await sentCount()) >= DUE, 120_000).catch(async (err) => {
          const odd = await db.knex('schedules').where({ companyId }).whereNot({ status: 'ENVIADA' })
          const unsent = await messages().clone().whereNot('m.sendStatus', 'sent').select('m.sendStatus', 'm.sendError')
          throw new Error(
            `${err.message}: ${await sentCount()} sent, ${await claimed()} ENVIADA; ${JSON.stringify(odd)} ${JSON.stringify(unsent)}`,
          )
        })
        const rows = await messages().select('c.id as contactId', 'm.sendStatus', 'm.body')
        expect(rows).toHaveLength(DUE)
        expect(new Set(rows.map((r) => r.contactId)).size).toBe(DUE)
        expect(rows.every((r) => r.sendStatus === 'sent' && /^Lembrete \d+ para Cliente$/.test(r.body))).toBe(true)
        expect(await claimed()).toBe(DUE)
        live.child.kill('SIGKILL')
      },
      300_000 * chaosScale(),
    )
  },
)
