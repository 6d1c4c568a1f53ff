import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import { createTestApp, companyWithUser, userIn, until, type Headers, type TestApp } from '@atende/kernel/testing'
import plugin from '../src/index.ts'
import type { Chat, ChatFrame, ChatMessage } from '../src/api.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Page<T> = { records: T[]; hasMore: boolean; count: number }

/** The real kernel with this plugin, a database of this file's own, HTTP through app.inject(). */
describe('chats', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [plugin] })
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const ok = async <T>(method: Method, url: string, headers: Headers, payload?: object): Promise<T> => {
    const res = await call(method, url, headers, payload)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200)
    return res.json()
  }
  const create = (h: Headers, body: object) => ok<Chat>('POST', '/api/chats', h, body)
  const send = (h: Headers, id: number, message: string) =>
    ok<ChatMessage>('POST', `/api/chats/${id}/messages`, h, { message })
  const list = (h: Headers, query = '') => ok<Page<Chat>>('GET', `/api/chats${query}`, h)
  /** A company with three users (ana the admin, bia and caio attendants). */
  const team = async () => {
    const ana = await companyWithUser(t.app, { profile: 'admin' })
    const bia = await userIn(t.app, ana.companyId, 'user')
    const caio = await userIn(t.app, ana.companyId, 'user')
    return { ana, bia, caio, companyId: ana.companyId }
  }

  it('creates, reads (by id and uuid), renames, changes members and deletes a chat', async () => {
    const { ana, bia, caio, companyId } = await team()
    expect(await list(ana.headers)).toEqual({ records: [], hasMore: false, count: 0 })
    const chat = await create(ana.headers, { title: '  Team  ', users: [bia.userId, ana.userId] })
    expect(chat).toMatchObject({ companyId, title: 'Team', ownerId: ana.userId, lastMessage: '', unreads: 0 })
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(chat.users.map((u) => [u.userId, u.owner, u.unreads]).sort()).toEqual(
      [
        [ana.userId, true, 0],
        [bia.userId, false, 0],
      ].sort(),
    )
    expect(await ok('GET', `/api/chats/${chat.id}`, bia.headers)).toEqual(chat)
    expect(await ok('GET', `/api/chats/${chat.uuid.toUpperCase()}`, ana.headers)).toEqual(chat)
    expect((await list(bia.headers)).records).toEqual([chat])

    const renamed = await ok<Chat>('PUT', `/api/chats/${chat.id}`, ana.headers, {
      title: 'Renamed',
      users: [caio.userId],
    })
    expect(renamed.title).toBe('Renamed')
    expect(renamed.users.map((u) => u.userId).sort()).toEqual([ana.userId, caio.userId].sort())
    expect((await call('GET', `/api/chats/${chat.id}`, bia.headers)).statusCode).toBe(404)
    expect((await call('GET', `/api/chats/${chat.id}`, caio.headers)).statusCode).toBe(200)

    expect(await ok('DELETE', `/api/chats/${chat.id}`, ana.headers)).toEqual({ message: 'Chat deleted' })
    const gone = await call('GET', `/api/chats/${chat.id}`, ana.headers)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_CHAT_FOUND')
  })

  it('shows a chat and its messages only to its members', async () => {
    const { ana, bia, caio } = await team()
    const chat = await create(bia.headers, { title: 'Private', users: [caio.userId] })
    await send(bia.headers, chat.id, 'hello')
    // ana is an admin, but not a member.
    expect((await list(ana.headers)).records).toEqual([])
    for (const [method, url, payload] of [
      ['GET', `/api/chats/${chat.id}`],
      ['GET', `/api/chats/${chat.uuid}`],
      ['PUT', `/api/chats/${chat.id}`, { title: 'x' }],
      ['DELETE', `/api/chats/${chat.id}`],
      ['GET', `/api/chats/${chat.id}/messages`],
      ['POST', `/api/chats/${chat.id}/messages`, { message: 'intruding' }],
      ['POST', `/api/chats/${chat.id}/read`],
    ] as const) {
      const res = await call(method, url, ana.headers, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().error).toBe('ERR_NO_CHAT_FOUND')
    }
    expect((await ok<Page<ChatMessage>>('GET', `/api/chats/${chat.id}/messages`, caio.headers)).count).toBe(1)
  })

  it('lets only the owner edit or delete', async () => {
    const { ana, bia } = await team()
    const chat = await create(ana.headers, { title: 'Mine', users: [bia.userId] })
    for (const [method, payload] of [['PUT', { title: 'Theirs' }], ['DELETE']] as const) {
      const res = await call(method, `/api/chats/${chat.id}`, bia.headers, payload)
      expect(res.statusCode, method).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await ok<Chat>('GET', `/api/chats/${chat.id}`, ana.headers)).title).toBe('Mine')
    // The owner stays a member whatever the list names.
    const edited = await ok<Chat>('PUT', `/api/chats/${chat.id}`, ana.headers, { users: [bia.userId] })
    expect(edited.users.map((u) => u.userId).sort()).toEqual([ana.userId, bia.userId].sort())
  })

  it('answers bad input with 400, naming the field', async () => {
    const { ana, bia } = await team()
    const other = await companyWithUser(t.app)
    const cases: [object, string][] = [
      [{ users: [bia.userId] }, 'title'],
      [{ title: '   ', users: [bia.userId] }, 'title'],
      [{ title: 'x'.repeat(101), users: [bia.userId] }, 'title'],
      [{ title: 'ok' }, 'users'],
      [{ title: 'ok', users: [] }, 'users'],
      [{ title: 'ok', users: [ana.userId] }, 'users'],
      [{ title: 'ok', users: [other.userId] }, 'users'],
      [{ title: 'ok', users: [999_999_999] }, 'users'],
      [{ title: 'ok', users: ['x'] }, 'users.0'],
    ]
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/chats', ana.headers, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().field, JSON.stringify(payload)).toBe(field)
    }
    const chat = await create(ana.headers, { title: 'ok', users: [bia.userId] })
    const outsider = await call('PUT', `/api/chats/${chat.id}`, ana.headers, { users: [other.userId] })
    expect(outsider.statusCode).toBe(400)
    expect(outsider.json()).toMatchObject({ error: 'ERR_CHAT_INVALID_USER', field: 'users' })
    for (const message of ['', '   \n ', 'x'.repeat(10_001)]) {
      const res = await call('POST', `/api/chats/${chat.id}/messages`, ana.headers, { message })
      expect(res.statusCode).toBe(400)
      expect(res.json().field).toBe('message')
    }
    expect((await call('POST', `/api/chats/${chat.id}/messages`, ana.headers, {})).json().field).toBe('message')
    expect((await ok<Page<ChatMessage>>('GET', `/api/chats/${chat.id}/messages`, ana.headers)).count).toBe(0)
    expect((await call('GET', '/api/chats/abc', ana.headers)).statusCode).toBe(400)
  })

  it('counts unread messages per member and marks them read', async () => {
    const { ana, bia, caio } = await team()
    const chat = await create(ana.headers, { title: 'Unreads', users: [bia.userId, caio.userId] })
    await send(ana.headers, chat.id, 'one')
    const two = await send(ana.headers, chat.id, '  two  ')
    expect(two).toMatchObject({ message: 'two', fromMe: true, senderId: ana.userId, chatId: chat.id })
    expect(two.sender).toEqual({ id: ana.userId, name: expect.any(String) })
    const forBia = (await list(bia.headers)).records[0]
    expect(forBia).toMatchObject({ id: chat.id, unreads: 2, lastMessage: 'two' })
    expect((await list(ana.headers)).records[0].unreads).toBe(0)
    expect(forBia.users.find((u) => u.userId === caio.userId)?.unreads).toBe(2)

    expect(await ok<Chat>('POST', `/api/chats/${chat.id}/read`, bia.headers)).toMatchObject({ unreads: 0 })
    expect((await list(bia.headers)).records[0].unreads).toBe(0)
    expect((await list(caio.headers)).records[0].unreads).toBe(2)
    // Writing means having read; everyone else's count goes up.
    await send(caio.headers, chat.id, 'three')
    expect((await list(caio.headers)).records[0].unreads).toBe(0)
    expect((await list(bia.headers)).records[0].unreads).toBe(1)
    expect((await list(ana.headers)).records[0].unreads).toBe(1)
    const seen = (await ok<Page<ChatMessage>>('GET', `/api/chats/${chat.id}/messages`, bia.headers)).records
    expect(seen.map((m) => [m.message, m.fromMe])).toEqual([
      ['one', false],
      ['two', false],
      ['three', false],
    ])
  })

  it('lists chats by newest activity, searchable, a page at a time', async () => {
    const { ana, bia } = await team()
    const chats: Chat[] = []
    for (let i = 1; i <= 21; i++) chats.push(await create(ana.headers, { title: `Chat ${i}`, users: [bia.userId] }))
    await send(bia.headers, chats[0].id, 'bump')
    const p1 = await list(ana.headers)
    expect(p1).toMatchObject({ hasMore: true, count: 21 })
    expect(p1.records).toHaveLength(20)
    expect(p1.records.map((c) => c.title).slice(0, 3)).toEqual(['Chat 1', 'Chat 21', 'Chat 20'])
    const p2 = await list(ana.headers, '?pageNumber=2')
    expect(p2.records.map((c) => c.title)).toEqual(['Chat 2'])
    expect(p2.hasMore).toBe(false)
    expect((await list(ana.headers, '?searchParam=AT%2019')).records.map((c) => c.title)).toEqual(['Chat 19'])
  })

  it('pages messages from the newest, oldest first within a page', async () => {
    const { ana, bia } = await team()
    const chat = await create(ana.headers, { title: 'Long', users: [bia.userId] })
    for (let i = 1; i <= 35; i++) await send(i % 2 ? ana.headers : bia.headers, chat.id, `m${i}`)
    const p1 = await ok<Page<ChatMessage>>('GET', `/api/chats/${chat.id}/messages`, ana.headers)
    expect(p1).toMatchObject({ hasMore: true, count: 35 })
    expect(p1.records.map((m) => m.message)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 6}`))
    const p2 = await ok<Page<ChatMessage>>('GET', `/api/chats/${chat.id}/messages?pageNumber=2`, ana.headers)
    expect(p2).toMatchObject({ hasMore: false, count: 35 })
    expect(p2.records.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
  })

  it("hides other companies' chats (404) and leaves them unchanged", async () => {
    const a = await team()
    const b = await companyWithUser(t.app, { profile: 'admin' })
    const chat = await create(a.ana.headers, { title: 'Secret of A', users: [a.bia.userId] })
    expect((await list(b.headers, '?searchParam=Secret')).records).toEqual([])
    for (const [method, url, payload] of [
      ['GET', `/api/chats/${chat.id}`],
      ['GET', `/api/chats/${chat.uuid}`],
      ['PUT', `/api/chats/${chat.id}`, { title: 'Taken' }],
      ['DELETE', `/api/chats/${chat.id}`],
      ['GET', `/api/chats/${chat.id}/messages`],
      ['POST', `/api/chats/${chat.id}/messages`, { message: 'hi' }],
      ['POST', `/api/chats/${chat.id}/read`],
    ] as const) {
      const res = await call(method, url, b.headers, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().error).toBe('ERR_NO_CHAT_FOUND')
    }
    expect(await ok('GET', `/api/chats/${chat.id}`, a.ana.headers)).toEqual(chat)
  })

  it('delivers frames only to members, each with their own unreads', async () => {
    const { ana, bia, caio, companyId } = await team()
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const open = async (headers: Headers) => {
      const ws = new WebSocket(
        `${addr.replace('http', 'ws')}/socket?token=${encodeURIComponent(headers.authorization.slice(7))}`,
      )
      const frames: { event: string; data: ChatFrame }[] = []
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve())
        ws.once('error', reject)
      })
      ws.send(JSON.stringify({ type: 'ping' }))
      await until(() => frames.some((f) => f.event === 'pong'))
      const data = () => frames.filter((f) => f.event === `company-${companyId}-chat`).map((f) => f.data)
      return { ws, data, actions: () => data().map((d) => d.action) }
    }
    const sockets = [await open(ana.headers), await open(bia.headers), await open(caio.headers)]
    const [anaSocket, biaSocket, caioSocket] = sockets
    try {
      const chat = await create(ana.headers, { title: 'Live', users: [bia.userId] })
      await send(ana.headers, chat.id, 'hi Bia')
      await until(() => biaSocket.data().length === 2)
      const frame = biaSocket.data()[1]
      expect(frame).toMatchObject({ action: 'new-message', chat: { id: chat.id, unreads: 1 } })
      if (frame.action !== 'new-message') throw new Error('expected a message frame')
      expect(frame.message).toMatchObject({ message: 'hi Bia', fromMe: false, senderId: ana.userId })
      await ok('POST', `/api/chats/${chat.id}/read`, bia.headers)
      await ok('PUT', `/api/chats/${chat.id}`, ana.headers, { users: [caio.userId] })
      await ok('DELETE', `/api/chats/${chat.id}`, ana.headers)
      await until(() => anaSocket.data().length === 4 && caioSocket.data().length === 2)
      await until(() => biaSocket.data().length === 4)
      expect(anaSocket.actions()).toEqual(['create', 'new-message', 'update', 'delete'])
      const anaMessage = anaSocket.data()[1]
      expect(anaMessage.action === 'new-message' && anaMessage.message.fromMe).toBe(true)
      // Bia: created, the message, her own read, then taken off (delete).
      expect(biaSocket.actions()).toEqual(['create', 'new-message', 'update', 'delete'])
      expect(biaSocket.data()[2]).toMatchObject({ action: 'update', chat: { unreads: 0 } })
      // Caio saw nothing until he was added.
      expect(caioSocket.actions()).toEqual(['update', 'delete'])
    } finally {
      for (const s of sockets) s.ws.terminate()
    }
  })

  it('documents every route in the OpenAPI document, with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const ops = Object.fromEntries(
      Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>)
        .filter(([path]) => path.startsWith('/api/chats'))
        .map(([path, methods]) => [path, Object.keys(methods).sort()]),
    )
    expect(ops).toEqual({
      '/api/chats': ['get', 'post'],
      '/api/chats/{id}': ['delete', 'get', 'put'],
      '/api/chats/{id}/messages': ['get', 'post'],
      '/api/chats/{id}/read': ['post'],
    })
    expect(doc.paths['/api/chats/{id}/messages'].post.requestBody).toBeDefined()
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Without chats ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'useInternalChat', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    const res = await call('GET', '/api/chats', h)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })
})
