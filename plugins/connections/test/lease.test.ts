import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createClient } from 'redis'
import type { EventMap, Kernel } from '@atende/sdk'
import { testDatabase, hasRedis } from '@atende/kernel/testing'
import { createTestApp, companyWithUser, pipelinePlugins, until, type TestApp, type Headers } from './support.ts'
import { createLeases } from '../src/lease.ts'
import type { ChannelSessionsRef } from '../src/sessions.ts'

const running = (t: TestApp) => t.app.kernel.services.get<ChannelSessionsRef>('channelSessions').runningIds()
const call = (t: TestApp, h: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: h, payload })

describe('session leases without Redis (one process)', () => {
  it("every lease is this process's for the asking, until released", async () => {
    const kernel = { config: { redisUrl: undefined, redisPrefix: 'x' }, log: console } as unknown as Kernel
    const leases = await createLeases(kernel, { ttlMs: 1000 })
    expect(await leases.holder(7)).toBeNull()
    expect(await leases.acquire(7)).toBe(true)
    expect(await leases.acquire(7)).toBe(true)
    expect(await leases.holder(7)).toBe(leases.owner)
    expect(leases.owned()).toEqual([7])
    expect(await leases.renew(7)).toBe(true)
    await leases.release(7)
    expect(await leases.renew(7)).toBe(false)
    expect(await leases.holder(7)).toBeNull()
    await leases.close()
  })
})

/** Restart: the process closes, a new one boots on the same database and resumes what should run. */
describe('resume after a restart', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>
  const redisPrefix = `atende-test-resume-${randomBytes(4).toString('hex')}`
  const boot = () => createTestApp({ plugins: pipelinePlugins, db: db.knex, config: { redisPrefix } })
  let t: TestApp | undefined
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    db = await testDatabase()
  })
  afterAll(async () => {
    await t?.close()
    await db?.drop()
  })

  it('CONNECTED comes back CONNECTED with its number, qrcode shows a new QR; TIMEOUT and DISCONNECTED stay down', async () => {
    t = await boot()
    const { headers: h } = await companyWithUser(t.app, { profile: 'admin' })
    const make = async (name: string) =>
      (await call(t!, h, 'POST', '/api/whatsapp', { name, provider: 'simulator' })).json()
    const paired = await make('Paired')
    await call(t, h, 'POST', `/api/simulator/${paired.id}/scan`, { number: '5547988887777' })
    const waiting = await make('Waiting')
    const timedOut = await make('Timed out')
    const off = await make('Off')
    await call(t, h, 'DELETE', `/api/whatsappsession/${off.id}`)
    const before = await db.knex('whatsapps').where({ id: waiting.id }).first()
    await t.close()
    t = undefined
    // As the rows were when the process went away (a Baileys session gives up with TIMEOUT).
    await db.knex('whatsapps').where({ id: timedOut.id }).update({ status: 'TIMEOUT', qrcode: '' })
    expect((await db.knex('whatsapps').where({ id: paired.id }).first()).status).toBe('CONNECTED')

    t = await boot()
    await until(() => running(t!).includes(paired.id) && running(t!).includes(waiting.id))
    await until(async () => (await db.knex('whatsapps').where({ id: waiting.id }).first()).qrcode !== before.qrcode)
    expect(await db.knex('whatsapps').where({ id: paired.id }).first()).toMatchObject({
      status: 'CONNECTED',
      number: '5547988887777',
      qrcode: '',
    })
    expect(await db.knex('whatsapps').where({ id: waiting.id }).first()).toMatchObject({
      status: 'qrcode',
      qrcode: expect.stringMatching(/^SIMULATOR:/),
    })
    expect(running(t).sort()).toEqual([paired.id, waiting.id].sort())
    expect((await db.knex('whatsapps').where({ id: timedOut.id }).first()).status).toBe('TIMEOUT')
    expect((await db.knex('whatsapps').where({ id: off.id }).first()).status).toBe('DISCONNECTED')
    // The resumed phone works without a new scan.
    const res = await call(t, h, 'POST', `/api/simulator/${paired.id}/inbound`, {
      from: '5547981239999',
      body: 'de volta',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toMatchObject({ body: 'de volta' })
  })
})

describe.skipIf(!hasRedis)('sessions across two processes on one Redis (skipped: set REDIS_URL to run it)', () => {
  const redisPrefix = `atende-test-lease-${randomBytes(4).toString('hex')}`
  const key = (id: number) => `${redisPrefix}:connections:lease:${id}`
  let a: TestApp
  let b: TestApp
  let h: Headers
  let companyId: number
  const redis = createClient({ url: process.env.REDIS_URL })
  const sessionEvents: EventMap['whatsappSession.updated'][] = []
  beforeAll(async () => {
    process.env.CONNECTION_LEASE_MS = '3000'
    process.env.SIMULATOR_ACK_MS = '0'
    a = await createTestApp({ plugins: pipelinePlugins, config: { redisPrefix } })
    b = await createTestApp({ plugins: pipelinePlugins, db: a.db, config: { redisPrefix } })
    ;({ headers: h, companyId } = await companyWithUser(a.app, { profile: 'admin' }))
    a.app.kernel.bus.on('whatsappSession.updated', (p) => {
      sessionEvents.push(p)
    })
    await redis.connect()
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    if (redis.isOpen) await redis.close()
  })

  const processId = (t: TestApp) => t.app.kernel.services.get<ChannelSessionsRef>('channelSessions').processId
  const runners = (id: number, apps = [a, b]) => apps.filter((t) => running(t).includes(id))
  const row = (id: number) => a.db('whatsapps').where({ id }).first()
  const create = async (t: TestApp, name: string) => {
    const res = await call(t, h, 'POST', '/api/whatsapp', { name, provider: 'simulator' })
    expect(res.statusCode).toBe(200)
    return res.json() as { id: number; qrcode: string }
  }

  it('a lease is held by one process at a time, renewed only by its holder, and free once released', async () => {
    const one = await createLeases(a.app.kernel, { ttlMs: 3000 })
    const two = await createLeases(b.app.kernel, { ttlMs: 3000 })
    try {
      expect(await one.acquire(900001)).toBe(true)
      expect(await two.acquire(900001)).toBe(false)
      expect(await two.holder(900001)).toBe(one.owner)
      expect(await redis.get(key(900001))).toBe(one.owner)
      const ttl = await redis.pTTL(key(900001))
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(3000)
      expect(await two.renew(900001)).toBe(false)
      expect(await one.renew(900001)).toBe(true)
      await two.release(900001) // not two's: nothing happens
      expect(await redis.get(key(900001))).toBe(one.owner)
      await one.release(900001)
      expect(await redis.exists(key(900001))).toBe(0)
      expect(await two.acquire(900001)).toBe(true)
    } finally {
      await one.close()
      await two.close()
    }
    expect(await redis.exists(key(900001))).toBe(0)
  })

  it('one process runs a session; starting it from the other restarts it where it runs', async () => {
    const w = await create(a, 'Lease one')
    expect(runners(w.id)).toEqual([a])
    expect(await redis.get(key(w.id))).toBe(processId(a))
    expect((await call(b, h, 'POST', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    expect(runners(w.id)).toEqual([a])
    const after = await row(w.id)
    expect(after.status).toBe('qrcode')
    expect(after.qrcode).not.toBe(w.qrcode)
  })

  it('session actions, the simulated phone and messages work from the process that does not run the session', async () => {
    const w = await create(a, 'Lease two')
    expect(runners(w.id)).toEqual([a])
    const scanned = await call(b, h, 'POST', `/api/simulator/${w.id}/scan`, { number: '5547977776666' })
    expect(scanned.json()).toMatchObject({ status: 'CONNECTED', number: '5547977776666' })

    const inbound = await call(b, h, 'POST', `/api/simulator/${w.id}/inbound`, {
      from: '5547981230011',
      name: 'Rui',
      body: 'olá',
      id: 'LEASE-IN-1',
    })
    expect(inbound.statusCode).toBe(200)
    const message = inbound.json().message
    expect(message).toMatchObject({ body: 'olá', whatsappId: w.id })
    const reply = await call(b, h, 'POST', `/api/messages/${message.ticketId}`, { body: 'Oi, Rui' })
    expect(reply.statusCode).toBe(200)
    const [sent] = reply.json().messages
    expect(sent).toMatchObject({ sendStatus: 'sent' })
    const outbox = (await call(b, h, 'GET', `/api/simulator/${w.id}/outbox?to=5547981230011`)).json().messages
    expect(outbox).toEqual([expect.objectContaining({ id: sent.providerId, body: 'Oi, Rui' })])

    expect((await call(b, h, 'PUT', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    expect((await row(w.id)).status).toBe('qrcode')
    expect(runners(w.id)).toEqual([a])
    expect((await call(b, h, 'DELETE', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    expect(await row(w.id)).toMatchObject({ status: 'DISCONNECTED', qrcode: '' })
    expect(runners(w.id)).toEqual([])
    expect(await redis.exists(key(w.id))).toBe(0)
    // Runs nowhere: the phone cannot scan; starting it from b takes the free lease in b.
    expect((await call(b, h, 'POST', `/api/simulator/${w.id}/scan`, {})).json()).toMatchObject({
      statusCode: 400,
      error: 'ERR_WAPP_NOT_INITIALIZED',
    })
    expect((await call(b, h, 'POST', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    expect(runners(w.id)).toEqual([b])
    expect(await redis.get(key(w.id))).toBe(processId(b))
  })

  it('switching provider or deleting the connection from the other process ends the session where it runs', async () => {
    const w = await create(a, 'Lease three')
    const switched = await call(b, h, 'PUT', `/api/whatsapp/${w.id}`, { provider: 'beta' })
    expect(switched.json()).toMatchObject({ provider: 'beta', status: 'DISCONNECTED' })
    expect(runners(w.id)).toEqual([])
    const v = await create(a, 'Lease four')
    expect((await call(b, h, 'DELETE', `/api/whatsapp/${v.id}`)).statusCode).toBe(200)
    expect(runners(v.id)).toEqual([])
    expect(await redis.exists(key(v.id))).toBe(0)
  })

  it('closing the owner hands its sessions over: another process resumes them CONNECTED', async () => {
    const c = await createTestApp({ plugins: pipelinePlugins, db: a.db, config: { redisPrefix } })
    let w = { id: 0 }
    // Taken before the close: the close itself hands the session over, and another process may
    // resume it before close() returns.
    let closedAt = 0
    try {
      w = await create(c, 'Lease five')
      await call(c, h, 'POST', `/api/simulator/${w.id}/scan`, {})
      expect(runners(w.id, [a, b, c])).toEqual([c])
    } finally {
      closedAt = Date.now()
      await c.close()
    }
    await until(() => runners(w.id).length === 1, 20_000)
    await until(
      () =>
        sessionEvents.some(
          (e) =>
            e.session.id === w.id && e.session.status === 'CONNECTED' && Date.parse(e.session.updatedAt) >= closedAt,
        ),
      20_000,
    )
    expect((await row(w.id)).status).toBe('CONNECTED')
    const owner = runners(w.id)[0]
    expect(await redis.get(key(w.id))).toBe(processId(owner))
    const other = owner === a ? b : a
    const res = await call(other, h, 'POST', `/api/simulator/${w.id}/inbound`, {
      from: '5547981231111',
      body: 'ainda aqui',
    })
    expect(res.json().message).toMatchObject({ body: 'ainda aqui', companyId })
  })

  it('a renewal that finds the lease taken stops the local copy silently; a lapsed lease is taken over', async () => {
    const w = await create(a, 'Lease six')
    await call(a, h, 'POST', `/api/simulator/${w.id}/scan`, {})
    expect(runners(w.id)).toEqual([a])
    // Another process holds it now (as after a partition): a's next renewal finds out.
    await redis.set(key(w.id), 'another-process', { PX: 60_000 })
    await until(() => runners(w.id).length === 0, 20_000)
    expect((await row(w.id)).status).toBe('CONNECTED') // silent: the row is the new owner's to write
    // The other process is gone: its lease lapses, and a or b resumes the session.
    await redis.pExpire(key(w.id), 1)
    await until(() => runners(w.id).length === 1, 20_000)
    expect((await row(w.id)).status).toBe('CONNECTED')
    expect(await redis.get(key(w.id))).toBe(processId(runners(w.id)[0]))
  })
})
