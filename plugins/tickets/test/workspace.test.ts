/**
 * The attendant's calls beyond the first slice (issue 6): starting a conversation, the open tab's
 * rules (showAll, counts), the search tab's filters (tags, users, message text), ticket notes, and
 * the message page's history across the contact's tickets with quoted messages.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { announceUser, userIn, type Headers } from '@atende/kernel/testing'
import { createTestApp, pairedSimulator, until, type TestApp } from '../../connections/test/support.ts'
import { REOPEN_WINDOW_MS } from '../src/create.ts'
import type { TicketsRef } from '../src/api.ts'

describe('tickets workspace API', () => {
  let t: TestApp
  let sim: Awaited<ReturnType<typeof pairedSimulator>>
  let companyId: number
  let adminId: number
  let seq = 0
  const db = () => t.app.kernel.db

  beforeAll(async () => {
    t = await createTestApp()
    sim = await pairedSimulator(t)
    companyId = sim.whatsapp.companyId
    adminId = (await db()('users').where({ companyId }).first('id')).id
  })
  afterAll(async () => {
    await t?.close()
  })

  const req = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const number = () => `55479770${String(++seq).padStart(5, '0')}`
  async function write(from: string, body: string, name = `Cliente ${seq}`) {
    const res = await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from, name, body })
    expect(res.statusCode).toBe(200)
    return res.json().message as { id: number; ticketId: number; contactId: number }
  }
  async function queue(name: string, color: string) {
    const res = await sim.call('POST', '/api/queue', { name, color, greetingMessage: `Olá da ${name}` })
    expect(res.statusCode).toBe(200)
    return res.json().id as number
  }
  async function member(queueIds: number[] = []) {
    const u = await userIn(t.app, companyId, 'user')
    if (queueIds.length)
      await db()('attendant_queues').insert(queueIds.map((queueId) => ({ userId: u.userId, queueId, companyId })))
    await announceUser(t.app, u.userId)
    return u
  }
  const ids = (res: { json(): any }) => (res.json().tickets as { id: number }[]).map((x) => x.id)

  describe('POST /tickets', () => {
    it('opens a ticket assigned to the caller on the default connection; a second one is ERR_OTHER_OPEN_TICKET naming owner and queue', async () => {
      const contact = (await sim.call('POST', '/api/contacts', { name: 'Joana Prado', number: number() })).json()
      const q = await queue('Vendas', '#aa0000')
      const res = await req(sim.headers, 'POST', '/api/tickets', { contactId: contact.id, queueId: q })
      expect(res.statusCode).toBe(200)
      const ticket = res.json()
      expect(ticket).toMatchObject({
        status: 'open',
        userId: adminId,
        queueId: q,
        whatsappId: sim.whatsapp.id,
        isReturningCustomer: false,
      })
      expect(ticket.queue).toMatchObject({ name: 'Vendas' })
      expect(ticket.tags).toEqual([])

      const other = await member([q])
      const again = await req(other.headers, 'POST', '/api/tickets', { contactId: contact.id, queueId: q })
      expect(again.statusCode).toBe(409)
      const adminName = (await db()('users').where({ id: adminId }).first('name')).name
      expect(again.json()).toMatchObject({
        error: 'ERR_OTHER_OPEN_TICKET',
        ticketId: ticket.id,
        userName: adminName,
        queueName: 'Vendas',
      })

      expect(ticket.outcome).toBe('TICKET_CREATED')

      // Closed moments ago, then started again: the same ticket, the caller's.
      expect((await req(sim.headers, 'PUT', `/api/tickets/${ticket.id}`, { status: 'closed' })).statusCode).toBe(200)
      const back = await req(other.headers, 'POST', '/api/tickets', { contactId: contact.id, queueId: q })
      expect(back.statusCode).toBe(200)
      expect(back.json()).toMatchObject({
        id: ticket.id,
        outcome: 'TICKET_REOPENED',
        status: 'open',
        userId: other.userId,
      })
      expect(Number((await db()('tickets').where({ contactId: contact.id }).count({ n: '*' }))[0]!.n)).toBe(1)

      // Closed longer ago than the window: a new ticket, for a returning customer.
      expect((await req(other.headers, 'PUT', `/api/tickets/${ticket.id}`, { status: 'closed' })).statusCode).toBe(200)
      await db()('tickets')
        .where({ id: ticket.id })
        .update({ updatedAt: new Date(Date.now() - REOPEN_WINDOW_MS - 60_000) })
      const later = await req(other.headers, 'POST', '/api/tickets', { contactId: contact.id, queueId: q })
      expect(later.statusCode).toBe(200)
      expect(later.json()).toMatchObject({
        outcome: 'TICKET_CREATED',
        status: 'open',
        userId: other.userId,
        isReturningCustomer: true,
      })
      expect(later.json().id).not.toBe(ticket.id)
    })

    it('refuses bad input with the field: unknown contact, non-admin without a queue or outside theirs, unknown connection', async () => {
      const q = await queue('Suporte', '#00aa00')
      const contact = (await sim.call('POST', '/api/contacts', { name: 'Pedro Lima', number: number() })).json()
      const u = await member([])
      const cases: [Headers, object, number, string, string?][] = [
        [sim.headers, { contactId: 999999 }, 400, 'ERR_NO_CONTACT_FOUND', 'contactId'],
        [u.headers, { contactId: contact.id }, 400, 'ERR_QUEUE_REQUIRED', 'queueId'],
        [u.headers, { contactId: contact.id, queueId: q }, 400, 'ERR_NO_PERMISSION', 'queueId'],
        [sim.headers, { contactId: contact.id, whatsappId: 999999 }, 400, 'ERR_NO_WAPP_FOUND', 'whatsappId'],
        [sim.headers, { contactId: 'x' }, 400, 'ERR_VALIDATION', 'contactId'],
      ]
      for (const [h, body, status, error, field] of cases) {
        const res = await req(h, 'POST', '/api/tickets', body)
        expect(res.statusCode, JSON.stringify(body)).toBe(status)
        expect(res.json()).toMatchObject({ error, ...(field ? { field } : {}) })
      }
    })
  })

  describe('open tab, counts and search filters', () => {
    it("showAll: admins see everyone's open tickets only with it; counts follow the same rules", async () => {
      const q = await queue('Financeiro', '#0000aa')
      const u = await member([q])
      const mine = await write(number(), 'quero pagar')
      const theirs = await write(number(), 'segunda via')
      const waiting = await write(number(), 'alguém?')
      await db()('tickets').where({ id: mine.ticketId }).update({ status: 'open', userId: adminId, queueId: q })
      await db()('tickets').where({ id: theirs.ticketId }).update({ status: 'open', userId: u.userId, queueId: q })
      await db()('tickets').where({ id: waiting.ticketId }).update({ queueId: q })

      const open = (h: Headers, qs = '') => req(h, 'GET', `/api/tickets?status=open&queueIds=[${q}]${qs}`)
      expect(ids(await open(sim.headers))).toEqual([mine.ticketId])
      expect(ids(await open(sim.headers, '&showAll=true')).sort()).toEqual([mine.ticketId, theirs.ticketId].sort())
      expect(ids(await open(u.headers))).toEqual([theirs.ticketId])
      // showAll is an admin's switch: a user asking for it still sees their own.
      expect(ids(await open(u.headers, '&showAll=true'))).toEqual([theirs.ticketId])
      expect(ids(await req(u.headers, 'GET', `/api/tickets?status=pending&queueIds=[${q}]`))).toEqual([
        waiting.ticketId,
      ])

      const counts = async (h: Headers, qs = '') =>
        (await req(h, 'GET', `/api/tickets/counts?queueIds=[${q}]${qs}`)).json()
      expect(await counts(sim.headers)).toEqual({ open: 1, pending: 1 })
      expect(await counts(sim.headers, '&showAll=true')).toEqual({ open: 2, pending: 1 })
      expect(await counts(u.headers)).toEqual({ open: 1, pending: 1 })
      const outsider = await member([])
      expect(await counts(outsider.headers)).toEqual({ open: 0, pending: 0 })
    })

    it('search tab: message text (words and prefixes, full-text), contact name, tags (all of them), users (admins)', async () => {
      const a = await write(number(), 'Meu pedido 4471 chegou quebrado', 'Ana Souza')
      const b = await write(number(), 'bom dia', 'Bruno Dias')
      await write(b.ticketId ? number() : '', 'outra conversa', 'Carla Nunes')
      await db()('tickets').where({ id: b.ticketId }).update({ status: 'open', userId: adminId })

      const search = async (text: string, qs = '') =>
        ids(await req(sim.headers, 'GET', `/api/tickets?searchParam=${encodeURIComponent(text)}${qs}`))
      expect(await search('quebrado')).toEqual([a.ticketId])
      expect(await search('pedido quebr')).toEqual([a.ticketId])
      expect(await search('QUEBRADO')).toEqual([a.ticketId])
      expect(await search('Bruno')).toEqual([b.ticketId])
      expect(await search('zzzz-nada')).toEqual([])
      expect(await search('%')).toEqual([])

      const tag = async (name: string) =>
        (await sim.call('POST', '/api/tags', { name, color: '#123456' })).json().id as number
      const [vip, urgent] = [await tag(`VIP ${seq}`), await tag(`Urgente ${seq}`)]
      expect(
        (await sim.call('POST', '/api/tags/sync', { ticketId: a.ticketId, tags: [{ id: vip }, { id: urgent }] }))
          .statusCode,
      ).toBe(200)
      expect((await sim.call('POST', '/api/tags/sync', { ticketId: b.ticketId, tags: [{ id: vip }] })).statusCode).toBe(
        200,
      )
      const byTags = async (qs: string) => ids(await req(sim.headers, 'GET', `/api/tickets?${qs}`)).sort()
      expect(await byTags(`tags=[${vip}]`)).toEqual([a.ticketId, b.ticketId].sort())
      expect(await byTags(`tags=[${vip},${urgent}]`)).toEqual([a.ticketId])
      const listed = (await req(sim.headers, 'GET', `/api/tickets?tags=[${urgent}]`)).json().tickets[0]
      expect(listed.tags.map((x: { id: number }) => x.id).sort()).toEqual([vip, urgent].sort())
      expect(await byTags(`users=[${adminId}]&searchParam=bom`)).toEqual([b.ticketId])
      expect((await req(sim.headers, 'GET', '/api/tickets?tags=[0]')).json()).toMatchObject({
        error: 'ERR_VALIDATION',
        field: 'tags',
      })
    })
  })

  it("message words are found through each ticket's search document: few tickets by the index, over 300 walked newest first", async () => {
    const first = await write(number(), 'promocao relampago')
    const second = await write(number(), 'nada a ver')
    const third = await write(number(), 'outra promocao')
    const insert = async (n: number, body: (i: number) => string) => {
      const rows = Array.from({ length: n }, (_, i) => ({
        companyId,
        ticketId: second.ticketId,
        whatsappId: sim.whatsapp.id,
        body: body(i),
        fromMe: true,
      }))
      for (let i = 0; i < rows.length; i += 1000) await db()('messages').insert(rows.slice(i, i + 1000))
    }
    await insert(3000, (i) => (i % 2 ? 'sem palavra' : `promo ${i}`))
    const search = async (text: string) => ids(await req(sim.headers, 'GET', `/api/tickets?searchParam=${text}`)).sort()
    // 1,502 messages say 'promo…': read from the index first.
    expect(await search('promo')).toEqual([first.ticketId, second.ticketId, third.ticketId].sort())
    expect(await search('promocao')).toEqual([first.ticketId, third.ticketId].sort())
    // A contact's name and a message word together (the contacts' tickets join the hits), paged and counted.
    expect(await search('Cliente')).toEqual(expect.arrayContaining([first.ticketId, second.ticketId, third.ticketId]))
    await db()('contacts')
      .where({ id: (await db()('tickets').where({ id: second.ticketId }).first('contactId')).contactId })
      .update({ name: 'Relampago Silva' })
    expect(await search('relampago')).toEqual([first.ticketId, second.ticketId].sort())
    const counts = (await req(sim.headers, 'GET', '/api/tickets/counts?searchParam=relampago')).json()
    expect(counts).toEqual({ open: 0, pending: 2 })
    // An edit adds its words to the ticket's search document.
    const edited = await db()('messages').where({ ticketId: third.ticketId }).first('id')
    await db()('messages').where({ id: edited.id }).update({ body: 'trovoada amanha' })
    expect(await search('trovoada')).toEqual([third.ticketId])
    // The edited-away words stay: the conversation did hold them.
    expect(await search('outra')).toContain(third.ticketId)
    // Over 300 tickets say it: walked newest first, each ticket's document read; the newest three
    // are still the page's first, the old ones follow.
    const contactId = (await db()('tickets').where({ id: second.ticketId }).first('contactId')).contactId
    const { rows: old } = await db().raw(
      `INSERT INTO tickets (uuid, "companyId", "contactId", "whatsappId", status, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), ?, ?, ?, 'closed', '2020-01-01', '2020-01-01'::timestamptz + g * interval '1 minute'
         FROM generate_series(1, 320) g RETURNING id`,
      [companyId, contactId, sim.whatsapp.id],
    )
    await db()('messages').insert(
      old.map((r: { id: number }) => ({ companyId, ticketId: r.id, whatsappId: sim.whatsapp.id, body: 'promo velha' })),
    )
    const walked = (await req(sim.headers, 'GET', '/api/tickets?searchParam=promo')).json()
    expect(walked.hasMore).toBe(true)
    expect(walked.tickets).toHaveLength(20)
    expect(
      walked.tickets
        .slice(0, 3)
        .map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([first.ticketId, second.ticketId, third.ticketId].sort())
    expect(walked.tickets[3].id).toBe(old[old.length - 1].id)
    expect(await search('promocao')).toEqual([first.ticketId, third.ticketId].sort())
    expect(await search('velha')).toHaveLength(20)
  })

  it("lists follow a user's queues and the names of queues and connections as their owners change them (cached names)", async () => {
    const qa = await queue('Cache A', '#0a0a01')
    const qb = await queue('Cache B', '#0a0a02')
    const m = await write(number(), 'preciso de ajuda')
    await db()('tickets').where({ id: m.ticketId }).update({ queueId: qa, status: 'pending' })
    const attendant = await member([qa])
    const pending = async () =>
      (await req(attendant.headers, 'GET', '/api/tickets?status=pending')).json().tickets as Array<{
        id: number
        queue: { name: string } | null
        whatsapp: { name: string } | null
      }>
    const mine = async () => (await pending()).find((x) => x.id === m.ticketId)
    expect((await mine())?.queue?.name).toBe('Cache A')

    // Renamed through the queues API: the next lists say the new name.
    expect((await sim.call('PUT', `/api/queue/${qa}`, { name: 'Cache A2' })).statusCode).toBe(200)
    await until(async () => (await mine())?.queue?.name === 'Cache A2')
    // The connection renamed through its API.
    expect((await sim.call('PUT', `/api/whatsapp/${sim.whatsapp.id}`, { name: 'Balcão renomeado' })).statusCode).toBe(
      200,
    )
    await until(async () => (await mine())?.whatsapp?.name === 'Balcão renomeado')

    // The admin moves the attendant to another queue: the ticket leaves their pending list.
    const moved = await sim.call('PUT', `/api/users/${attendant.userId}`, { queueIds: [qb] })
    expect(moved.statusCode).toBe(200)
    await until(async () => (await mine()) === undefined)
    // And back through a deleted queue: queue B goes, the tickets plugin drops it and announces them.
    expect((await sim.call('PUT', `/api/users/${attendant.userId}`, { queueIds: [qa, qb] })).statusCode).toBe(200)
    await until(async () => (await mine()) !== undefined)
    expect((await sim.call('DELETE', `/api/queue/${qb}`)).statusCode).toBe(200)
    const queuesOf = async () =>
      (await t.app.kernel.services.get<TicketsRef>('tickets').attendants(companyId, [attendant.userId]))[0]?.queueIds
    await until(async () => (await queuesOf())?.length === 1)
    expect(await queuesOf()).toEqual([qa])
  })

  describe('reading and queue removal', () => {
    it('POST /tickets/{id}/read zeroes the unread count once the attendant has the chat open; outsiders get 403', async () => {
      const q = await queue('Leitura', '#fedcba')
      const m = await write(number(), 'um')
      await write(m.contactId ? (await db()('contacts').where({ id: m.contactId }).first('number')).number : '', 'dois')
      await db()('tickets').where({ id: m.ticketId }).update({ queueId: q })
      expect((await db()('tickets').where({ id: m.ticketId }).first('unreadMessages')).unreadMessages).toBe(2)
      const stranger = await member([])
      expect((await req(stranger.headers, 'POST', `/api/tickets/${m.ticketId}/read`)).statusCode).toBe(403)
      const res = await req(sim.headers, 'POST', `/api/tickets/${m.ticketId}/read`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: m.ticketId, unreadMessages: 0 })
      expect(
        Number((await db()('messages').where({ ticketId: m.ticketId, read: false }).count({ n: '*' }).first())!.n),
      ).toBe(0)
      // Idempotent: nothing left to read still answers the ticket.
      expect((await req(sim.headers, 'POST', `/api/tickets/${m.ticketId}/read`)).json()).toMatchObject({
        unreadMessages: 0,
      })
    })

    it('a deleted queue leaves its tickets queueless', async () => {
      const q = await queue('Temporária', '#0f0f0f')
      const m = await write(number(), 'fila apagada')
      await db()('tickets').where({ id: m.ticketId }).update({ queueId: q })
      expect((await sim.call('DELETE', `/api/queue/${q}`)).statusCode).toBe(200)
      await expect
        .poll(async () => (await db()('tickets').where({ id: m.ticketId }).first('queueId')).queueId)
        .toBeNull()
    })
  })

  describe('ticket notes', () => {
    it('adds (min 2), lists newest first with the author across the contact, deletes by author or admin; others get 403', async () => {
      const q = await queue('Notas', '#abcdef')
      const m = await write(number(), 'preciso de ajuda')
      await db()('tickets').where({ id: m.ticketId }).update({ queueId: q })
      const u = await member([q])
      const stranger = await member([])
      const add = (h: Headers, note: string) =>
        req(h, 'POST', '/api/ticket-notes', { note, ticketId: m.ticketId, contactId: m.contactId })

      expect((await add(u.headers, ' a ')).json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'note' })
      expect((await add(stranger.headers, 'olá')).statusCode).toBe(403)
      const first = (await add(u.headers, 'Cliente VIP')).json()
      const second = (await add(sim.headers, 'Ligar amanhã')).json()
      const author = async (userId: number) => ({
        id: userId,
        name: (await db()('users').where({ id: userId }).first('name')).name,
      })
      expect(first).toMatchObject({
        note: 'Cliente VIP',
        ticketId: m.ticketId,
        contactId: m.contactId,
        user: await author(u.userId),
      })

      const list = (
        await req(u.headers, 'GET', `/api/ticket-notes/list?ticketId=${m.ticketId}&contactId=${m.contactId}`)
      ).json()
      expect(second.user).toEqual(await author(second.user.id))
      expect(list.map((n: { id: number; user: unknown }) => [n.id, n.user])).toEqual([
        [second.id, second.user],
        [first.id, first.user],
      ])
      expect((await req(stranger.headers, 'GET', `/api/ticket-notes/list?ticketId=${m.ticketId}`)).statusCode).toBe(403)

      expect((await req(u.headers, 'DELETE', `/api/ticket-notes/${second.id}`)).statusCode).toBe(403)
      expect((await req(u.headers, 'DELETE', `/api/ticket-notes/${first.id}`)).statusCode).toBe(200)
      expect((await req(sim.headers, 'DELETE', `/api/ticket-notes/${second.id}`)).statusCode).toBe(200)
      expect((await req(sim.headers, 'DELETE', `/api/ticket-notes/${second.id}`)).statusCode).toBe(404)
      expect((await req(u.headers, 'GET', `/api/ticket-notes/list?ticketId=${m.ticketId}`)).json()).toEqual([])
    })
  })

  describe('GET /messages/{ticketId}', () => {
    it("carries the contact's earlier tickets (history) and each reply's quoted message", async () => {
      const from = number()
      const first = await write(from, 'primeira conversa')
      expect((await req(sim.headers, 'PUT', `/api/tickets/${first.ticketId}`, { status: 'closed' })).statusCode).toBe(
        200,
      )
      const second = await write(from, 'voltei')
      expect(second.ticketId).not.toBe(first.ticketId)
      await db()('tickets').where({ id: second.ticketId }).update({ status: 'open', userId: adminId })
      const sent = await req(sim.headers, 'POST', `/api/messages/${second.ticketId}`, {
        body: 'que bom!',
        quotedMsg: { id: second.id },
      })
      expect(sent.statusCode).toBe(200)

      const page = (await req(sim.headers, 'GET', `/api/messages/${second.ticketId}`)).json()
      expect(page.messages.map((x: { body: string; ticketId: number }) => [x.body, x.ticketId])).toEqual([
        ['primeira conversa', first.ticketId],
        ['voltei', second.ticketId],
        ['que bom!', second.ticketId],
      ])
      expect(page.messages[2].quotedMsg).toMatchObject({ id: second.id, body: 'voltei', fromMe: false })
      expect(page.messages[0].quotedMsg).toBeNull()
      // The older ticket's page does not show what came after it.
      const old = (await req(sim.headers, 'GET', `/api/messages/${first.ticketId}`)).json()
      expect(old.messages.map((x: { body: string }) => x.body)).toEqual(['primeira conversa'])

      // Paged across the two tickets, their messages interleaved: each page the next 20 by id.
      await db()('messages').insert(
        Array.from({ length: 45 }, (_, i) => ({
          companyId,
          ticketId: i % 3 ? first.ticketId : second.ticketId,
          whatsappId: sim.whatsapp.id,
          body: `p${i}`,
          fromMe: true,
        })),
      )
      const all: number[] = await db()('messages')
        .whereIn('ticketId', [first.ticketId, second.ticketId])
        .orderBy('id', 'desc')
        .pluck('id')
      for (let pageNumber = 1; pageNumber <= 3; pageNumber++) {
        const got = (await req(sim.headers, 'GET', `/api/messages/${second.ticketId}?pageNumber=${pageNumber}`)).json()
        const want = all.slice((pageNumber - 1) * 20, pageNumber * 20).reverse()
        expect(got.messages.map((x: { id: number }) => x.id)).toEqual(want)
        expect(got).toMatchObject({ count: all.length, hasMore: pageNumber * 20 < all.length })
      }
    })
  })
})
