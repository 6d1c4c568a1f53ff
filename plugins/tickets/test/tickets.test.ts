import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { EventMap } from '@atende/sdk'
import { announceUser, userIn, type Headers } from '@atende/kernel/testing'
import {
  createTestApp,
  ensureQueues,
  pairedSimulator,
  until,
  withQueues,
  type TestApp,
} from '../../connections/test/support.ts'

describe('tickets routes (issue 6, first part)', () => {
  let t: TestApp
  let sim: Awaited<ReturnType<typeof pairedSimulator>>
  let companyId: number
  let adminId: number
  let seq = 0
  const updated: EventMap['ticket.updated'][] = []
  const deleted: EventMap['ticket.deleted'][] = []
  const db = () => t.app.kernel.db

  beforeAll(async () => {
    t = await createTestApp({ plugins: await withQueues() })
    sim = await pairedSimulator(t)
    companyId = sim.whatsapp.companyId
    adminId = (await db()('users').where({ companyId }).first('id')).id
    t.app.kernel.bus.on('ticket.updated', (p) => {
      updated.push(p)
    })
    t.app.kernel.bus.on('ticket.deleted', (p) => {
      deleted.push(p)
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const req = (headers: Headers, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  /** A customer writes: a new pending ticket (a fresh number each call unless given). */
  async function customerTicket(
    opts: {
      name?: string
      from?: string
      body?: string
      queueId?: number | null
      userId?: number | null
      status?: string
    } = {},
  ) {
    seq += 1
    const from = opts.from ?? `55479880${String(seq).padStart(5, '0')}`
    const res = await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, {
      from,
      name: opts.name ?? `Customer ${seq}`,
      body: opts.body ?? `hello ${seq}`,
    })
    expect(res.statusCode).toBe(200)
    const id = res.json().message.ticketId as number
    if (opts.queueId) await ensureQueues(t.app.kernel, companyId, [opts.queueId])
    const patch: Record<string, unknown> = {}
    for (const k of ['queueId', 'userId', 'status'] as const) if (opts[k] !== undefined) patch[k] = opts[k]
    if (Object.keys(patch).length) await db()('tickets').where({ id }).update(patch)
    return id
  }
  async function member(opts: { queueIds?: number[]; allTicket?: 'enabled' | 'disabled' } = {}) {
    const u = await userIn(t.app, companyId, 'user')
    await ensureQueues(t.app.kernel, companyId, opts.queueIds ?? [])
    if (opts.queueIds?.length)
      await db()('attendant_queues').insert(opts.queueIds.map((queueId) => ({ userId: u.userId, queueId, companyId })))
    if (opts.allTicket)
      await db()('attendants').insert({ userId: u.userId, companyId, allTicket: opts.allTicket === 'enabled' })
    await announceUser(t.app, u.userId)
    return u
  }

  describe('access rule (GET /tickets/{id} and /tickets/u/{uuid})', () => {
    it('admin; user with the queue; user without; allTicket on/off for queueless; own ticket', async () => {
      const inQueue = await customerTicket({ queueId: 7 })
      const queueless = await customerTicket()
      const withQueue = await member({ queueIds: [7] })
      const without = await member({ queueIds: [8], allTicket: 'disabled' })
      const allOn = await member({ allTicket: 'enabled' })
      const owner = await member({ allTicket: 'disabled' })
      const owned = await customerTicket({ queueId: 9, userId: owner.userId, status: 'open' })

      const status = async (h: Headers, id: number) => (await req(h, 'GET', `/api/tickets/${id}`)).statusCode
      expect(await status(sim.headers, inQueue)).toBe(200)
      expect(await status(sim.headers, queueless)).toBe(200)
      expect(await status(withQueue.headers, inQueue)).toBe(200)
      expect(await status(without.headers, inQueue)).toBe(403)
      expect(await status(allOn.headers, queueless)).toBe(200)
      expect(await status(allOn.headers, inQueue)).toBe(403)
      expect(await status(without.headers, queueless)).toBe(403)
      expect(await status(owner.headers, owned)).toBe(200)
      expect(await status(withQueue.headers, owned)).toBe(403)

      const denied = await req(without.headers, 'GET', `/api/tickets/${inQueue}`)
      expect(denied.json()).toMatchObject({ error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' })
      const body = (await req(withQueue.headers, 'GET', `/api/tickets/${inQueue}`)).json()
      expect(body).toMatchObject({
        id: inQueue,
        queueId: 7,
        contact: { name: expect.stringMatching(/^Customer/) },
        whatsapp: { id: sim.whatsapp.id },
        user: null,
      })
      const byUuid = await req(withQueue.headers, 'GET', `/api/tickets/u/${body.uuid}`)
      expect(byUuid.json().id).toBe(inQueue)
      expect((await req(without.headers, 'GET', `/api/tickets/u/${body.uuid}`)).statusCode).toBe(403)
      const missing = await req(sim.headers, 'GET', '/api/tickets/99999999')
      expect(missing.statusCode).toBe(404)
      expect(missing.json().error).toBe('ERR_NO_TICKET_FOUND')
    })

    it("another company's ticket id is a 404, never 403 or 200", async () => {
      const id = await customerTicket()
      const other = await pairedSimulator(t)
      for (const url of [`/api/tickets/${id}`, `/api/messages/${id}`]) {
        const res = await req(other.headers, 'GET', url)
        expect(res.statusCode).toBe(404)
      }
      expect((await req(other.headers, 'PUT', `/api/tickets/${id}`, { status: 'open' })).statusCode).toBe(404)
      expect((await req(other.headers, 'DELETE', `/api/tickets/${id}`)).statusCode).toBe(404)
      const list = (await req(other.headers, 'GET', '/api/tickets')).json()
      expect(list.tickets.map((x: { id: number }) => x.id)).not.toContain(id)
    })
  })

  describe('transitions (PUT /tickets/{id})', () => {
    it('accept → return → close → reopen, each announced; closing clears the integration', async () => {
      const id = await customerTicket({ queueId: 3 })
      const agent = await member({ queueIds: [3] })
      await db()('tickets').where({ id }).update({ useIntegration: true, integrationId: 4, promptId: 5 })

      const accepted = await req(agent.headers, 'PUT', `/api/tickets/${id}`, { status: 'open' })
      expect(accepted.statusCode).toBe(200)
      expect(accepted.json()).toMatchObject({ status: 'open', userId: agent.userId, user: { id: agent.userId } })
      await until(() => updated.some((e) => e.ticket.id === id && e.ticket.status === 'open'))

      const returned = (await req(agent.headers, 'PUT', `/api/tickets/${id}`, { status: 'pending' })).json()
      expect(returned).toMatchObject({ status: 'pending', userId: null })

      const closed = (await req(agent.headers, 'PUT', `/api/tickets/${id}`, { status: 'closed' })).json()
      expect(closed).toMatchObject({ status: 'closed', useIntegration: false, integrationId: null, promptId: null })

      const reopened = (await req(sim.headers, 'PUT', `/api/tickets/${id}`, { status: 'open' })).json()
      expect(reopened).toMatchObject({ status: 'open', userId: adminId })
      const closedAgain = await req(sim.headers, 'PUT', `/api/tickets/${id}/close-without-message`)
      expect(closedAgain.json()).toMatchObject({ status: 'closed' })
      // A move from a state it does not start from: 409, nothing written.
      const bad = await req(sim.headers, 'PUT', `/api/tickets/${id}`, { status: 'pending' })
      expect(bad.statusCode).toBe(409)
    })

    it('reopening while the contact has another active ticket is ERR_OTHER_OPEN_TICKET', async () => {
      const from = '5547977770001'
      const first = await customerTicket({ from })
      await req(sim.headers, 'PUT', `/api/tickets/${first}`, { status: 'closed' })
      const second = await customerTicket({ from })
      expect(second).not.toBe(first)
      const res = await req(sim.headers, 'PUT', `/api/tickets/${first}`, { status: 'open' })
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toBe('ERR_OTHER_OPEN_TICKET')
    })

    it('two attendants accepting at once: exactly one wins, the other gets ERR_TICKET_ALREADY_ACCEPTED', async () => {
      const id = await customerTicket({ queueId: 11 })
      const a = await member({ queueIds: [11] })
      const b = await member({ queueIds: [11] })
      const [ra, rb] = await Promise.all([
        req(a.headers, 'PUT', `/api/tickets/${id}`, { status: 'open' }),
        req(b.headers, 'PUT', `/api/tickets/${id}`, { status: 'open' }),
      ])
      const codes = [ra.statusCode, rb.statusCode].sort()
      expect(codes).toEqual([200, 409])
      const loser = ra.statusCode === 409 ? ra : rb
      const winner = ra.statusCode === 200 ? a : b
      expect(loser.json().error).toBe('ERR_TICKET_ALREADY_ACCEPTED')
      expect((await db()('tickets').where({ id }).first()).userId).toBe(winner.userId)
    })

    it("transfer to a queue: pending and nobody's; to a user with a queue: theirs", async () => {
      const id = await customerTicket()
      await ensureQueues(t.app.kernel, companyId, [21])
      await req(sim.headers, 'PUT', `/api/tickets/${id}`, { status: 'open' })
      const toQueue = (await req(sim.headers, 'PUT', `/api/tickets/${id}`, { queueId: 21 })).json()
      expect(toQueue).toMatchObject({ queueId: 21, status: 'pending', userId: null })
      const target = await member({ queueIds: [22] })
      const toUser = (
        await req(sim.headers, 'PUT', `/api/tickets/${id}`, { queueId: 22, userId: target.userId })
      ).json()
      expect(toUser).toMatchObject({ queueId: 22, userId: target.userId, status: 'open' })
      const other = await pairedSimulator(t)
      const foreignUser = (await t.app.kernel.db('users').where({ companyId: other.whatsapp.companyId }).first('id')).id
      const bad = await req(sim.headers, 'PUT', `/api/tickets/${id}`, { queueId: 22, userId: foreignUser })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ error: 'ERR_NO_USER_FOUND', field: 'userId' })
    })

    it('a user outside the rule cannot move the ticket', async () => {
      const id = await customerTicket({ queueId: 31 })
      const outsider = await member({ queueIds: [32] })
      const res = await req(outsider.headers, 'PUT', `/api/tickets/${id}`, { status: 'open' })
      expect(res.statusCode).toBe(403)
      expect((await db()('tickets').where({ id }).first()).status).toBe('pending')
    })

    it('DELETE: admins only (ticket-options:deleteTicket), announced, messages cascade', async () => {
      const id = await customerTicket()
      const user = await member({ allTicket: 'enabled' })
      expect((await req(user.headers, 'DELETE', `/api/tickets/${id}`)).statusCode).toBe(403)
      const res = await req(sim.headers, 'DELETE', `/api/tickets/${id}`)
      expect(res.statusCode).toBe(200)
      expect(await db()('tickets').where({ id }).first()).toBeUndefined()
      expect(await db()('messages').where({ ticketId: id })).toHaveLength(0)
      await until(() => deleted.some((e) => e.ticketId === id))
    })
  })

  describe('GET /tickets', () => {
    it('filters: status, queueIds (JSON and repeated), unread, contactId, search, day; scope for users', async () => {
      const tag = `Zelda${Date.now() % 100000}`
      const a = await customerTicket({ name: `${tag} One`, queueId: 41 })
      const b = await customerTicket({ name: `${tag} Two`, queueId: 42, status: 'open' })
      const c = await customerTicket({ name: `${tag} Three` })
      await db()('tickets').where({ id: c }).update({ unreadMessages: 0 })
      const ids = async (h: Headers, qs: string) => {
        const res = await req(h, 'GET', `/api/tickets?searchParam=${tag}&${qs}`)
        expect(res.statusCode).toBe(200)
        return (res.json().tickets as { id: number }[]).map((x) => x.id).sort((x, y) => x - y)
      }
      expect(await ids(sim.headers, '')).toEqual([a, b, c])
      expect(await ids(sim.headers, 'status=open')).toEqual([b])
      expect(await ids(sim.headers, `queueIds=${encodeURIComponent('[41,42]')}`)).toEqual([a, b])
      expect(await ids(sim.headers, 'queueIds=41&queueIds=42')).toEqual([a, b])
      expect(await ids(sim.headers, 'withUnreadMessages=true')).toEqual([a, b])
      const contactId = (await db()('tickets').where({ id: a }).first()).contactId
      expect(await ids(sim.headers, `contactId=${contactId}`)).toEqual([a])
      const today = new Date().toISOString().slice(0, 10)
      expect(await ids(sim.headers, `updatedAt=${today}`)).toEqual([a, b, c])
      expect(await ids(sim.headers, 'updatedAt=2001-01-01')).toEqual([])
      expect(await ids(sim.headers, 'date=2001-01-01')).toEqual([])
      const bad = await req(sim.headers, 'GET', '/api/tickets?queueIds=%5B%22x%22%5D')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().field).toBe('queueIds')

      const inQueue = await member({ queueIds: [41], allTicket: 'disabled' })
      expect(await ids(inQueue.headers, '')).toEqual([a])
      const allOn = await member({ queueIds: [42], allTicket: 'enabled' })
      expect(await ids(allOn.headers, '')).toEqual([b, c])
      await db()('tickets').where({ id: b }).update({ userId: inQueue.userId })
      expect(await ids(inQueue.headers, '')).toEqual([a, b])

      const list = (await req(sim.headers, 'GET', `/api/tickets?searchParam=${tag}`)).json()
      const first = list.tickets.find((x: { id: number }) => x.id === b)
      expect(first).toMatchObject({
        contact: { name: `${tag} Two`, isGroup: false },
        user: { id: inQueue.userId },
        whatsapp: { id: sim.whatsapp.id, name: expect.any(String) },
        queue: { id: 42, name: 'Queue 42' },
      })
    })

    it('pages of 20 by updatedAt desc, id desc; hasMore', async () => {
      const tag = `Paged${Date.now() % 100000}`
      const made: number[] = []
      for (let i = 0; i < 23; i++) made.push(await customerTicket({ name: `${tag} ${i}` }))
      // Same activity time for all: the id breaks the tie.
      await db()('tickets')
        .whereIn('id', made)
        .update({ updatedAt: new Date('2030-01-01T00:00:00Z') })
      await db()('tickets')
        .where({ id: made[5] })
        .update({ updatedAt: new Date('2030-01-02T00:00:00Z') })
      const p1 = (await req(sim.headers, 'GET', `/api/tickets?searchParam=${tag}`)).json()
      const p2 = (await req(sim.headers, 'GET', `/api/tickets?searchParam=${tag}&pageNumber=2`)).json()
      expect(p1.tickets).toHaveLength(20)
      expect(p1.hasMore).toBe(true)
      expect(p2.tickets).toHaveLength(3)
      expect(p2.hasMore).toBe(false)
      const expected = [made[5], ...made.filter((id) => id !== made[5]).sort((x, y) => y - x)]
      expect([...p1.tickets, ...p2.tickets].map((x: { id: number }) => x.id)).toEqual(expected)
    })
  })

  describe('GET /messages/{ticketId}', () => {
    it('newest page first, each page oldest-first; marks read and zeroes unreadMessages', async () => {
      const from = '5547966660001'
      const id = await customerTicket({ from, body: 'm0' })
      for (let i = 1; i < 25; i++)
        await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from, body: `m${i}` })
      expect((await db()('tickets').where({ id }).first()).unreadMessages).toBe(25)
      const outsider = await member({ queueIds: [99], allTicket: 'disabled' })
      await db()('tickets').where({ id }).update({ queueId: 98 })
      expect((await req(outsider.headers, 'GET', `/api/messages/${id}`)).statusCode).toBe(403)
      expect((await db()('tickets').where({ id }).first()).unreadMessages).toBe(25)

      const before = updated.length
      const p1 = await req(sim.headers, 'GET', `/api/messages/${id}`)
      expect(p1.statusCode).toBe(200)
      const b1 = p1.json()
      expect(b1.messages.map((m: { body: string }) => m.body)).toEqual(
        Array.from({ length: 20 }, (_, i) => `m${i + 5}`),
      )
      expect(b1).toMatchObject({ count: 25, hasMore: true, ticket: { id, unreadMessages: 0 } })
      expect(b1.messages.every((m: { read: boolean }) => m.read)).toBe(true)
      const b2 = (await req(sim.headers, 'GET', `/api/messages/${id}?pageNumber=2`)).json()
      expect(b2.messages.map((m: { body: string }) => m.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4'])
      expect(b2).toMatchObject({ count: 25, hasMore: false })
      // Past the last page: no messages, the same total.
      const b9 = (await req(sim.headers, 'GET', `/api/messages/${id}?pageNumber=9`)).json()
      expect(b9).toMatchObject({ messages: [], count: 25, hasMore: false, ticket: { id } })
      // Marked after the answer.
      await until(async () => (await db()('tickets').where({ id }).first()).unreadMessages === 0)
      expect(await db()('messages').where({ ticketId: id, read: false })).toHaveLength(0)
      await until(() => updated.slice(before).some((e) => e.ticket.id === id && e.ticket.unreadMessages === 0))
    })

    it('answers without waiting on the read mark or on whoever listens to the change it announces', async () => {
      const id = await customerTicket({ from: '5547966660002', body: 'oi' })
      let open!: () => void
      const gate = new Promise<void>((r) => (open = r))
      let held = 0
      // A slow listener of the mark's ticket.updated (the dashboard's bookkeeping takes row locks).
      const off = t.app.kernel.bus.on('ticket.updated', async ({ ticket }) => {
        if (ticket.id !== id || ticket.unreadMessages !== 0) return
        held++
        await gate
      })
      try {
        const page = await req(sim.headers, 'GET', `/api/messages/${id}`)
        expect(page.statusCode).toBe(200)
        expect(page.json().ticket).toMatchObject({ id, unreadMessages: 0 })
        // The mark ran after the answer, and its listener is still held: the answer did not wait for either.
        await until(() => held === 1)
        expect((await db()('tickets').where({ id }).first()).unreadMessages).toBe(0)
      } finally {
        open()
        off()
      }
    })
  })
})
