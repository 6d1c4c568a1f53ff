import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import {
  announceUser,
  caller,
  companyWithUser,
  createTestApp,
  dddPlugins,
  until,
  userIn,
  type TestApp,
} from './support.ts'
import { pickHolder } from '../src/step.ts'

/**
 * End to end through the simulator: a customer writes in, the pipeline stores the message, and the
 * routing chain either hands the new ticket to a user holding the number's DDD or goes on as usual
 * (here: the queue chatbot's greeting menu).
 */
describe('DDD routing step', () => {
  let t: TestApp
  let seq = 0
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: await dddPlugins() })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A company with two agents, a queue and a paired simulator connection serving it (greeting on). */
  async function setup() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = caller(t, headers)
    const a = await userIn(t.app, companyId, 'user')
    const b = await userIn(t.app, companyId, 'user')
    const queue = (
      await call('POST', '/api/queue', { name: 'Vendas', color: '#f00', greetingMessage: 'Vendas' })
    ).json()
    await t.db('attendant_queues').insert({ userId: a.userId, queueId: queue.id, companyId })
    await announceUser(t.app, a.userId)
    const w = (
      await call('POST', '/api/whatsapp', {
        name: `Sim ${++seq}`,
        provider: 'simulator',
        greetingMessage: 'Bem-vindo!',
        queueIds: [queue.id],
      })
    ).json()
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).statusCode).toBe(200)
    const setting = (value: string) =>
      call('PUT', '/api/settings/dddRoutingEnabled', { key: 'dddRoutingEnabled', value })
    const give = async (userId: number, ddd: string) =>
      expect((await call('POST', '/api/ddd-routing', { userId, ddd })).statusCode).toBe(200)
    /** A customer writes once; answers the ticket when the chain is done with it. */
    const writes = async (from: string) => {
      const res = await call('POST', `/api/simulator/${w.id}/inbound`, { from, body: 'oi' })
      expect(res.statusCode, res.body).toBe(200)
      const ticket = async () => {
        const contact = await t.db('contacts').where({ companyId, number: from }).first('id')
        return contact && t.db('tickets').where({ companyId, contactId: contact.id }).orderBy('id', 'desc').first()
      }
      const replies = async () =>
        (await call('GET', `/api/simulator/${w.id}/outbox?to=${from}`)).json().messages as { body: string }[]
      // Routed (someone holds it) or the usual chain ran (the queue's greeting went out).
      await until(async () => (await ticket())?.userId || (await replies()).length > 0)
      return { ...(await ticket()), replies: (await replies()).map((m) => m.body) }
    }
    return { companyId, call, a, b, queue, setting, give, writes }
  }

  let n = 0
  const number = (ddd: string) => `55${ddd}9${String(99990000 + ++n)}`

  it('hands a new customer from area code 47 to the user holding 47, noted on the ticket', async () => {
    const s = await setup()
    expect((await s.setting('enabled')).statusCode).toBe(200)
    await s.give(s.a.userId, '47')
    await s.give(s.b.userId, '11')
    const ticket = await s.writes('5547999990001')
    // Theirs and open, in the user's queue that the connection serves; no greeting menu.
    expect(ticket).toMatchObject({ userId: s.a.userId, status: 'open', queueId: s.queue.id, chatbot: false })
    const notes = await t.db('ticket_notes').where({ ticketId: ticket.id }).select('note')
    expect(ticket.replies).toEqual([])
    expect(notes.map((r) => r.note)).toEqual([expect.stringMatching(/roteamento por DDD \(47\)/)])
    // A user without queues leaves the ticket queueless.
    expect(await s.writes(number('11'))).toMatchObject({ userId: s.b.userId, queueId: null, status: 'open' })
  })

  it('follows the usual chain with the setting off, for unheld DDDs and for foreign numbers', async () => {
    const s = await setup()
    await s.give(s.a.userId, '47')
    const usual = { userId: null, status: 'pending', queueId: s.queue.id, replies: ['Vendas'] }
    // Off (the default): the chatbot puts the customer in the connection's only queue, greeting them.
    expect(await s.writes(number('47'))).toMatchObject(usual)
    await s.setting('enabled')
    expect(await s.writes(number('21'))).toMatchObject(usual)
    expect(await s.writes('14155550100')).toMatchObject(usual)
    // And an existing ticket is left alone: only new ones are routed.
    await s.setting('disabled')
    const from = number('47')
    const first = await s.writes(from)
    await s.setting('enabled')
    expect(await s.writes(from)).toMatchObject({ id: first.id, userId: null })
  })

  it('picks the holder with fewer open tickets, ties by turns, online users first', async () => {
    const s = await setup()
    await s.setting('enabled')
    await s.give(s.a.userId, '47')
    const holder = async () => (await s.writes(number('47'))).userId
    expect([await holder(), await holder()]).toEqual([s.a.userId, s.a.userId])
    await s.give(s.b.userId, '47')
    // a 2, b 0 → b; a 2, b 1 → b; 2 and 2, b served last → a; 3 and 2 → b; 3 and 3, b served last → a.
    const order = []
    for (let i = 0; i < 5; i++) order.push(await holder())
    expect(order).toEqual([s.b.userId, s.b.userId, s.a.userId, s.b.userId, s.a.userId])
    const tickets = t.app.kernel.services.get<TicketsRef>('tickets')
    expect(await tickets.openCountsByUser(s.companyId, [s.a.userId, s.b.userId, 999_999])).toEqual(
      new Map([
        [s.a.userId, 4],
        [s.b.userId, 3],
        [999_999, 0],
      ]),
    )
    // Only a online: a, though b has fewer.
    await t.db('users').where({ id: s.a.userId }).update({ online: true })
    expect(await holder()).toBe(s.a.userId)
  })

  it('chooses by online, then load, then least recently served', () => {
    const h = (userId: number, at: string | null) => ({ id: userId, userId, lastAssignedAt: at })
    const holders = [h(1, '2026-01-02'), h(2, '2026-01-01'), h(3, null)]
    const load = new Map([
      [1, 0],
      [2, 0],
      [3, 1],
    ])
    expect(pickHolder(holders, new Set(), load).userId).toBe(2)
    expect(pickHolder(holders, new Set([3]), load).userId).toBe(3)
    expect(pickHolder(holders, new Set(), new Map()).userId).toBe(3)
  })
})
