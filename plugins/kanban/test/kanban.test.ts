import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, type Headers, type TestApp } from '@atende/kernel/testing'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import tagsPlugin from '@atende/plugin-tags'
import plugin from '../src/index.ts'

/**
 * The kanban plugin only carries the plan flag and the module; the board works on the tags and
 * tickets routes. This file checks the gate and the calls the board makes, as the board makes them.
 */
describe('kanban', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [contactsPlugin, ticketsPlugin, tagsPlugin, plugin] })
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })

  let seq = 0
  const ticketIn = (companyId: number, userId: number | null) => {
    const k = t.app.kernel
    seq += 1
    return k.unitOfWork(companyId, async (uow) => {
      const [{ contact }] = await k.services
        .get<ContactsRef>('contacts')
        .upsertMany(uow, [{ number: `5547988${String(100_000 + seq).slice(-6)}`, name: `Cliente ${seq}` }])
      return k.services
        .get<TicketsRef>('tickets')
        .findOrOpen(uow, { contactId: contact.id, whatsappId: 2000 + seq, userId, isGroup: false })
    })
  }

  it('is offered by the plan: listed in /api/modules with useKanban, /kanban denied without it', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Kanban gate ${Date.now()}`, users: 5 })
      .returning('id')
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    const names = async () => (await call('GET', '/api/modules', h)).json().map((m: { name: string }) => m.name)
    expect(await names()).toContain('kanban')

    await t.db('plan_modules').insert({ planId: plan.id, module: 'useKanban', enabled: false })
    t.app.kernel.invalidatePlanCache()
    expect(await names()).not.toContain('kanban')
    expect((await call('GET', '/api/modules/denied', h)).json()).toEqual(
      expect.arrayContaining([{ name: 'kanban', key: 'useKanban', routes: ['/kanban'] }]),
    )
  })

  it("serves the board's calls: lanes, each lane's tickets, and a move keeping the other tags", async () => {
    const { headers: h, companyId, userId } = await companyWithUser(t.app, { profile: 'admin' })
    const tag = async (name: string, kanban: 0 | 1) => (await call('POST', '/api/tags', h, { name, kanban })).json()
    const todo = await tag('A fazer', 1)
    const doing = await tag('Fazendo', 1)
    const vip = await tag('Cliente VIP', 0)
    const lanes = (await call('GET', '/api/tags/kanban', h)).json()
    expect(lanes.map((l: { id: number }) => l.id)).toEqual([todo.id, doing.id])

    const a = await ticketIn(companyId, userId)
    const b = await ticketIn(companyId, userId)
    await call('POST', '/api/tags/sync', h, { ticketId: a.id, tags: [vip.id] })
    await call('POST', '/api/tags/sync', h, { ticketId: b.id, tags: [todo.id] })
    const lane = async (params: string) =>
      (await call('GET', `/api/tickets?showAll=true&status=open&${params}`, h))
        .json()
        .tickets.map((x: { id: number }) => x.id)
    expect(await lane(`tags=${todo.id}`)).toEqual([b.id])
    expect(await lane(`tags=${doing.id}`)).toEqual([])

    // The drag from the open lane to 'Fazendo': its non-kanban tag stays.
    const moved = await call('POST', '/api/tags/sync', h, { ticketId: a.id, tags: [vip.id, doing.id] })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(
      moved
        .json()
        .tags.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([vip.id, doing.id].sort())
    expect(await lane(`tags=${doing.id}`)).toEqual([a.id])
    // Back to the open lane: its kanban tags go, the rest stays.
    await call('POST', '/api/tags/sync', h, { ticketId: a.id, tags: [vip.id] })
    expect(await lane(`tags=${doing.id}`)).toEqual([])
    const one = (await call('GET', `/api/tickets/${a.id}`, h)).json()
    expect(one.tags.map((x: { id: number }) => x.id)).toEqual([vip.id])
  })
})
