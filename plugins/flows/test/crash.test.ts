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
import { edge, node } from './support.ts'

const CONVERSATIONS = 100 * chaosScale()
const IN_FLIGHT = 10
// The longest wait a flow allows (120 s): none ends before the crash, however loaded the machine;
// the time is made to pass while the process is down (wakeAt moved back), so the new process finds
// every wait overdue.
const WAIT_SECONDS = 120

/**
 * Flows survive a crash: the app runs as a child process on a shared Postgres (and Redis when
 * REDIS_URL is set), 100 conversations are left waiting — half in an interval, half in a menu — and
 * the process is SIGKILLed. A new process must carry every conversation on: the waits end (their
 * jobs, or the sweep when the jobs died with the process), the menus take their answers, and each
 * conversation holds each bot message exactly once, all sent.
 */
describe.skipIf(!hasPostgres)(
  'flows across a kill -9 (skipped: set DATABASE_URL — processes share a Postgres database)',
  () => {
    let db: Awaited<ReturnType<typeof testDatabase>>
    const env = appProcessEnv('flows-crash')
    beforeAll(async () => {
      db = await testDatabase()
      env.DATABASE_URL = db.url
    })
    afterAll(async () => {
      for (const c of appProcesses) c.kill('SIGKILL')
      await db?.drop()
      rmSync(env.DATA_DIR!, { recursive: true, force: true })
    })

    it(
      'every conversation continues after the restart, each bot message stored and sent exactly once',
      async () => {
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
        const w = await post('/api/whatsapp', { name: 'Crash phone', provider: 'simulator' })
        await post(`/api/simulator/${w.id}/scan`, {})
        const flow = await post('/api/flowbuilder', { name: 'Resiste' })
        await post('/api/flowbuilder/flow', {
          idFlow: flow.id,
          nodes: [
            node('1', 'start'),
            node('menu', 'menu', {
              message: 'Menu',
              arrayOption: [
                { number: 1, value: 'Esperar' },
                { number: 2, value: 'Perguntar' },
              ],
            }),
            node('a', 'message', { label: 'Aguarde' }),
            node('w', 'interval', { sec: WAIT_SECONDS }),
            node('b', 'message', { label: 'Pronto' }),
            node('q', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }),
            node('bye', 'message', { label: 'Tchau {{nome}}' }),
          ],
          connections: [
            edge('1', 'menu'),
            edge('menu', 'a', 'a1'),
            edge('a', 'w'),
            edge('w', 'b'),
            edge('menu', 'q', 'a2'),
            edge('q', 'bye'),
          ],
        })
        await post('/api/flowcampaign', { name: 'go', flowId: flow.id, whatsappId: w.id, phrase: 'go' })

        const numbers = Array.from({ length: CONVERSATIONS }, (_, i) => `55479${String(60_000_001 + i)}`) // the simulator refuses numbers ending in 0000
        let seq = 0
        const say = (from: string, body: string) =>
          post(`/api/simulator/${w.id}/inbound`, {
            id: `crash-${++seq}`,
            from,
            name: `Cliente ${from.slice(-3)}`,
            body,
          })
        const inParallel = async (items: string[], fn: (from: string) => Promise<unknown>) => {
          for (let i = 0; i < items.length; i += IN_FLIGHT) await Promise.all(items.slice(i, i + IN_FLIGHT).map(fn))
        }
        const waiters = numbers.filter((_, i) => i % 2 === 0)
        const askers = numbers.filter((_, i) => i % 2 === 1)
        await inParallel(numbers, (n) => say(n, 'go'))
        await inParallel(waiters, (n) => say(n, '1'))
        const counts = async () =>
          Object.fromEntries(
            (
              await db
                .knex('flow_runs')
                .where({ whatsappId: w.id })
                .groupBy('status')
                .select('status')
                .count({ n: '*' })
            ).map((r) => [(r as { status: string }).status, Number(r.n)]),
          )
        expect(await counts()).toEqual({ waiting_timer: waiters.length, waiting_input: askers.length })

        // The crash, while every conversation waits.
        const dying = live.child
        const exited = new Promise((r) => dying.once('exit', r))
        dying.kill('SIGKILL')
        await exited
        const killedAt = Date.now()
        await db
          .knex('flow_runs')
          .where({ whatsappId: w.id, status: 'waiting_timer' })
          .update({ wakeAt: new Date(killedAt - 60_000) })

        live = await bootAppProcess(env)
        await until(async () => {
          const row = await db.knex('whatsapps').where({ id: w.id }).first('status', 'updatedAt')
          return row.status === 'CONNECTED' && new Date(row.updatedAt).getTime() > killedAt
        }, 60_000)
        // The waits end in the new process (its start sweep finds them overdue); the menus take their answers there.
        await inParallel(askers, (n) => say(n, '2'))
        await inParallel(askers, (n) => say(n, 'Ana'))
        await until(async () => (await counts()).done === CONVERSATIONS, 60_000).catch(async (err) => {
          throw new Error(`${err.message}: runs ${JSON.stringify(await counts())}`)
        })

        const expected = (i: number) =>
          i % 2 === 0
            ? ['Menu\n\n[1] Esperar\n[2] Perguntar', 'Aguarde', 'Pronto']
            : ['Menu\n\n[1] Esperar\n[2] Perguntar', 'Seu nome?', 'Tchau Ana']
        const sendStatuses = async () =>
          Object.fromEntries(
            (
              await db
                .knex('messages')
                .where({ whatsappId: w.id, fromMe: true })
                .groupBy('sendStatus')
                .select('sendStatus')
                .count({ n: '*' })
            ).map((r) => [(r as { sendStatus: string }).sendStatus, Number(r.n)]),
          )
        await until(async () => (await sendStatuses()).sent === CONVERSATIONS * 3, 60_000).catch(async (err) => {
          const failed = await db
            .knex('messages')
            .where({ whatsappId: w.id, sendStatus: 'failed' })
            .select('body', 'sendError', 'createdAt', 'updatedAt')
          throw new Error(
            `${err.message}: bot messages ${JSON.stringify(await sendStatuses())} ${JSON.stringify(failed)} killed ${new Date(killedAt).toISOString()}`,
          )
        })
        const rows: { number: string; body: string; sendStatus: string }[] = await db
          .knex('messages as m')
          .join('contacts as c', 'c.id', 'm.contactId')
          .where({ 'm.whatsappId': w.id, 'm.fromMe': true })
          .orderBy('m.id')
          .select('c.number', 'm.body', 'm.sendStatus')
        numbers.forEach((n, i) => {
          expect(
            rows.filter((r) => r.number === n).map((r) => r.body),
            n,
          ).toEqual(expected(i))
        })
        expect(rows.every((r) => r.sendStatus === 'sent')).toBe(true)
      },
      240_000 * chaosScale(),
    )
  },
)
