import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { SessionUser } from '@atende/sdk'
import { createTestApp, until, type TestApp } from './support/index.ts'
import { connect } from './support/socket.ts'

type Client = Awaited<ReturnType<typeof connect>>

/**
 * The gateway's caps (realtime/caps.ts), small through the environment: a user's oldest socket makes
 * way for a new one (4003), an address over its cap is refused (4029), a socket's rooms are bounded.
 * The address is the one the app computes for rate limits: with TRUST_PROXY, X-Forwarded-For's.
 */
describe('socket caps', () => {
  let t: TestApp
  let base: string
  const users: SessionUser[] = []
  const open: Client[] = []
  const tokenFor = async (u: SessionUser) => (await t.app.kernel.auth.issue(u)).accessToken
  const from = (address: string) => ({ 'x-forwarded-for': address })
  /** A socket of user `u` from `address`; `sync` waits until the gateway has authenticated it. */
  const socket = async (u: SessionUser, address: string, sync = true) => {
    const c = await connect(base, await tokenFor(u), from(address))
    open.push(c)
    if (sync) await c.sync()
    return c
  }
  /** Whether the gateway keeps a socket from `address`: it answers a ping, or it closes. */
  const accepted = async (u: SessionUser, address: string) => {
    const c = await socket(u, address, false)
    c.send({ type: 'ping' })
    await until(() => !!c.closed || c.find('pong').length > 0, 20_000)
    return c.closed ? c.closed : 'open'
  }

  beforeAll(async () => {
    t = await createTestApp({
      plugins: [],
      env: { SOCKETS_PER_USER: '2', SOCKETS_PER_ADDRESS: '2', SOCKET_ROOMS_MAX: '4', TRUST_PROXY: 'loopback' },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    const [company] = await t
      .db('companies')
      .insert({ name: 'Caps Co', cnpj: '11222333000182', planId: null })
      .returning('*')
    for (const name of ['Ana', 'Bia', 'Caio']) {
      const [user] = await t
        .db('users')
        .insert({ companyId: company.id, name, email: `${name}@caps.test`, passwordHash: 'x', profile: 'user' })
        .returning('*')
      users.push({ id: user.id, companyId: company.id, profile: 'user', super: false })
    }
  })
  afterAll(async () => {
    for (const c of open) c.ws.terminate()
    await t?.close()
  })

  it("closes a user's oldest socket with 4003 ERR_TOO_MANY_SOCKETS when a new one passes SOCKETS_PER_USER", async () => {
    const [ana, bia] = users
    const first = await socket(ana, '198.51.100.1')
    const second = await socket(ana, '198.51.100.2')
    const others = await socket(bia, '198.51.100.3')
    const third = await socket(ana, '198.51.100.4')
    expect(await first.waitClose()).toEqual({ code: 4003, reason: 'ERR_TOO_MANY_SOCKETS' })
    // The newer ones, and another user's, go on.
    for (const c of [second, third, others]) await c.sync()
    expect([second.closed, third.closed, others.closed]).toEqual([undefined, undefined, undefined])
    for (const c of [second, third, others]) c.ws.close()
  })

  it('refuses a socket past SOCKETS_PER_ADDRESS with 4029, by the address TRUST_PROXY names, until one closes', async () => {
    const [ana, bia, caio] = users
    const a = await socket(ana, '203.0.113.7')
    await socket(bia, '203.0.113.7')
    expect(await accepted(caio, '203.0.113.7')).toEqual({ code: 4029, reason: 'ERR_TOO_MANY_SOCKETS_FROM_ADDRESS' })
    // Another address is counted apart; the refused socket took no place of its user's.
    expect(await accepted(caio, '203.0.113.8')).toBe('open')
    a.ws.close()
    await a.waitClose()
    // The server counts the closed socket out when its close reaches it: a new one is soon accepted.
    await until(async () => (await accepted(caio, '203.0.113.7')) === 'open', 20_000)
  })

  it('refuses a join past SOCKET_ROOMS_MAX (its company and user rooms count) with ERR_TOO_MANY_ROOMS', async () => {
    const c = await socket(users[2], '192.0.2.10')
    const own = (name: string) => `company-${users[2]!.companyId}-${name}`
    c.send({ type: 'join', room: 'notification' })
    c.send({ type: 'join', room: own('a') })
    c.send({ type: 'join', room: own('b') })
    await c.sync()
    expect(c.find('error')).toEqual([
      {
        event: 'error',
        data: { error: 'ERR_TOO_MANY_ROOMS', room: own('b'), message: 'A socket may be in at most 4 rooms' },
      },
    ])
    // Leaving one makes room.
    c.send({ type: 'leave', room: 'notification' })
    c.send({ type: 'join', room: own('b') })
    await c.sync()
    expect(c.find('error')).toHaveLength(1)
  })
})
