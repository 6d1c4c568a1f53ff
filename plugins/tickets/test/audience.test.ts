import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { announceUser, connectSocket, hasRedis, userIn, type Headers } from '@atende/kernel/testing'
import contactsPlugin from '@atende/plugin-contacts'
import usersPlugin from '../../users/src/index.ts'
import ticketsPlugin from '../src/index.ts'
import { createAudience } from '../src/audience.ts'
import { createAttendants } from '../src/attendants.ts'
import {
  createTestApp,
  ensureQueues,
  pairedSimulator,
  until,
  withQueues,
  type TestApp,
} from '../../connections/test/support.ts'

/** The shared test socket, with `find` matching on each frame's data. */
async function connect(base: string, token: string) {
  const c = await connectSocket(base, token)
  return {
    ws: c.ws,
    frames: c.frames,
    sync: c.sync,
    find: (event: string, pred: (d: any) => boolean) => c.find(event, (f) => pred(f.data)),
  }
}
type Client = Awaited<ReturnType<typeof connect>>

/**
 * Ticket and message frames reach only the users allowed to see the ticket. With REDIS_URL the
 * sockets sit in a second process (b) while every write happens in the first (a): the audience is
 * mapped, cached and invalidated where the sockets are.
 */
describe(`ticket frames follow the view-access rule (${hasRedis ? 'two processes on Redis' : 'embedded'})`, () => {
  let a: TestApp
  let b: TestApp | undefined
  let sim: Awaited<ReturnType<typeof pairedSimulator>>
  let companyId: number
  const Q1 = 101
  const Q2 = 102
  const people = {} as Record<
    'admin' | 'q1' | 'q2' | 'allTicket' | 'plain',
    { userId: number; headers: Headers; socket: Client }
  >
  let adminLocal: Client
  let seq = 0

  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '20'
    a = await createTestApp({ plugins: [...(await withQueues()), usersPlugin] })
    if (hasRedis)
      b = await createTestApp({
        plugins: [contactsPlugin, ticketsPlugin],
        db: a.db,
        config: { redisPrefix: a.app.kernel.config.redisPrefix },
      })
    sim = await pairedSimulator(a)
    companyId = sim.whatsapp.companyId
    const db = a.app.kernel.db
    await ensureQueues(a.app.kernel, companyId, [Q1, Q2])
    const make = async (opts: { queueIds?: number[]; allTicket?: boolean }) => {
      const u = await userIn(a.app, companyId, 'user')
      if (opts.queueIds)
        await db('attendant_queues').insert(opts.queueIds.map((queueId) => ({ userId: u.userId, queueId, companyId })))
      if (opts.allTicket) await db('attendants').insert({ userId: u.userId, companyId, allTicket: true })
      await announceUser(a.app, u.userId)
      return u
    }
    const adminId = (await db('users').where({ companyId, profile: 'admin' }).first('id')).id as number
    const users = {
      admin: { userId: adminId, headers: sim.headers },
      q1: await make({ queueIds: [Q1] }),
      q2: await make({ queueIds: [Q2] }),
      allTicket: await make({ allTicket: true }),
      plain: await make({}),
    }
    const far = b ?? a
    const base = (await far.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')
    for (const [name, u] of Object.entries(users)) {
      people[name as keyof typeof people] = { ...u, socket: await connect(base, u.headers.authorization.slice(7)) }
    }
    // The emitting process's own sockets are mapped the same way.
    const near = b ? (await a.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') : base
    adminLocal = await connect(near, sim.headers.authorization.slice(7))
    await Promise.all([...Object.values(people).map((p) => p.socket.sync()), adminLocal.sync()])
  })
  afterAll(async () => {
    for (const p of Object.values(people)) p.socket?.ws.terminate()
    adminLocal?.ws.terminate()
    await b?.close()
    await a?.close()
  })

  const ticketFrames = (c: Client, id: number, pred: (d: any) => boolean = () => true) =>
    c.find(`company-${companyId}-ticket`, (d) => (d.ticket?.id ?? d.ticketId) === id && pred(d))
  const messageFrames = (c: Client, ticketId: number, pred: (d: any) => boolean = () => true) =>
    c.find(`company-${companyId}-appMessage`, (d) => d.message.ticketId === ticketId && pred(d))
  const isUpdate = (d: any) => d.action === 'update'
  const isDelete = (d: any) => d.action === 'delete'
  /** Waits for the expected receivers, then a round trip on everyone else so a stray frame would be in. */
  async function settle(received: Array<() => boolean>) {
    for (const r of received) await until(r)
    await Promise.all([...Object.values(people).map((p) => p.socket.sync()), adminLocal.sync()])
  }
  const clear = () => {
    for (const c of [...Object.values(people).map((p) => p.socket), adminLocal]) c.frames.length = 0
  }

  async function customerWrites(from?: string) {
    seq += 1
    const number = from ?? `55479770${String(seq).padStart(5, '0')}`
    const res = await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, {
      from: number,
      name: `Cliente ${seq}`,
      body: `oi ${seq}`,
    })
    expect(res.statusCode).toBe(200)
    return { from: number, ticketId: res.json().message.ticketId as number, messageId: res.json().message.id as number }
  }
  const move = async (id: number, body: object, headers = sim.headers) => {
    const res = await a.app.inject({ method: 'PUT', url: `/api/tickets/${id}`, headers, payload: body })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const who = (pred: (c: Client) => boolean) =>
    (Object.keys(people) as Array<keyof typeof people>).filter((k) => pred(people[k].socket)).sort()

  it('a queueless ticket and its messages reach admins and allTicket users only', async () => {
    clear()
    const { ticketId } = await customerWrites()
    await settle([
      () => messageFrames(people.allTicket.socket, ticketId).length > 0,
      () => ticketFrames(people.admin.socket, ticketId).length > 0,
      () => ticketFrames(adminLocal, ticketId).length > 0,
    ])
    expect(who((c) => ticketFrames(c, ticketId, isUpdate).length > 0)).toEqual(['admin', 'allTicket'])
    expect(who((c) => messageFrames(c, ticketId, (d) => d.action === 'create').length > 0)).toEqual([
      'admin',
      'allTicket',
    ])
    const [create] = messageFrames(people.allTicket.socket, ticketId)
    expect(create.data).toMatchObject({
      action: 'create',
      ticket: { id: ticketId, queueId: null },
      contact: { name: expect.any(String) },
    })
  })

  it("a queue ticket reaches admins and that queue's users; those who saw it queueless get a delete", async () => {
    const { from, ticketId } = await customerWrites()
    await settle([() => ticketFrames(people.allTicket.socket, ticketId).length > 0])
    clear()
    await move(ticketId, { queueId: Q1 })
    await settle([
      () => ticketFrames(people.q1.socket, ticketId, isUpdate).length > 0,
      () => ticketFrames(people.allTicket.socket, ticketId, isDelete).length > 0,
    ])
    expect(who((c) => ticketFrames(c, ticketId, (d) => isUpdate(d) && d.ticket.queueId === Q1).length > 0)).toEqual([
      'admin',
      'q1',
    ])
    expect(who((c) => ticketFrames(c, ticketId, isDelete).length > 0)).toEqual(['allTicket'])
    expect(ticketFrames(people.allTicket.socket, ticketId, isDelete)[0].data).toEqual({ action: 'delete', ticketId })
    expect(ticketFrames(adminLocal, ticketId, isUpdate).length).toBeGreaterThan(0)

    // Its messages, and their acks, follow the same audience.
    clear()
    await customerWrites(from)
    const reply = await a.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: sim.headers,
      payload: { body: 'olá' },
    })
    expect(reply.statusCode, reply.body).toBe(200)
    const replyId = reply.json().messages[0].id as number
    await settle([
      () => messageFrames(people.q1.socket, ticketId, (d) => d.action === 'create').length >= 2,
      () =>
        messageFrames(people.q1.socket, ticketId, (d) => isUpdate(d) && d.message.id === replyId && d.message.ack >= 2)
          .length > 0,
    ])
    expect(who((c) => messageFrames(c, ticketId, (d) => d.action === 'create').length > 0)).toEqual(['admin', 'q1'])
    expect(who((c) => messageFrames(c, ticketId, isUpdate).length > 0)).toEqual(['admin', 'q1'])
    // A client sees a message before its acks.
    const q1 = messageFrames(people.q1.socket, ticketId, (d) => d.message.id === replyId).map((f) => f.data.action)
    expect(q1[0]).toBe('create')
  })

  it('an own ticket reaches its user outside their queues; a transfer away sends the others a delete', async () => {
    const { ticketId } = await customerWrites()
    await move(ticketId, { queueId: Q1 })
    await settle([() => ticketFrames(people.q1.socket, ticketId).length > 0])
    clear()
    // To a user of no queue, in Q2: theirs (open), and Q2's.
    await move(ticketId, { queueId: Q2, userId: people.plain.userId })
    await settle([
      () => ticketFrames(people.plain.socket, ticketId, isUpdate).length > 0,
      () => ticketFrames(people.q1.socket, ticketId, isDelete).length > 0,
    ])
    expect(who((c) => ticketFrames(c, ticketId, isUpdate).length > 0)).toEqual(['admin', 'plain', 'q2'])
    expect(who((c) => ticketFrames(c, ticketId, isDelete).length > 0)).toEqual(['q1'])
    expect(ticketFrames(people.plain.socket, ticketId, isUpdate)[0].data.ticket).toMatchObject({
      queueId: Q2,
      userId: people.plain.userId,
      status: 'open',
    })

    // Back to pending in Q2: it leaves its former owner, Q2 keeps it.
    clear()
    await move(ticketId, { status: 'pending' }, people.plain.headers)
    await settle([() => ticketFrames(people.plain.socket, ticketId, isDelete).length > 0])
    expect(who((c) => ticketFrames(c, ticketId, isUpdate).length > 0)).toEqual(['admin', 'q2'])
    expect(who((c) => ticketFrames(c, ticketId, isDelete).length > 0)).toEqual(['plain'])
  })

  it('adding a user to a queue (PUT /api/users/{id}) makes the very next frame reach them', async () => {
    const { from, ticketId } = await customerWrites()
    await move(ticketId, { queueId: Q1 })
    // The audience is cached now (this frame missed plain).
    await settle([() => ticketFrames(people.q1.socket, ticketId).length > 0])
    expect(ticketFrames(people.plain.socket, ticketId)).toEqual([])
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/users/${people.plain.userId}`,
      headers: sim.headers,
      payload: { queueIds: [Q1] },
    })
    expect(res.statusCode, res.body).toBe(200)
    // The user event crosses processes before the next ticket event does (same publisher, in order).
    clear()
    await customerWrites(from)
    await settle([() => messageFrames(people.plain.socket, ticketId, (d) => d.action === 'create').length > 0])
    expect(who((c) => messageFrames(c, ticketId, (d) => d.action === 'create').length > 0)).toEqual([
      'admin',
      'plain',
      'q1',
    ])
  })

  it("takes the spec client's joins: status rooms by any alias, a chat box only for a ticket the user sees", async () => {
    const { ticketId } = await customerWrites()
    const send = (c: Client, msg: object) => c.ws.send(JSON.stringify(msg))
    const errors = (c: Client) => c.find('error', () => true)
    for (const c of [people.q1.socket, people.allTicket.socket]) c.frames.length = 0
    send(people.q1.socket, { type: 'joinTickets', status: 'aguardando' })
    send(people.q1.socket, { type: 'join', room: 'Attending' })
    send(people.q1.socket, { type: 'joinTickets', status: 'bogus' })
    // Queueless: outside q1's sight, within the allTicket user's.
    send(people.q1.socket, { type: 'joinChatBox', ticketId })
    send(people.q1.socket, { type: 'joinChatBox', ticketId: 'x' })
    send(people.allTicket.socket, { type: 'joinChatBox', ticketId: String(ticketId) })
    send(people.allTicket.socket, { type: 'join', room: 'closed' })
    await Promise.all([people.q1.socket.sync(), people.allTicket.socket.sync()])
    expect(errors(people.q1.socket).map((f) => f.data)).toEqual([
      { error: 'ERR_VALIDATION', field: 'room', message: 'status must be open, pending or closed' },
      { error: 'ERR_NO_PERMISSION', room: `ticket-${ticketId}` },
      { error: 'ERR_VALIDATION', field: 'room', message: 'ticketId must be a ticket id' },
    ])
    expect(errors(people.allTicket.socket)).toEqual([])
  })

  it("reads members and attendants once per company until a user event, and a ticket's place alongside", async () => {
    const kernel = a.app.kernel
    // Count the statements: members come from kernel.accounts, attendants (their own cache) and a
    // ticket's place through kernel.tenant.
    const sqls: string[] = []
    const accounts = {
      ...kernel.accounts,
      members: (id: number, ids?: number[]) => {
        sqls.push('members')
        return kernel.accounts.members(id, ids)
      },
    }
    const counted = {
      ...kernel,
      accounts,
      tenant: (id: number) => {
        sqls.push('tenant')
        return kernel.tenant(id)
      },
    } as typeof kernel
    const audience = createAudience(counted, createAttendants(counted), { ttlMs: 60_000 })
    const [x, y] = await Promise.all([audience.of(companyId), audience.of(companyId)])
    await audience.of(companyId)
    expect(x).toBe(y)
    expect(sqls.sort()).toEqual(['members', 'tenant'])
    expect(x.admins).toContain(people.admin.userId)
    expect(x.allTicket).toEqual([people.allTicket.userId])
    expect(x.byQueue.get(Q2)).toEqual([people.q2.userId])

    // A known place and a warm audience: no query at all.
    const { ticketId } = await customerWrites()
    sqls.length = 0
    audience.remember(companyId, ticketId, { queueId: Q2, userId: null })
    expect((await audience.ofTicket(companyId, ticketId)).place).toEqual({ queueId: Q2, userId: null })
    expect(sqls).toEqual([])

    // Cold audience (attendants still cached), unknown ticket: both read, at once.
    audience.forget(companyId)
    audience.forgetTicket(companyId, ticketId)
    const cold = await audience.ofTicket(companyId, ticketId)
    expect(cold.place).toEqual({ queueId: null, userId: null })
    expect(cold.audience.allTicket).toEqual([people.allTicket.userId])
    expect(sqls.sort()).toEqual(['members', 'tenant'])

    // Warm audience, unknown ticket: the ticket's place only; no such ticket, no place.
    audience.forgetTicket(companyId, ticketId)
    expect((await audience.ofTicket(companyId, ticketId)).place).toEqual({ queueId: null, userId: null })
    expect((await audience.ofTicket(companyId, 99999999)).place).toBeNull()
    expect(sqls).toEqual(['members', 'tenant', 'tenant', 'tenant'])
  })
})
