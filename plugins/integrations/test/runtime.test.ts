import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import flowsPlugin from '@atende/plugin-flows'
import plugin from '../src/index.ts'
import { sign } from '../src/webhook.ts'

/** A local stand-in for an n8n webhook: checks each call's signature and answers as the test says. */
function endpoint() {
  const calls: { body: any; signed: boolean }[] = []
  let answer: (res: ServerResponse) => void = (res) => res.end()
  let secret = ''
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = ''
    req.on('data', (d) => (raw += d))
    req.on('end', () => {
      calls.push({ body: JSON.parse(raw), signed: req.headers['x-atende-signature'] === sign(secret, raw) })
      answer(res)
    })
  })
  return {
    calls,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/atende`
    },
    answer: (fn: (res: ServerResponse) => void) => (answer = fn),
    json: (body: unknown, status = 200) =>
      (answer = (res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))),
    setSecret: (s: string) => (secret = s),
    close: () => new Promise((r) => server.close(r)),
  }
}

describe('webhook and n8n integrations through the simulator', () => {
  let t: TestApp
  const hook = endpoint()
  let url = ''
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'
    process.env.WEBHOOK_RETRY_MS = '0,0'
    process.env.WEBHOOK_TIMEOUT_MS = '500'
    url = await hook.start()
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, flowsPlugin, plugin],
    })
  })
  afterAll(async () => {
    for (const k of ['OUTBOUND_ALLOWED_HOSTS', 'WEBHOOK_RETRY_MS', 'WEBHOOK_TIMEOUT_MS']) delete process.env[k]
    await t?.close()
    await hook.close()
  })

  let seq = 0
  async function setup(type: 'n8n' | 'webhook' = 'n8n') {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers: headers as Headers, payload })
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const integration = await ok(call('POST', '/api/queueIntegration', { type, name: 'Automação', urlN8N: url }))
    hook.setSecret(integration.secret)
    const sales = await ok(call('POST', '/api/queue', { name: 'Vendas', color: '#0a0', greetingMessage: 'Vendas' }))
    const w = await ok(
      call('POST', '/api/whatsapp', { name: `Sim ${++seq}`, provider: 'simulator', integrationId: integration.id }),
    )
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    const from = `55479${String(50_000_001 + seq)}`
    const outbox = async () =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages.map((m: { body: string }) => m.body)
    const say = (body: string) => ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', body }))
    const ticket = async (id: number) => t.db('tickets').where({ id }).first()
    return { companyId, integration, sales, say, outbox, ticket, call, ok, w }
  }

  it('posts each message signed; the answer’s replies go to the customer and its transfer moves the ticket', async () => {
    const s = await setup()
    hook.json({
      replies: ['Olá, Rita!', { type: 'text', text: 'Vou te passar para Vendas.' }],
      actions: [{ type: 'transfer', queueId: s.sales.id }],
    })
    const before = hook.calls.length
    const { message } = await s.say('quero comprar')
    await until(async () => (await s.outbox()).length === 2)
    expect(await s.outbox()).toEqual(['Olá, Rita!', 'Vou te passar para Vendas.'])
    const call = hook.calls[before]
    expect(call.signed).toBe(true)
    expect(call.body).toMatchObject({
      event: 'message.received',
      eventId: `${s.companyId}-${message.id}`,
      company: { id: s.companyId },
      connection: { id: s.w.id },
      ticket: { id: message.ticketId, status: 'pending' },
      contact: { name: 'Rita' },
      message: { id: message.id, body: 'quero comprar' },
    })
    await until(async () => (await s.ticket(message.ticketId)).queueId === s.sales.id)
    expect(await s.ticket(message.ticketId)).toMatchObject({
      status: 'pending',
      useIntegration: false,
      integrationId: s.integration.id,
    })
  })

  it.each([
    ['a 500 every time', (res: ServerResponse) => res.writeHead(500).end('boom'), 'HTTP 500'],
    ['no answer in time', () => {}, 'no answer in 500 ms'],
    [
      'an answer that is not the agreed shape',
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('[1,2]'),
      'not an object',
    ],
  ])('%s hands the ticket to people, with a note saying why', async (_, answer, why) => {
    const s = await setup('webhook')
    hook.answer(answer)
    const { message } = await s.say('oi')
    await until(async () => (await s.ticket(message.ticketId)).useIntegration === false, 10_000)
    const notes = await t.db('ticket_notes').where({ ticketId: message.ticketId })
    expect(notes).toHaveLength(1)
    expect(notes[0].note).toContain('A integração "Automação" falhou')
    expect(notes[0].note).toContain(why)
    expect(await s.outbox()).toEqual([])
    // The next message is the team's: the endpoint is not called again.
    const calls = hook.calls.length
    hook.json({ replies: ['tarde demais'] })
    await s.say('alguém?')
    expect(hook.calls.length).toBe(calls)
    expect(await s.ticket(message.ticketId)).toMatchObject({ status: 'pending', userId: null })
  })

  it('a flowbuilder integration starts its flow', async () => {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers, payload })
    const flow = (await call('POST', '/api/flowbuilder', { name: 'Boas-vindas' })).json()
    await call('POST', '/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'm', type: 'message', position: { x: 0, y: 0 }, data: { label: 'Bem-vinda ao fluxo!' } },
      ],
      connections: [{ source: '1', target: 'm', sourceHandle: null }],
    })
    const integration = (
      await call('POST', '/api/queueIntegration', { type: 'flowbuilder', name: 'Fluxo', flowId: flow.id })
    ).json()
    const w = (
      await call('POST', '/api/whatsapp', {
        name: `Sim ${++seq}`,
        provider: 'simulator',
        integrationId: integration.id,
      })
    ).json()
    await call('POST', `/api/simulator/${w.id}/scan`, {})
    const from = `55479${String(50_000_001 + seq)}`
    await call('POST', `/api/simulator/${w.id}/inbound`, { from, body: 'olá' })
    await until(
      async () => (await call('GET', `/api/simulator/${w.id}/outbox?to=${from}`)).json().messages.length === 1,
    )
    expect((await call('GET', `/api/simulator/${w.id}/outbox?to=${from}`)).json().messages[0].body).toBe(
      'Bem-vinda ao fluxo!',
    )
    expect(await t.db('flow_runs').where({ companyId }).first('startedBy')).toEqual({ startedBy: 'integration' })
  })
})
