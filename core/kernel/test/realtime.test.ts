import type WebSocket from 'ws'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { definePlugin, type SessionUser } from '@atende/sdk'
import { createTestApp, hasRedis, sleep, until, type TestApp } from './support/index.ts'
import { connect } from './support/socket.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'rtprobe.notify': { companyId: number; text: string; rooms: string[] }
    'rtprobe.slow': { companyId: number; text: string; delayMs: number; fail?: boolean }
  }
}

// A plugin's room rules and mapping: ticket chat boxes by id (only even ids here) and a shared status room.
const rtprobe = definePlugin({
  name: 'rtprobe',
  // The tests emit them through the app's own kernel (unscoped); the mapping is this plugin's.
  events: { emits: ['rtprobe.notify', 'rtprobe.slow'], listens: ['rtprobe.notify', 'rtprobe.slow'] },
  version: '1.0.0',
  essential: true,
  register(_app, kernel) {
    kernel.realtime.authorizeRoom('ticket-', (_auth, room) => Number(room.slice(7)) % 2 === 0)
    // A plugin's join kinds, as the tickets plugin registers its own (joinTickets, joinChatBox).
    kernel.realtime.authorizeRoom('tickets-', (_auth, room) => room === 'tickets-pending' || room === 'tickets-open')
    kernel.realtime.joinKind('Tickets', {
      room: (msg) =>
        msg.status === 'aguardando'
          ? 'tickets-pending'
          : msg.status === 'attending'
            ? 'tickets-open'
            : new Error('bad status'),
      bare: (name) => (name === 'closed' || name === 'pending' ? `tickets-${name}` : null),
    })
    kernel.realtime.joinKind('ChatBox', {
      room: (msg) => (/^\d+$/.test(String(msg.ticketId)) ? `ticket-${msg.ticketId}` : new Error('bad ticket id')),
    })
    kernel.realtime.authorizeRoom('notification', (_auth, room) => room === 'notification')
    kernel.realtime.map('rtprobe.notify', ({ companyId, text, rooms }) => ({
      rooms,
      event: `company-${companyId}-appMessage`,
      data: { action: 'create', text },
    }))
    // Async, and two deliveries for one event (as an audience lookup would).
    kernel.realtime.map('rtprobe.slow', async ({ companyId, text, delayMs, fail }) => {
      await sleep(delayMs)
      if (fail) throw new Error('lookup failed')
      return [
        { rooms: [`company-${companyId}`], event: `company-${companyId}-appMessage`, data: { action: 'create', text } },
        { rooms: ['notification'], event: `company-${companyId}-appMessage`, data: { action: 'notice', text } },
      ]
    })
  },
})

describe('realtime gateway', () => {
  let t: TestApp
  let base: string
  let superUser: SessionUser
  let other: SessionUser
  const open: Array<{ ws: WebSocket }> = []
  const socket = async (token: string | null) => {
    const c = await connect(base, token)
    open.push(c)
    return c
  }
  const tokenFor = async (u: SessionUser) => (await t.app.kernel.auth.issue(u)).accessToken

  beforeAll(async () => {
    t = await createTestApp({
      plugins: [rtprobe],
      config: { realtimePingMs: 150, userStatusMs: 150, userOfflineAfterMs: 600 },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const addr = t.app.server.address() as { port: number }
    base = `ws://127.0.0.1:${addr.port}`
    const su = await t.db('users').where({ super: true }).first()
    superUser = { id: su.id, companyId: su.companyId, profile: su.profile, super: true }
    // A second tenant, straight in the kernel's tables (no plugins needed for this test).
    const [company] = await t
      .db('companies')
      .insert({ name: 'Other Co', cnpj: '11222333000181', planId: null })
      .returning('*')
    const [user] = await t
      .db('users')
      .insert({ companyId: company.id, name: 'Other', email: 'other@x.test', passwordHash: 'x', profile: 'admin' })
      .returning('*')
    other = { id: user.id, companyId: company.id, profile: 'admin', super: false }
  })
  afterAll(async () => {
    for (const c of open) c.ws.terminate()
    await t?.close()
  })

  it('auto-joins the company and user rooms and delivers mapped kernel events', async () => {
    const c = await socket(await tokenFor(superUser))
    await c.sync()
    const cid = superUser.companyId
    await t.app.kernel.bus.emit('user.updated', { companyId: cid, user: { id: 123, name: 'Ana' } })
    await t.app.kernel.bus.emit('user.deleted', { companyId: cid, userId: 124 })
    await t.app.kernel.bus.emit('setting.updated', { companyId: cid, key: 'userRating', value: 'enabled' })
    await t.app.kernel.bus.emit('user.updated', { companyId: other.companyId, user: { id: 999 } })
    await c.sync()
    expect(c.find(`company-${cid}-user`, (f) => f.data.user?.id === 123)).toEqual([
      { event: `company-${cid}-user`, data: { action: 'update', user: { id: 123, name: 'Ana' } } },
    ])
    expect(c.find(`company-${cid}-user`, (f) => f.data.action === 'delete')).toEqual([
      { event: `company-${cid}-user`, data: { action: 'delete', userId: 124 } },
    ])
    expect(c.find(`company-${cid}-settings`)).toEqual([
      {
        event: `company-${cid}-settings`,
        data: { action: 'update', setting: { key: 'userRating', value: 'enabled' } },
      },
    ])
    expect(c.find(`company-${other.companyId}-user`)).toEqual([])
    expect(t.app.kernel.realtime.onlineUserIds(cid)).toContain(superUser.id)
    expect(t.app.kernel.realtime.onlineUserIds(other.companyId)).toEqual([])
  })

  it("tells open sessions when what their company may use changed: its plan's modules or the company", async () => {
    const mine = await socket(await tokenFor(superUser))
    const theirs = await socket(await tokenFor(other))
    await Promise.all([mine.sync(), theirs.sync()])
    const cid = superUser.companyId
    await t.app.kernel.bus.emit('plan.updated', { companyId: 0, planId: 7, action: 'update' })
    await t.app.kernel.bus.emit('company.updated', { companyId: other.companyId, company: {} })
    await Promise.all([mine.sync(), theirs.sync()])
    expect(mine.find(`company-${cid}-modules`)).toEqual([
      { event: `company-${cid}-modules`, data: { action: 'changed', planId: 7 } },
    ])
    expect(theirs.find(`company-${other.companyId}-modules`)).toEqual([
      { event: `company-${other.companyId}-modules`, data: { action: 'changed', planId: 7 } },
      { event: `company-${other.companyId}-modules`, data: { action: 'changed' } },
    ])
    // Each company hears only its own channel.
    expect(mine.find(`company-${other.companyId}-modules`)).toEqual([])
  })

  it('lets a socket join rooms only as the kernel and plugin rules allow', async () => {
    const c = await socket(await tokenFor(superUser))
    const cid = superUser.companyId
    c.send({ type: 'join', room: `company-${cid}-ticket` })
    c.send({ type: 'join', room: `company-${other.companyId}-ticket` })
    c.send({ type: 'join', room: `user-${other.id}` })
    c.send({ type: 'join', room: 'ticket-4' })
    c.send({ type: 'join', room: 'ticket-5' })
    c.send({ type: 'join', room: 'pending' })
    c.send({ type: 'join', room: 42 })
    c.send({ type: 'dance' })
    await c.sync()
    const refused = c.find('error').map((f) => f.data.room ?? f.data.field)
    expect(refused).toEqual([`company-${other.companyId}-ticket`, `user-${other.id}`, 'ticket-5', 'room', 'type'])
    expect(c.find('error', (f) => f.data.room === 'ticket-5')[0].data).toEqual({
      error: 'ERR_NO_PERMISSION',
      room: 'ticket-5',
    })

    await t.app.kernel.bus.emit('rtprobe.notify', { companyId: cid, text: 'to ticket 4', rooms: ['ticket-4'] })
    await t.app.kernel.bus.emit('rtprobe.notify', { companyId: cid, text: 'to ticket 5', rooms: ['ticket-5'] })
    await c.sync()
    expect(c.find(`company-${cid}-appMessage`).map((f) => f.data.text)).toEqual(['to ticket 4'])

    c.send({ type: 'leave', room: 'ticket-4' })
    await c.sync()
    await t.app.kernel.bus.emit('rtprobe.notify', { companyId: cid, text: 'after leave', rooms: ['ticket-4'] })
    await c.sync()
    expect(c.find(`company-${cid}-appMessage`).map((f) => f.data.text)).toEqual(['to ticket 4'])
  })

  it("accepts joins of plugins' kinds (and the kernel's notification), refusing bad values, and sends userStatus", async () => {
    const c = await socket(await tokenFor(superUser))
    c.send({ type: 'joinTickets', status: 'aguardando' })
    c.send({ type: 'joinTickets', status: 'attending' })
    c.send({ type: 'join', room: 'closed' })
    c.send({ type: 'joinNotification' })
    c.send({ type: 'joinChatBox', ticketId: 4 })
    c.send({ type: 'joinChatBox', ticketId: '5' })
    c.send({ type: 'joinTickets', status: 'bogus' })
    c.send({ type: 'joinChatBox', ticketId: 'x' })
    c.send({ type: 'userStatus' })
    await c.sync()
    c.send({ type: 'joinUnknown', room: 'x' })
    await c.sync()
    expect(c.find('error').map((f) => f.data)).toEqual([
      // 'closed' is a bare name of the Tickets kind; its room has no rule allowing it.
      { error: 'ERR_NO_PERMISSION', room: 'tickets-closed' },
      { error: 'ERR_NO_PERMISSION', room: 'ticket-5' },
      { error: 'ERR_VALIDATION', field: 'room', message: 'bad status' },
      { error: 'ERR_VALIDATION', field: 'room', message: 'bad ticket id' },
      {
        error: 'ERR_VALIDATION',
        field: 'type',
        message: 'Expected {"type":"join"|"leave"|"ping"|"joinNotification"|"joinTickets"|"joinChatBox"}',
      },
    ])
    const cid = superUser.companyId
    await t.app.kernel.bus.emit('rtprobe.notify', { companyId: cid, text: 'chat box 4', rooms: ['ticket-4'] })
    await t.app.kernel.bus.emit('rtprobe.notify', { companyId: cid, text: 'pending list', rooms: ['tickets-pending'] })
    await c.sync()
    expect(c.find(`company-${cid}-appMessage`).map((f) => f.data.text)).toEqual(['chat box 4', 'pending list'])
    c.send({ type: 'leaveChatBox', ticketId: 4 })
    await c.sync()
    await t.app.kernel.bus.emit('rtprobe.notify', { companyId: cid, text: 'after leave', rooms: ['ticket-4'] })
    await c.sync()
    expect(c.find(`company-${cid}-appMessage`).map((f) => f.data.text)).toEqual(['chat box 4', 'pending list'])
    // The signal every userStatusMs (150 ms in this app).
    await until(() => c.find('userStatus').length > 0)
    expect(c.find('userStatus')[0]).toEqual({ event: 'userStatus' })
  })

  it('keeps rooms of the same name apart per company, and sends a frame once per socket', async () => {
    const a = await socket(await tokenFor(superUser))
    const b = await socket(await tokenFor(other))
    for (const c of [a, b]) c.send({ type: 'join', room: 'notification' })
    await Promise.all([a.sync(), b.sync()])
    await t.app.kernel.bus.emit('rtprobe.notify', {
      companyId: other.companyId,
      text: 'for other',
      rooms: ['notification', `company-${other.companyId}`],
    })
    await Promise.all([a.sync(), b.sync()])
    expect(a.find(`company-${other.companyId}-appMessage`)).toEqual([])
    expect(b.find(`company-${other.companyId}-appMessage`).map((f) => f.data.text)).toEqual(['for other'])
  })

  it("awaits async mappers, sends every delivery of an array, and keeps a company's frames in event order", async () => {
    const c = await socket(await tokenFor(superUser))
    c.send({ type: 'join', room: 'notification' })
    await c.sync()
    const cid = superUser.companyId
    const texts = () => c.find(`company-${cid}-appMessage`).map((f) => `${f.data.action}:${f.data.text}`)
    // The slow one was emitted first, so it is sent first; the failing mapper sends nothing and
    // does not hold the others back.
    const slow = t.app.kernel.bus.emit('rtprobe.slow', { companyId: cid, text: 'slow', delayMs: 150 })
    const failing = t.app.kernel.bus.emit('rtprobe.slow', { companyId: cid, text: 'failing', delayMs: 0, fail: true })
    const quick = t.app.kernel.bus.emit('rtprobe.notify', { companyId: cid, text: 'quick', rooms: [`company-${cid}`] })
    await Promise.all([slow, failing, quick])
    await until(() => texts().length >= 3)
    await c.sync()
    expect(texts()).toEqual(['create:slow', 'notice:slow', 'create:quick'])
  })

  it('closes a socket with a bad, missing or ended token with 4001 ERR_SESSION_EXPIRED', async () => {
    for (const token of ['not-a-jwt', null]) {
      const c = await socket(token)
      expect(await c.waitClose()).toEqual({ code: 4001, reason: 'ERR_SESSION_EXPIRED' })
    }
    const issued = await t.app.kernel.auth.issue(superUser)
    await t.app.kernel.auth.revoke(issued.sessionId)
    const c = await socket(issued.accessToken)
    expect(await c.waitClose()).toEqual({ code: 4001, reason: 'ERR_SESSION_EXPIRED' })
  })

  it('tells and closes the sockets of sessions a new login ended (4002), and only those', async () => {
    const first = await socket(await tokenFor(other))
    const survivor = await t.app.kernel.auth.issue(other)
    const kept = await socket(survivor.accessToken)
    const loggedOut = await t.app.kernel.auth.issue(other)
    const third = await socket(loggedOut.accessToken)
    await Promise.all([first.sync(), kept.sync(), third.sync()])

    // A logout of one session ends that session's socket only.
    await t.app.kernel.auth.revoke(loggedOut.sessionId)
    expect(await third.waitClose()).toEqual({ code: 4002, reason: 'ERR_SESSION_REPLACED' })
    await Promise.all([first.sync(), kept.sync()])
    expect(first.closed).toBeUndefined()

    await t.app.kernel.auth.revokeOthers(other.id, other.companyId, survivor.sessionId)
    expect(await first.waitClose()).toEqual({ code: 4002, reason: 'ERR_SESSION_REPLACED' })
    expect(first.find(`company-${other.companyId}-auth`)).toEqual([
      {
        event: `company-${other.companyId}-auth`,
        data: { action: 'update', user: { id: other.id }, reason: 'ERR_SESSION_REPLACED' },
      },
    ])
    await kept.sync()
    expect(kept.closed).toBeUndefined()
    expect(kept.find(`company-${other.companyId}-auth`)).toEqual([])
  })

  it('marks connected users online and announces it, then offline once nobody has seen them', async () => {
    const watcher = await socket(await tokenFor(superUser))
    // The socket first, then the flag: a status tick between the two would flip the user online
    // before this socket could hear it (the tick runs every 150 ms; a loaded machine connects slower).
    const c = await socket(await tokenFor(other))
    await c.sync()
    const onlineFrames = () =>
      c.find(`company-${other.companyId}-user`, (f) => f.data.user.id === other.id && f.data.user.online === true)
        .length
    await until(async () => (await t.db('users').where({ id: other.id }).first()).online === true)
    await t.db('users').where({ id: other.id }).update({ online: false, lastSeenAt: null })
    const heard = onlineFrames()
    await until(async () => (await t.db('users').where({ id: other.id }).first()).online === true)
    const row = await t.db('users').where({ id: other.id }).first()
    expect(row.lastSeenAt).toBeTruthy()
    await until(() => onlineFrames() > heard)
    // Announced once per change, not on every tick: three more ticks bring no other frame.
    const after = onlineFrames()
    const ticks = c.find('userStatus').length
    await until(() => c.find('userStatus').length >= ticks + 3)
    expect(onlineFrames()).toBe(after)
    // Another company's watcher hears nothing of it.
    expect(watcher.find(`company-${other.companyId}-user`)).toEqual([])

    // Every socket of the user goes away (the earlier tests' ones too).
    for (const s of open) s.ws.close()
    await until(() => t.app.kernel.realtime.onlineUserIds(other.companyId).length === 0)
    await until(async () => (await t.db('users').where({ id: other.id }).first()).online === false, 20_000)
  })

  it('drops a socket that stops answering pings', async () => {
    // Alone: another socket of the same user would keep them online.
    for (const s of open) s.ws.close()
    await until(() => t.app.kernel.realtime.onlineUserIds(superUser.companyId).length === 0, 20_000)
    const c = await socket(await tokenFor(superUser))
    await c.sync()
    const before = t.app.kernel.realtime.onlineUserIds(superUser.companyId).length
    expect(before).toBeGreaterThan(0)
    // Stop reading: the client no longer answers ping frames.
    ;(c.ws as unknown as { _socket: { pause(): void } })._socket.pause()
    await until(() => t.app.kernel.realtime.onlineUserIds(superUser.companyId).length === before - 1, 20_000)
  })
})

describe.skipIf(!hasRedis)('realtime across processes (skipped: set REDIS_URL to run it)', () => {
  const redisPrefix = `atende-test-rt-${Date.now().toString(36)}`
  let a: TestApp
  let b: TestApp
  let client: Awaited<ReturnType<typeof connect>> | undefined
  beforeAll(async () => {
    a = await createTestApp({ plugins: [], config: { redisPrefix } })
    b = await createTestApp({ plugins: [], db: a.db, config: { redisPrefix } })
    await b.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    client?.ws.terminate()
    await b?.close()
    await a?.close()
  })

  it('delivers an event emitted in one process to a socket of another', async () => {
    const su = await a.db('users').where({ super: true }).first()
    const { accessToken, sessionId } = await a.app.kernel.auth.issue({
      id: su.id,
      companyId: su.companyId,
      profile: su.profile,
      super: true,
    })
    const port = (b.app.server.address() as { port: number }).port
    client = await connect(`ws://127.0.0.1:${port}`, accessToken)
    await client.sync()
    await a.app.kernel.bus.emit('user.updated', { companyId: su.companyId, user: { id: su.id, name: 'from a' } })
    await until(() => client!.find(`company-${su.companyId}-user`, (f) => f.data.user.name === 'from a').length === 1)

    // A new login handled by process a ends the socket held by process b.
    await a.app.kernel.auth.revokeOthers(su.id, su.companyId, null)
    expect(await client.waitClose()).toEqual({ code: 4002, reason: 'ERR_SESSION_REPLACED' })
    expect(sessionId).toBeTruthy()
  })
})
