import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import { createTestApp, companyWithUser, userIn, type TestApp, type Headers } from '@atende/kernel/testing'
import type { EventMap } from '@atende/sdk'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import tagsPlugin from '../src/index.ts'
import type { TagsRef } from '../src/api.ts'
import { colorFor } from '../src/service.ts'
import { ticketIn, until } from './support.ts'

type Who = Awaited<ReturnType<typeof companyWithUser>>

describe('tags', () => {
  let t: TestApp
  let admin: Who
  let user: Who
  let other: Who // another user of the same company
  const events: { name: string; payload: any }[] = []
  beforeAll(async () => {
    t = await createTestApp({ plugins: [contactsPlugin, ticketsPlugin, tagsPlugin] })
    admin = await companyWithUser(t.app, { profile: 'admin' })
    user = await userIn(t.app, admin.companyId, 'user')
    other = await userIn(t.app, admin.companyId, 'user')
    for (const name of ['tag.created', 'tag.updated', 'tag.deleted', 'ticketTags.synced'] as const) {
      t.app.kernel.bus.on(name, (payload) => {
        events.push({ name, payload })
      })
    }
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const create = async (h: Headers, body: object) => {
    const res = await call('POST', '/api/tags', h, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it('creates, reads, edits and deletes, announcing each change', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const tag = await create(h, { name: '  Cliente   VIP ', color: '#FF0000' })
    expect(tag).toMatchObject({ name: 'Cliente VIP', color: '#ff0000', kanban: 0, ticketsCount: 0, companyId })
    expect((await call('GET', `/api/tags/${tag.id}`, h)).json()).toEqual(tag)
    const edited = await call('PUT', `/api/tags/${tag.id}`, h, { name: 'Cliente Ouro', kanban: true })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ id: tag.id, name: 'Cliente Ouro', color: '#ff0000', kanban: 1 })
    expect((await call('PUT', `/api/tags/${tag.id}`, h, { kanban: 0 })).json().kanban).toBe(0)
    expect((await call('DELETE', `/api/tags/${tag.id}`, h)).statusCode).toBe(200)
    const gone = await call('GET', `/api/tags/${tag.id}`, h)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_TAG_FOUND')
    expect((await call('PUT', `/api/tags/${tag.id}`, h, { name: 'Again' })).statusCode).toBe(404)
    expect((await call('DELETE', `/api/tags/${tag.id}`, h)).statusCode).toBe(404)

    await until(() => events.some((e) => e.name === 'tag.deleted' && e.payload.tagId === tag.id))
    const mine = events.filter((e) => e.payload.companyId === companyId)
    expect(mine.map((e) => [e.name, e.payload.tag?.name ?? e.payload.tagId])).toEqual([
      ['tag.created', 'Cliente VIP'],
      ['tag.updated', 'Cliente Ouro'],
      ['tag.updated', 'Cliente Ouro'],
      ['tag.deleted', tag.id],
    ])
  })

  it('picks a colour from the name when none is given', async () => {
    const tag = await create(admin.headers, { name: 'Sem cor' })
    expect(tag.color).toBe(colorFor('Sem cor'))
    expect(tag.color).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('validates the name (required, at least 3), the colour and kanban, naming the field', async () => {
    const cases: [object, string, RegExp?][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'ab' }, 'name'],
      [{ name: '   ' }, 'name', /required/i],
      [{ name: '  ab  ' }, 'name', /short/i],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 'Okay', color: 'red' }, 'color'],
      [{ name: 'Okay', color: '#12345' }, 'color'],
      [{ name: 'Okay', kanban: 2 }, 'kanban'],
      [{ name: 'Okay', kanban: 'yes' }, 'kanban'],
    ]
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/tags', admin.headers, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field })
      if (message) expect(res.json().message).toMatch(message)
    }
    // The trimmed name under its least length names it, as the form says it ("mínimo 3 caracteres").
    const short = await call('POST', '/api/tags', admin.headers, { name: '  ab  ' })
    expect(short.json()).toMatchObject({ field: 'name', min: 3 })
    expect((await call('GET', '/api/tags/abc', admin.headers)).statusCode).toBe(400)
  })

  it('refuses a second tag with the same name in any case (409), but not in another company', async () => {
    const first = await create(admin.headers, { name: 'Duplicada' })
    const dup = await call('POST', '/api/tags', user.headers, { name: 'DUPLICADA' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ error: 'ERR_TAG_NAME_IN_USE', field: 'name' })
    const other = await create(admin.headers, { name: 'Outra' })
    expect((await call('PUT', `/api/tags/${other.id}`, admin.headers, { name: 'duplicada' })).statusCode).toBe(409)
    // Its own name in another case is fine.
    expect((await call('PUT', `/api/tags/${first.id}`, admin.headers, { name: 'DUPLICADA' })).json().name).toBe(
      'DUPLICADA',
    )
    const b = await companyWithUser(t.app)
    expect((await call('POST', '/api/tags', b.headers, { name: 'Duplicada' })).statusCode).toBe(200)
  })

  it('answers concurrent creates of one name with one tag and 409s, never a 500', async () => {
    const { headers: h } = await companyWithUser(t.app, { profile: 'admin' })
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/tags', h, { name: 'Corrida' })),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'ERR_TAG_NAME_IN_USE')).toBe(
      true,
    )
  })

  it('lets anyone create; the author or an admin edit and delete; only admins touch the kanban flag', async () => {
    const mine = await create(user.headers, { name: 'Do usuário', kanban: 0 })
    expect(mine.userId).toBe(user.userId)
    const refused = await call('POST', '/api/tags', user.headers, { name: 'Kanban do usuário', kanban: 1 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: 'ERR_NO_PERMISSION', field: 'kanban' })
    expect((await call('PUT', `/api/tags/${mine.id}`, user.headers, { kanban: 1 })).statusCode).toBe(403)
    // Sending the value it already has is not a change.
    expect(
      (await call('PUT', `/api/tags/${mine.id}`, user.headers, { name: 'Do usuário 2', kanban: 0 })).statusCode,
    ).toBe(200)
    for (const [method, payload] of [
      ['PUT', { name: 'Roubada' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/tags/${mine.id}`, other.headers, payload)
      expect(res.statusCode, method).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await call('PUT', `/api/tags/${mine.id}`, admin.headers, { kanban: 1 })).json().kanban).toBe(1)
    expect((await call('DELETE', `/api/tags/${mine.id}`, user.headers)).statusCode).toBe(200)
    const adminTag = await create(admin.headers, { name: 'Do admin', kanban: 1 })
    expect((await call('DELETE', `/api/tags/${adminTag.id}`, admin.headers)).statusCode).toBe(200)
    // Everyone reads.
    expect((await call('GET', '/api/tags', other.headers)).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/tags' })).statusCode).toBe(401)
  })

  it('pages by name with a search, and offers bounded lookups (/list, /kanban)', async () => {
    const { headers: h } = await companyWithUser(t.app, { profile: 'admin' })
    const names = Array.from({ length: 23 }, (_, i) => `Etiqueta ${String(i + 1).padStart(2, '0')}`)
    for (const name of [...names].reverse()) await create(h, { name, kanban: name.endsWith('3') ? 1 : 0 })
    await create(h, { name: 'alfa' })
    await create(h, { name: 'Zulu_100%' })
    const p1 = (await call('GET', '/api/tags?pageNumber=1', h)).json()
    expect(p1.tags).toHaveLength(20)
    expect(p1).toMatchObject({ hasMore: true, count: 25 })
    expect(p1.tags[0].name).toBe('alfa') // lower-case order
    const p2 = (await call('GET', '/api/tags?pageNumber=2', h)).json()
    expect(p2.tags.map((x: { name: string }) => x.name)).toEqual([
      'Etiqueta 20',
      'Etiqueta 21',
      'Etiqueta 22',
      'Etiqueta 23',
      'Zulu_100%',
    ])
    expect(p2.hasMore).toBe(false)
    expect((await call('GET', '/api/tags?pageNumber=9', h)).json()).toEqual({ tags: [], hasMore: false, count: 25 })
    const found = (await call('GET', `/api/tags?searchParam=${encodeURIComponent('queta 1')}`, h)).json()
    expect(found.tags.map((x: { name: string }) => x.name)).toEqual(names.slice(9, 19))
    // LIKE wildcards are searched as text.
    expect(
      (await call('GET', `/api/tags?searchParam=${encodeURIComponent('_100%')}`, h))
        .json()
        .tags.map((x: { name: string }) => x.name),
    ).toEqual(['Zulu_100%'])
    expect((await call('GET', `/api/tags?searchParam=${encodeURIComponent('%')}`, h)).json().count).toBe(1)

    const list = (await call('GET', '/api/tags/list', h)).json()
    expect(list).toHaveLength(25)
    expect(
      (await call('GET', '/api/tags/list?limit=2&searchParam=etiq', h)).json().map((x: { name: string }) => x.name),
    ).toEqual(['Etiqueta 01', 'Etiqueta 02'])
    expect((await call('GET', '/api/tags/list?limit=501', h)).statusCode).toBe(400)
    const kanban = (await call('GET', '/api/tags/kanban', h)).json()
    expect(kanban.map((x: { name: string }) => x.name)).toEqual(['Etiqueta 03', 'Etiqueta 13', 'Etiqueta 23'])
    expect(kanban.every((x: { kanban: number }) => x.kanban === 1)).toBe(true)
  })

  it("syncs a ticket's tags, counts tickets per tag and serves them per ticket", async () => {
    const { headers: h, companyId, userId } = await companyWithUser(t.app, { profile: 'admin' })
    const [a, b, c] = [
      await create(h, { name: 'Aaa' }),
      await create(h, { name: 'Bbb' }),
      await create(h, { name: 'Ccc' }),
    ]
    const t1 = await ticketIn(t, companyId, userId)
    const t2 = await ticketIn(t, companyId, userId)
    const t3 = await ticketIn(t, companyId, userId)
    const sync = (ticketId: number, tags: unknown[], headers = h) =>
      call('POST', '/api/tags/sync', headers, { ticketId, tags })

    const r1 = await sync(t1.id, [b.id, { id: a.id, name: 'whatever' }, a.id])
    expect(r1.statusCode, r1.body).toBe(200)
    expect(r1.json()).toEqual({
      ticketId: t1.id,
      tags: [
        { id: a.id, name: 'Aaa', color: a.color, kanban: 0 },
        { id: b.id, name: 'Bbb', color: b.color, kanban: 0 },
      ],
    })
    await sync(t2.id, [a.id])
    await sync(t3.id, [a.id, c.id])
    const counts = async () =>
      Object.fromEntries(
        (await call('GET', '/api/tags', h))
          .json()
          .tags.map((x: { name: string; ticketsCount: number }) => [x.name, x.ticketsCount]),
      )
    expect(await counts()).toEqual({ Aaa: 3, Bbb: 1, Ccc: 1 })
    expect((await call('GET', `/api/tags/${a.id}`, h)).json().ticketsCount).toBe(3)

    // The whole set is replaced; an empty list clears it.
    const before = events.length
    expect((await sync(t1.id, [c.id])).json().tags.map((x: { name: string }) => x.name)).toEqual(['Ccc'])
    expect(await counts()).toEqual({ Aaa: 2, Bbb: 0, Ccc: 2 })
    await until(() => events.slice(before).some((e) => e.name === 'ticketTags.synced'))
    const moved = events
      .slice(before)
      .filter((e) => e.name === 'tag.updated')
      .map((e) => [e.payload.tag.name, e.payload.tag.ticketsCount])
      .sort()
    expect(moved).toEqual([
      ['Aaa', 2],
      ['Bbb', 0],
      ['Ccc', 2],
    ])
    expect(events.slice(before).find((e) => e.name === 'ticketTags.synced')!.payload).toEqual({
      companyId,
      ticketId: t1.id,
      tagIds: [c.id],
    })
    expect((await sync(t3.id, [])).json().tags).toEqual([])
    expect(await counts()).toEqual({ Aaa: 1, Bbb: 0, Ccc: 1 })

    // The tickets screen's service: one call for many tickets.
    const svc = t.app.kernel.services.get<TagsRef>('tags')
    const map = await svc.forTickets(companyId, [t1.id, t2.id, t3.id, 999_999])
    expect(Object.fromEntries([...map].map(([k, v]) => [k, v.map((x) => x.name)]))).toEqual({
      [t1.id]: ['Ccc'],
      [t2.id]: ['Aaa'],
      [t3.id]: [],
      999999: [],
    })

    // A deleted tag leaves its tickets.
    await call('DELETE', `/api/tags/${c.id}`, h)
    expect((await svc.forTickets(companyId, [t1.id])).get(t1.id)).toEqual([])
  })

  it("refuses a sync with an unknown ticket or tag, including another company's", async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    const b = await companyWithUser(t.app, { profile: 'admin' })
    const tagA = await create(a.headers, { name: 'Da empresa A' })
    const tagB = await create(b.headers, { name: 'Da empresa B' })
    const ticketA = await ticketIn(t, a.companyId)
    const ticketB = await ticketIn(t, b.companyId)
    const cases: [Headers, number, number[], string][] = [
      [b.headers, ticketA.id, [tagB.id], 'ERR_NO_TICKET_FOUND'],
      [a.headers, 999_999, [tagA.id], 'ERR_NO_TICKET_FOUND'],
      [b.headers, ticketB.id, [tagA.id], 'ERR_NO_TAG_FOUND'],
      [b.headers, ticketB.id, [tagB.id, 999_999], 'ERR_NO_TAG_FOUND'],
    ]
    for (const [h, ticketId, tags, code] of cases) {
      const res = await call('POST', '/api/tags/sync', h, { ticketId, tags })
      expect(res.statusCode, `${ticketId} ${tags}`).toBe(404)
      expect(res.json().error).toBe(code)
    }
    expect(
      (await call('POST', '/api/tags/sync', a.headers, { ticketId: ticketA.id, tags: ['x'] })).json(),
    ).toMatchObject({ error: 'ERR_VALIDATION' })
    expect((await call('POST', '/api/tags/sync', a.headers, { tags: [] })).json()).toMatchObject({
      error: 'ERR_VALIDATION',
      field: 'ticketId',
    })
    expect(await t.db('ticket_tags').whereIn('ticketId', [ticketA.id, ticketB.id])).toEqual([])
  })

  it('drops the links of a deleted ticket and announces the new counts', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const tag = await create(h, { name: 'Some' })
    const ticket = await ticketIn(t, companyId)
    const kept = await ticketIn(t, companyId)
    await call('POST', '/api/tags/sync', h, { ticketId: ticket.id, tags: [tag.id] })
    await call('POST', '/api/tags/sync', h, { ticketId: kept.id, tags: [tag.id] })
    const before = events.length
    await t.db('tickets').where({ id: ticket.id }).delete()
    await t.app.kernel.bus.emit('ticket.deleted' as keyof EventMap, { companyId, ticketId: ticket.id } as never)
    await until(async () => (await t.db('ticket_tags').where({ ticketId: ticket.id })).length === 0)
    expect((await call('GET', `/api/tags/${tag.id}`, h)).json().ticketsCount).toBe(1)
    await until(() => events.slice(before).some((e) => e.name === 'tag.updated' && e.payload.tag.id === tag.id))
    expect(events.slice(before).find((e) => e.name === 'tag.updated')!.payload.tag.ticketsCount).toBe(1)
  })

  it("hides other companies' tags (404) and never lists them", async () => {
    const a = await companyWithUser(t.app)
    const b = await companyWithUser(t.app)
    const tag = await create(a.headers, { name: 'Privada' })
    for (const url of [
      '/api/tags',
      '/api/tags/list',
      '/api/tags/kanban',
      `/api/tags?companyId=${a.companyId}`,
      `/api/tags/list?companyId=${a.companyId}`,
    ]) {
      expect((await call('GET', url, b.headers)).body, url).not.toContain('Privada')
    }
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Roubada' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/tags/${tag.id}`, b.headers, payload)
      expect(res.statusCode, method).toBe(404)
      expect(res.json().error).toBe('ERR_NO_TAG_FOUND')
    }
    expect((await call('GET', `/api/tags/${tag.id}`, a.headers)).json().name).toBe('Privada')
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `No tags ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'tags', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    const res = await call('GET', '/api/tags', h)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })

  it('delivers create, update and delete to the company room over the socket', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const outsider = await companyWithUser(t.app)
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const open = async (headers: Headers) => {
      const ws = new WebSocket(
        `${addr.replace('http', 'ws')}/socket?token=${encodeURIComponent(headers.authorization.slice(7))}`,
      )
      const frames: { event: string; data: any }[] = []
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve())
        ws.once('error', reject)
      })
      // A ping round trip: the socket has joined its rooms once the pong arrives.
      ws.send(JSON.stringify({ type: 'ping' }))
      await until(() => frames.some((f) => f.event === 'pong'))
      return { ws, frames }
    }
    const mine = await open(h)
    const theirs = await open(outsider.headers)
    try {
      const tag = await create(h, { name: 'Ao vivo' })
      await call('PUT', `/api/tags/${tag.id}`, h, { color: '#00ff00' })
      await call('DELETE', `/api/tags/${tag.id}`, h)
      const channel = `company-${companyId}-tag`
      await until(() => mine.frames.filter((f) => f.event === channel).length === 3)
      const data = mine.frames.filter((f) => f.event === channel).map((f) => f.data)
      expect(data[0]).toEqual({ action: 'create', tag })
      expect(data[1]).toMatchObject({ action: 'update', tag: { id: tag.id, color: '#00ff00' } })
      expect(data[2]).toEqual({ action: 'delete', tagId: tag.id })
      // A ticket's new tag set (the kanban board moves its card): ids only.
      const lane = await create(h, { name: 'Coluna', kanban: 1 })
      const ticket = await ticketIn(t, companyId)
      expect((await call('POST', '/api/tags/sync', h, { ticketId: ticket.id, tags: [lane.id] })).statusCode).toBe(200)
      await until(() => mine.frames.some((f) => f.event === channel && f.data.action === 'sync'))
      expect(mine.frames.find((f) => f.event === channel && f.data.action === 'sync')!.data).toEqual({
        action: 'sync',
        ticketId: ticket.id,
        tagIds: [lane.id],
      })
      expect(theirs.frames.filter((f) => f.event !== 'pong')).toEqual([])
    } finally {
      mine.ws.terminate()
      theirs.ws.terminate()
    }
  })
})
