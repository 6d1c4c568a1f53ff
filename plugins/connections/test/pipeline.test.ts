import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { EventMap } from '@atende/sdk'
import { createTestApp, pairedSimulator, pipelinePlugins, until, type TestApp } from './support.ts'

describe('inbound pipeline (simulator)', () => {
  let t: TestApp
  let sim: Awaited<ReturnType<typeof pairedSimulator>>
  const created: EventMap['message.created'][] = []
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '20'
    t = await createTestApp({ plugins: pipelinePlugins })
    sim = await pairedSimulator(t)
    t.app.kernel.bus.on('message.created', (p) => {
      created.push(p)
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const inbound = (payload: object) => sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, payload)
  const db = () => t.app.kernel.db

  it('50 concurrent messages from one new number → one contact, one ticket, 50 messages in order', async () => {
    const from = '5547991110001'
    const res = await Promise.all(
      Array.from({ length: 50 }, (_, i) => inbound({ from, name: 'Ana', body: `m${i}`, id: `burst-${i}` })),
    )
    expect(res.map((r) => r.statusCode)).toEqual(Array(50).fill(200))
    const contacts = await db()('contacts').where({ companyId: sim.whatsapp.companyId, number: from })
    expect(contacts).toHaveLength(1)
    expect(contacts[0].name).toBe('Ana')
    const tickets = await db()('tickets').where({ contactId: contacts[0].id })
    expect(tickets).toHaveLength(1)
    expect(tickets[0]).toMatchObject({
      status: 'pending',
      queueId: null,
      unreadMessages: 50,
      whatsappId: sim.whatsapp.id,
      isReturningCustomer: false,
    })
    const msgs = await db()('messages').where({ ticketId: tickets[0].id }).orderBy('id')
    expect(msgs).toHaveLength(50)
    expect(new Set(msgs.map((m: any) => m.providerId)).size).toBe(50)
    // A message's ack is 1..5; a customer's message is at the server.
    expect(res[7].json().message).toMatchObject({ body: 'm7', fromMe: false, ticketId: tickets[0].id, ack: 1 })
    expect(new Set(msgs.map((m: any) => m.ack))).toEqual(new Set([1]))
  })

  it('a re-delivered id is stored once and does not bump the ticket', async () => {
    const first = await inbound({ from: '5547991110002', body: 'hello', id: 'dup-1' })
    const again = await inbound({ from: '5547991110002', body: 'hello', id: 'dup-1' })
    expect(again.statusCode).toBe(200)
    expect(again.json().message.id).toBe(first.json().message.id)
    const msgs = await db()('messages').where({ providerId: 'dup-1' })
    expect(msgs).toHaveLength(1)
    const ticket = await db()('tickets').where({ id: msgs[0].ticketId }).first()
    expect(ticket.unreadMessages).toBe(1)
  })

  it('concurrent bursts from many numbers keep one active ticket each (enforced by the database)', async () => {
    const numbers = Array.from({ length: 10 }, (_, i) => `55479922200${String(i).padStart(2, '0')}`)
    await Promise.all(numbers.flatMap((n) => Array.from({ length: 5 }, (_, j) => inbound({ from: n, body: `x${j}` }))))
    const rows = await db()('tickets as t')
      .join('contacts as c', 'c.id', 't.contactId')
      .whereIn('c.number', numbers)
      .select('t.id', 'c.number')
    expect(rows).toHaveLength(10)
    await expect(
      db()('tickets').insert({
        uuid: crypto.randomUUID(),
        companyId: sim.whatsapp.companyId,
        contactId: (await db()('contacts').where({ number: numbers[0] }).first()).id,
        whatsappId: sim.whatsapp.id,
        status: 'open',
      }),
    ).rejects.toThrow(/tickets_one_active_per_contact|duplicate key/)
  })

  it('numbers normalise to one contact (a mobile without its ninth digit, formatted)', async () => {
    await inbound({ from: '+55 (47) 9333-4444', body: 'a' })
    await inbound({ from: '5547993334444', body: 'b' })
    const rows = await db()('contacts').where({ companyId: sim.whatsapp.companyId }).where('number', 'like', '%3334444')
    expect(rows.map((r: any) => r.number)).toEqual(['5547993334444'])
  })

  it('a closed conversation opens a new ticket flagged returning customer', async () => {
    const from = '5547994445555'
    const first = (await inbound({ from, body: 'one' })).json().message
    await db()('tickets').where({ id: first.ticketId }).update({ status: 'closed' })
    const second = (await inbound({ from, body: 'two' })).json().message
    expect(second.ticketId).not.toBe(first.ticketId)
    expect(await db()('tickets').where({ id: second.ticketId }).first()).toMatchObject({
      status: 'pending',
      isReturningCustomer: true,
    })
  })

  it('an idle ticket past expiresTicket hours is closed and the customer starts a new one', async () => {
    const from = '5547995556666'
    const first = (await inbound({ from, body: 'one' })).json().message
    await sim.call('PUT', `/api/whatsapp/${sim.whatsapp.id}`, { expiresTicket: 2 })
    await db()('tickets')
      .where({ id: first.ticketId })
      .update({ updatedAt: new Date(Date.now() - 3 * 3600_000) })
    const second = (await inbound({ from, body: 'two' })).json().message
    expect(second.ticketId).not.toBe(first.ticketId)
    expect((await db()('tickets').where({ id: first.ticketId }).first()).status).toBe('closed')
    await sim.call('PUT', `/api/whatsapp/${sim.whatsapp.id}`, { expiresTicket: 0 })
  })

  it('group messages are ignored while CheckMsgIsGroup is enabled, and ticketed per group otherwise', async () => {
    const ignored = await inbound({
      from: '5547996667777',
      name: 'Bia',
      groupId: '120363000000000001',
      groupName: 'Equipe',
      body: 'oi grupo',
    })
    expect(ignored.statusCode).toBe(200)
    expect(ignored.json().message).toBeNull()
    let told = false
    t.app.kernel.bus.on('setting.updated', (p) => {
      if (p.key === 'CheckMsgIsGroup') told = true
    })
    await t.app.kernel.settings.set(sim.whatsapp.companyId, 'CheckMsgIsGroup', 'disabled')
    // What the settings route emits after saving.
    await t.app.kernel.bus.emit('setting.updated', {
      companyId: sim.whatsapp.companyId,
      key: 'CheckMsgIsGroup',
      value: 'disabled',
    })
    await until(() => told) // the pipeline drops its cached value on this event
    const m = (
      await inbound({
        from: '5547996667777',
        name: 'Bia',
        groupId: '120363000000000001',
        groupName: 'Equipe',
        body: 'oi grupo',
      })
    ).json().message
    const ticket = await db()('tickets').where({ id: m.ticketId }).first()
    const group = await db()('contacts').where({ id: ticket.contactId }).first()
    expect(group).toMatchObject({ isGroup: true, name: 'Equipe', number: '120363000000000001' })
    expect(ticket.isGroup).toBe(true)
    const sender = await db()('contacts').where({ id: m.contactId }).first()
    expect(sender).toMatchObject({ number: '5547996667777', name: 'Bia', isGroup: false })
    expect(m.participant).toBe('5547996667777')
  })

  it('media from a data: URI is stored and served through a signed URL', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const res = await inbound({
      from: '5547997778888',
      mediaType: 'image',
      mediaUrl: `data:image/png;base64,${png.toString('base64')}`,
      body: 'foto',
    })
    const m = res.json().message
    expect(m).toMatchObject({ mediaType: 'image', body: 'foto' })
    expect(m.mediaUrl).toMatch(/^\/api\/media\//)
    const file = await t.app.inject({ method: 'GET', url: m.mediaUrl })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(png)).toBe(true)
  })

  it('quoted replies point to our copy of the quoted message', async () => {
    const a = (await inbound({ from: '5547998889999', body: 'first', id: 'q-1' })).json().message
    const b = (await inbound({ from: '5547998889999', body: 'reply', quotedId: 'q-1' })).json().message
    expect(b.quotedMsgId).toBe(a.id)
  })

  it('emits message.created after commit with the ticket and its contact', async () => {
    await inbound({ from: '5547990001111', name: 'Caio', body: 'evento', id: 'ev-1' })
    await until(() => created.some((e) => e.message.providerId === 'ev-1'))
    const e = created.find((x) => x.message.providerId === 'ev-1')!
    expect(e.companyId).toBe(sim.whatsapp.companyId)
    expect(e.ticket.contact).toMatchObject({ name: 'Caio', number: '5547990001111' })
    expect(await db()('messages').where({ providerId: 'ev-1' }).first()).toBeTruthy()
  })

  it('refuses bad input with a 400 naming the field', async () => {
    expect((await inbound({ from: '5547990001111' })).json()).toMatchObject({
      statusCode: 400,
      error: 'ERR_VALIDATION',
    })
    expect((await inbound({ from: 'abc', body: 'x' })).statusCode).toBe(400)
    expect((await inbound({ from: '5547990001111', mediaUrl: 'ftp://x/y', mediaType: 'image' })).statusCode).toBe(400)
  })
})
