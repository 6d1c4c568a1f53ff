import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import {
  appProcessEnv,
  appProcesses,
  bootAppProcess,
  testDatabase,
  hasPostgres,
  SUPER,
  chaosScale,
} from '@atende/kernel/testing'

const BURST = 400 * chaosScale()
const NUMBERS = ['5547991230001', '5547991230002', '5547991230003', '5547991230004']
const IN_FLIGHT = 16
const KILL_AFTER = 120

/**
 * Crash safety of the inbound path with real processes: the app runs as a child process on a real
 * port against a shared Postgres (and Redis when REDIS_URL is set), is SIGKILLed in the middle of a
 * burst, and a new process takes over. Like a phone, the test re-delivers every message that did
 * not get its 200 (the acknowledgement): the database must end with each message exactly once.
 */
describe.skipIf(!hasPostgres)(
  'a process killed mid-burst (skipped: set DATABASE_URL — processes share a Postgres database)',
  () => {
    let db: Awaited<ReturnType<typeof testDatabase>>
    const env = appProcessEnv('crash')

    beforeAll(async () => {
      db = await testDatabase()
      env.DATABASE_URL = db.url
    })
    afterAll(async () => {
      for (const c of appProcesses) c.kill('SIGKILL')
      await db?.drop()
      rmSync(env.DATA_DIR!, { recursive: true, force: true })
    })

    const boot = () => bootAppProcess(env)

    let live: { child: ChildProcess; base: string }
    let headers: Record<string, string>
    const post = (path: string, body: object) =>
      fetch(`${live.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

    /**
     * A paired simulator connection takes a burst of BURST messages from four numbers; once `stopAfter`
     * were acknowledged the process gets `signal`; a new process resumes the session and everything
     * unacknowledged is delivered again until acknowledged. Then the database must hold each message once.
     */
    async function burstAcrossARestart(signal: 'SIGKILL' | 'SIGTERM', tag: string) {
      live ??= await boot()
      if (!headers) {
        const login = await fetch(`${live.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cnpj: SUPER.cnpj, email: SUPER.email, password: SUPER.password }),
        })
        expect(login.status).toBe(200)
        headers = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' }
      }
      const created = await post('/api/whatsapp', { name: `Phone ${tag}`, provider: 'simulator' })
      expect(created.status).toBe(200)
      const { id: whatsappId, companyId } = await created.json()
      expect((await post(`/api/simulator/${whatsappId}/scan`, {})).status).toBe(200)

      const numbers = NUMBERS.map((n) => `${n.slice(0, -2)}${tag}${n.slice(-1)}`)
      const messages = Array.from({ length: BURST }, (_, i) => ({
        id: `${tag}-${i}`,
        from: numbers[i % numbers.length],
        name: `Cliente ${i % numbers.length}`,
        body: `mensagem ${i}`,
      }))
      const acknowledged = new Set<string>()
      const deliver = async (m: (typeof messages)[number]) => {
        try {
          const res = await post(`/api/simulator/${whatsappId}/inbound`, m)
          if (res.status === 200) acknowledged.add(m.id)
          else await res.arrayBuffer()
        } catch {
          /* the connection died with the process: not acknowledged */
        }
      }

      // The burst, IN_FLIGHT requests at a time; the process gets the signal once KILL_AFTER were acknowledged.
      const dying = live.child
      const exited = new Promise<number | null>((r) => dying.once('exit', (code) => r(code)))
      let next = 0
      let stoppedAt = 0
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < messages.length) {
            await deliver(messages[next++])
            if (!stoppedAt && acknowledged.size >= KILL_AFTER) {
              stoppedAt = Date.now()
              dying.kill(signal)
            }
          }
        }),
      )
      expect(stoppedAt).toBeGreaterThan(0)
      const code = await exited
      if (signal === 'SIGTERM') expect(code).toBe(0) // a clean shutdown
      // The signal really cut the burst: some messages went unacknowledged.
      expect(acknowledged.size).toBeLessThan(BURST)
      // An acknowledgement means committed: everything acknowledged survived.
      const survived = new Set(await db.knex('messages').where({ whatsappId }).pluck('providerId'))
      expect([...acknowledged].filter((id) => !survived.has(id))).toEqual([])

      // A new process resumes the session (its lease released or lapsed; without Redis there is none).
      live = await boot()
      const deadline = Date.now() + 60_000
      for (;;) {
        const row = await db.knex('whatsapps').where({ id: whatsappId }).first('status', 'updatedAt')
        if (row.status === 'CONNECTED' && new Date(row.updatedAt).getTime() > stoppedAt) break
        if (Date.now() > deadline) throw new Error(`the session was not resumed: ${JSON.stringify(row)}`)
        await new Promise((r) => setTimeout(r, 100))
      }

      // Re-delivery of everything that was not acknowledged, until it is.
      for (let round = 0; round < 20 && acknowledged.size < BURST; round++) {
        const missing = messages.filter((m) => !acknowledged.has(m.id))
        for (let i = 0; i < missing.length; i += IN_FLIGHT)
          await Promise.all(missing.slice(i, i + IN_FLIGHT).map(deliver))
        if (acknowledged.size < BURST) await new Promise((r) => setTimeout(r, 250))
      }
      expect(acknowledged.size).toBe(BURST)

      const stored: { providerId: string; body: string; ticketId: number }[] = await db
        .knex('messages')
        .where({ whatsappId })
        .select('providerId', 'body', 'ticketId')
      expect(stored).toHaveLength(BURST)
      expect(new Set(stored.map((m) => m.providerId))).toEqual(new Set(messages.map((m) => m.id)))
      const contacts: { id: number; number: string }[] = await db
        .knex('contacts')
        .where({ companyId })
        .whereIn('number', numbers)
        .select('id', 'number')
      expect(contacts.map((c) => c.number).sort()).toEqual([...numbers].sort())
      const active = await db
        .knex('tickets')
        .where({ whatsappId })
        .whereIn('status', ['open', 'pending'])
        .select('id', 'contactId')
      expect(active.map((t: { contactId: number }) => t.contactId).sort()).toEqual(contacts.map((c) => c.id).sort())
      // Each message sits on its sender's one ticket.
      const contactOf = new Map(contacts.map((c) => [c.number, c.id]))
      const ticketOf = new Map(active.map((t: { id: number; contactId: number }) => [t.contactId, t.id]))
      for (const m of stored) {
        const sent = messages.find((x) => x.id === m.providerId)!
        expect(m.body).toBe(sent.body)
        expect(m.ticketId).toBe(ticketOf.get(contactOf.get(sent.from)!))
      }
      // Every stored customer message went through the routing chain: what the stopped process had
      // committed but not routed was routed by the new one when the session resumed (the outbox).
      const unrouted = async () =>
        Number((await db.knex('routing_pending').where({ whatsappId }).count({ n: '*' }).first())!.n)
      const routedBy = Date.now() + 60_000
      while ((await unrouted()) > 0) {
        if (Date.now() > routedBy) throw new Error(`${await unrouted()} messages were never routed`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }

    it(
      'kill the process mid-burst and restart → nothing lost, nothing doubled (the provider re-delivers what was not acknowledged)',
      async () => {
        await burstAcrossARestart('SIGKILL', '1')
      },
      180_000 * chaosScale(),
    )

    it(
      'a graceful shutdown mid-burst (SIGTERM) answers what it took in, hands the session over, and loses nothing',
      async () => {
        await burstAcrossARestart('SIGTERM', '2')
      },
      180_000 * chaosScale(),
    )
  },
)
