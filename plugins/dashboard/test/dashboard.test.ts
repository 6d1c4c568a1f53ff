import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, userIn, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import type { EventMap } from '@atende/sdk'
import plugin from '../src/index.ts'
import { advance, type Standing } from '../src/moments.ts'
import type { DashboardData } from '../src/api.ts'

type Seen = EventMap['ticket.updated']['ticket']

describe('dashboard moments (pure)', () => {
  const seen = (status: 'open' | 'pending' | 'closed', userId: number | null, updatedAt: string): Seen =>
    ({ id: 1, status, userId, queueId: null, createdAt: '2026-03-10T12:00:00Z', updatedAt }) as Seen
  const after = (prev: Standing | null, s: Seen) => advance(prev, s)!

  it('counts creation, the wait to acceptance, transfers and the support to closing', () => {
    const a = after(null, seen('pending', null, '2026-03-10T12:00:00Z'))
    expect(a.moments).toEqual([{ kind: 'created', at: new Date('2026-03-10T12:00:00Z'), userId: null }])
    const b = after(a.next, seen('open', 7, '2026-03-10T12:10:00Z'))
    expect(b.moments).toEqual([{ kind: 'accepted', at: new Date('2026-03-10T12:10:00Z'), userId: 7, waitSeconds: 600 }])
    const c = after(b.next, seen('open', 8, '2026-03-10T12:20:00Z'))
    expect(c.moments.map((m) => [m.kind, m.userId])).toEqual([['transferred', 8]])
    const d = after(c.next, seen('closed', 8, '2026-03-10T12:40:00Z'))
    expect(d.moments).toEqual([
      { kind: 'closed', at: new Date('2026-03-10T12:40:00Z'), userId: 8, supportSeconds: 1800 },
    ])
    // Reopened by the customer: it waits again from then.
    const e = after(d.next, seen('pending', null, '2026-03-10T13:00:00Z'))
    expect(e.moments).toEqual([])
    expect(e.next.waitingSince).toEqual(new Date('2026-03-10T13:00:00Z'))
  })

  it('ignores a repeated or older event, and what changes nothing it counts', () => {
    const a = after(null, seen('pending', null, '2026-03-10T12:00:00Z'))
    const b = after(a.next, seen('open', 7, '2026-03-10T12:10:00Z'))
    expect(advance(b.next, seen('open', 7, '2026-03-10T12:10:00Z'))).toBeNull()
    expect(advance(b.next, seen('pending', null, '2026-03-10T12:05:00Z'))).toBeNull()
    expect(advance(b.next, seen('open', 7, '2026-03-10T12:30:00Z'))).toBeNull()
  })

  it('an attendant-opened ticket is accepted at once with no wait; one first seen closed counts nothing', () => {
    const open = after(null, seen('open', 7, '2026-03-10T12:00:00Z'))
    expect(open.moments.map((m) => [m.kind, m.waitSeconds])).toEqual([
      ['created', undefined],
      ['accepted', undefined],
    ])
    expect(after(null, seen('closed', null, '2026-03-10T12:00:00Z')).moments).toEqual([])
  })
})

/** The real kernel with tickets, contacts and connections; this file's own database. */
describe('dashboard', () => {
  let t: TestApp
  beforeAll(async () => {
    process.env.DASHBOARD_LIVE_MS = '0'
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, plugin],
    })
  })
  afterAll(async () => {
    delete process.env.DASHBOARD_LIVE_MS
    await t?.close()
  })
  const get = async (h: Headers, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: h })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  let nextTicket = 900_000
  /** A ticket's life as the tickets plugin announces it, at fixed times. */
  async function life(companyId: number, steps: [string, 'open' | 'pending' | 'closed', number | null][]) {
    const id = ++nextTicket
    const createdAt = new Date(steps[0][0]).toISOString()
    for (const [at, status, userId] of steps)
      await t.app.kernel.bus.emit('ticket.updated', {
        companyId,
        ticket: {
          id,
          companyId,
          status,
          userId,
          queueId: null,
          createdAt,
          updatedAt: new Date(at).toISOString(),
        } as Seen,
      })
    return id
  }

  it('answers the counters, the attendants and the charts of a known set of tickets', async () => {
    const { headers: admin, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const u1 = await userIn(t.app, companyId)
    const u2 = await userIn(t.app, companyId)
    await t.db('users').where({ id: u1.userId }).update({ name: 'Ana', online: true })
    await t.db('users').where({ id: u2.userId }).update({ name: 'Bruno' })
    // Local days (America/Sao_Paulo, UTC−3): 10 and 11 March.
    await life(companyId, [
      ['2026-03-10T12:00:00Z', 'pending', null],
      ['2026-03-10T12:10:00Z', 'open', u1.userId], // waited 10 min
      ['2026-03-10T12:40:00Z', 'closed', u1.userId], // attended 30 min
    ])
    await life(companyId, [
      ['2026-03-10T13:00:00Z', 'pending', null],
      ['2026-03-10T13:20:00Z', 'open', u2.userId], // waited 20 min
      ['2026-03-10T13:30:00Z', 'open', u1.userId], // transferred
      ['2026-03-10T14:30:00Z', 'closed', u1.userId], // 70 min since the acceptance
    ])
    const waiting = await life(companyId, [['2026-03-11T12:00:00Z', 'pending', null]])
    await life(companyId, [['2026-03-11T15:00:00Z', 'open', u2.userId]]) // opened by the attendant
    await life(companyId, [['2026-03-11T16:00:00Z', 'closed', null]]) // outreach: not support
    // The same event again, as every process of a cluster receives it: counted once.
    await t.app.kernel.bus.emit('ticket.updated', {
      companyId,
      ticket: {
        id: waiting,
        companyId,
        status: 'pending',
        userId: null,
        queueId: null,
        createdAt: '2026-03-11T12:00:00.000Z',
        updatedAt: '2026-03-11T12:00:00.000Z',
      } as Seen,
    })
    // Leads: contacts created in the range (and one before it).
    for (const [n, at] of [
      ['5511900000001', '2026-03-10T15:00:00Z'],
      ['5511900000002', '2026-03-11T23:00:00Z'],
      ['5511900000003', '2026-03-09T23:00:00Z'],
    ])
      await t.db('contacts').insert({ companyId, name: n, number: n, createdAt: at })
    // Ratings of Ana: 3 and 2 in the range.
    const [contact] = await t.db('contacts').where({ companyId }).orderBy('id').limit(1).select('id')
    for (const [rate, ratedAt] of [
      [3, '2026-03-10T12:45:00Z'],
      [2, '2026-03-10T14:35:00Z'],
    ] as const) {
      const [tk] = await t
        .db('tickets')
        .insert({ companyId, contactId: contact.id, status: 'closed', uuid: crypto.randomUUID(), userId: u1.userId })
        .returning('id')
      await t.db('ticket_ratings').insert({
        companyId,
        ticketId: tk.id,
        contactId: contact.id,
        userId: u1.userId,
        rate,
        ratedAt,
      })
    }

    const d: DashboardData = await get(admin, '/api/dashboard?date_from=2026-03-10&date_to=2026-03-11')
    expect(d.range).toEqual({ from: '2026-03-10', to: '2026-03-11' })
    expect(d.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 2,
      leads: 2,
      avgSupportTime: 50,
      avgWaitTime: 15,
    })
    const ana = d.attendants.find((a) => a.id === u1.userId)
    const bruno = d.attendants.find((a) => a.id === u2.userId)
    expect(ana).toEqual({
      id: u1.userId,
      name: 'Ana',
      rating: 2.5,
      ratings: 2,
      avgSupportTime: 50,
      tickets: 2,
      online: true,
    })
    expect(bruno).toEqual({
      id: u2.userId,
      name: 'Bruno',
      rating: null,
      ratings: 0,
      avgSupportTime: null,
      tickets: 0,
      online: false,
    })
    expect(d.attendants.map((a) => a.name)).toEqual(
      [...d.attendants.map((a) => a.name)].sort((a, b) => a.localeCompare(b)),
    )

    expect(await get(admin, '/api/dashboard/ticketsUsers?initialDate=2026-03-10&finalDate=2026-03-11')).toEqual({
      data: [
        { userId: u1.userId, name: 'Ana', accepted: 1, closed: 2 },
        { userId: u2.userId, name: 'Bruno', accepted: 2, closed: 0 },
      ],
    })
    expect(await get(admin, '/api/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-11')).toEqual({
      data: [
        { day: '2026-03-09', created: 0, closed: 0 },
        { day: '2026-03-10', created: 2, closed: 2 },
        { day: '2026-03-11', created: 2, closed: 0 },
      ],
    })
    // Only the 11th: nothing closed, no wait counted (the attendant opened it), the queues as they are now.
    expect((await get(admin, '/api/dashboard?date_from=2026-03-11&date_to=2026-03-11')).counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 0,
      leads: 1,
      avgSupportTime: null,
      avgWaitTime: null,
    })
    // Another company sees none of it.
    const other = await companyWithUser(t.app, { profile: 'admin' })
    const theirs: DashboardData = await get(other.headers, '/api/dashboard?date_from=2026-03-10&date_to=2026-03-11')
    expect(theirs.counters).toMatchObject({ supportHappening: 0, supportPending: 0, supportFinished: 0, leads: 0 })
    expect(theirs.attendants.map((a) => a.id)).toEqual([other.userId])
  })

  it('is for admins, and says which date is wrong', async () => {
    const { headers: admin, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const user = await userIn(t.app, companyId)
    for (const url of ['/api/dashboard', '/api/dashboard/ticketsUsers', '/api/dashboard/ticketsDay'])
      expect((await t.app.inject({ method: 'GET', url, headers: user.headers })).statusCode).toBe(403)
    const bad = async (url: string, field: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: admin })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ field })
    }
    await bad('/api/dashboard?date_from=2026-02-30', 'date_from')
    await bad('/api/dashboard?date_from=2026-03-10&date_to=2026-03-01', 'date_from')
    await bad('/api/dashboard?date_from=2020-01-01&date_to=2026-03-01', 'date_from')
    await bad('/api/dashboard?date_to=10/03/2026', 'date_to')
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard?date_from=2026-02-30', headers: admin })).json().error,
    ).toBe('ERR_DASHBOARD_RANGE')
    // Defaults: the first of this month to today; `days`: the last N days, today included.
    const d: DashboardData = await get(admin, '/api/dashboard')
    expect(d.range.from.slice(8)).toBe('01')
    const week: DashboardData = await get(admin, '/api/dashboard?days=7')
    expect((Date.parse(week.range.to) - Date.parse(week.range.from)) / 86_400_000).toBe(6)
  })

  it('follows real tickets: a customer writes, an attendant accepts and closes', async () => {
    const { headers: admin, companyId, userId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: admin, payload })
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const w = await call('POST', '/api/whatsapp', { name: 'Painel', provider: 'simulator' })
    await call('POST', `/api/simulator/${w.id}/scan`, {})
    const counters = async () => ((await get(admin, '/api/dashboard')) as DashboardData).counters
    const frames: unknown[] = []
    const off = t.app.kernel.bus.on('dashboard.changed', (p) => {
      if (p.companyId === companyId) frames.push(p)
    })
    await call('POST', `/api/simulator/${w.id}/inbound`, { from: '5511988887777', name: 'Cliente', body: 'oi' })
    await until(async () => (await counters()).supportPending === 1)
    expect((await counters()).leads).toBe(1)
    const ticket = await t.db('tickets').where({ companyId }).first('id')
    await call('PUT', `/api/tickets/${ticket.id}`, { status: 'open', userId })
    await until(async () => (await counters()).supportHappening === 1)
    expect(await counters()).toMatchObject({ supportPending: 0, supportHappening: 1 })
    expect((await counters()).avgWaitTime).not.toBeNull()
    await call('PUT', `/api/tickets/${ticket.id}`, { status: 'closed' })
    await until(async () => (await counters()).supportFinished === 1)
    const d: DashboardData = await get(admin, '/api/dashboard')
    expect(d.counters).toMatchObject({ supportHappening: 0, supportPending: 0, supportFinished: 1 })
    expect(d.counters.avgSupportTime).not.toBeNull()
    expect(d.attendants.find((a) => a.id === userId)).toMatchObject({ tickets: 1 })
    await until(async () => frames.length >= 3)
    off()
  })
})
