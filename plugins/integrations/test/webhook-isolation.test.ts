import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import flowsPlugin from '@atende/plugin-flows'
import plugin from '../src/index.ts'

/** An endpoint of the test's: records each event and answers as `answer` says (or never). */
function endpoint(answer: (event: any, res: ServerResponse, n: number) => void) {
  const events: any[] = []
  let open = 0
  const server = createServer((req: IncomingMessage, res) => {
    let raw = ''
    req.on('data', (d) => (raw += d))
    req.on('end', () => {
      const event = JSON.parse(raw)
      events.push(event)
      open++
      res.on('close', () => open--)
      answer(event, res, events.length)
    })
  })
  return {
    events,
    open: () => open,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    },
    close: () => {
      server.closeAllConnections()
      return new Promise((r) => server.close(r))
    },
  }
}

const reply = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

/**
 * A dead endpoint of one company holds nobody else's events (issue 35): deliveries of different
 * tickets run side by side, a retry waits as a delayed job, and one ticket's events stay in order.
 */
describe('webhook deliveries are isolated', () => {
  let t: TestApp
  const hanging = endpoint(() => {}) // answers never
  const quick = endpoint((e, res) => reply(res, 200, { replies: [`recebido: ${e.message.body}`] }))
  // The first try of each message fails with a 500; the second answers.
  const seen = new Map<number, number>()
  const flaky = endpoint((e, res) => {
    const n = (seen.get(e.message.id) ?? 0) + 1
    seen.set(e.message.id, n)
    if (n === 1) reply(res, 500, {})
    else reply(res, 200, { replies: [`ok ${e.message.body}`] })
  })
  const urls: Record<string, string> = {}
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'
    // A's calls would hang this long: B's event must not wait for it.
    process.env.WEBHOOK_TIMEOUT_MS = '60000'
    process.env.WEBHOOK_RETRY_MS = '300,300'
    urls.hanging = await hanging.start()
    urls.quick = await quick.start()
    urls.flaky = await flaky.start()
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, flowsPlugin, plugin],
    })
  })
  afterAll(async () => {
    for (const k of ['OUTBOUND_ALLOWED_HOSTS', 'WEBHOOK_RETRY_MS', 'WEBHOOK_TIMEOUT_MS']) delete process.env[k]
    await Promise.all([hanging.close(), quick.close(), flaky.close()])
    await t?.close()
  })

  let seq = 0
  async function company(url: string) {
    const { headers } = await companyWithUser(t.app, { profile: 'admin' })
    const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const res = await t.app.inject({ method, url: path, headers: headers as Headers, payload })
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const integration = await call('POST', '/api/queueIntegration', { type: 'n8n', name: 'Automação', urlN8N: url })
    const w = await call('POST', '/api/whatsapp', {
      name: `Sim ${++seq}`,
      provider: 'simulator',
      integrationId: integration.id,
    })
    await call('POST', `/api/simulator/${w.id}/scan`, {})
    const say = (from: string, body: string) =>
      call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Cliente', body })
    const outbox = async (to: string) =>
      ((await call('GET', `/api/simulator/${w.id}/outbox?to=${to}`)).messages as { body: string }[]).map((m) => m.body)
    return { say, outbox }
  }

  it("a company whose endpoint hangs does not hold another company's events", async () => {
    const a = await company(urls.hanging)
    const b = await company(urls.quick)
    // Five of A's customers: five calls in flight at once, none answered.
    for (let i = 0; i < 5; i++) await a.say(`55479700001${i}`, `a${i}`)
    await until(() => hanging.open() === 5)
    // B's customer is answered while all of A's calls still hang.
    await b.say('5547971000011', 'oi')
    await until(async () => (await b.outbox('5547971000011')).includes('recebido: oi'))
    expect(hanging.open()).toBe(5)
    expect(quick.events).toHaveLength(1)
  })

  it("a failed call is tried again later, and the ticket's next message waits for it", async () => {
    const c = await company(urls.flaky)
    // (The simulator says a number ending in 0000 is not on WhatsApp.)
    const from = '5547972000012'
    await c.say(from, 'primeira')
    await c.say(from, 'segunda')
    await until(async () => (await c.outbox(from)).length === 2)
    expect(await c.outbox(from)).toEqual(['ok primeira', 'ok segunda'])
    // Each message twice (a 500, then the answer), the second only after the first was answered.
    expect(flaky.events.map((e) => e.message.body)).toEqual(['primeira', 'primeira', 'segunda', 'segunda'])
    // The same eventId every time: a receiver drops repeats by it.
    expect(new Set(flaky.events.slice(0, 2).map((e) => e.eventId)).size).toBe(1)
  })
})
