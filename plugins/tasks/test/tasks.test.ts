import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import { createTestApp, companyWithUser, userIn, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import plugin from '../src/index.ts'
import type { Task } from '../src/api.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The real kernel with this plugin (and users, for deleting one), a database of this file's own, HTTP through app.inject(). */
describe('tasks', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [usersPlugin, contactsPlugin, ticketsPlugin, plugin] })
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: Method, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const create = async (h: Headers, body: object): Promise<Task> => {
    const res = await call('POST', '/api/tasks', h, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const list = async (h: Headers, page = 1): Promise<{ tasks: Task[]; hasMore: boolean; count: number }> => {
    const res = await call('GET', `/api/tasks?pageNumber=${page}`, h)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  /** An admin and two attendants of a fresh company. */
  const team = async () => {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    const ana = await userIn(t.app, admin.companyId, 'user')
    const bia = await userIn(t.app, admin.companyId, 'user')
    return { admin, ana, bia, companyId: admin.companyId }
  }

  it('creates, reads, edits and deletes a task', async () => {
    const { admin, ana, companyId } = await team()
    expect(await list(admin.headers)).toEqual({ tasks: [], hasMore: false, count: 0 })
    const day = '2026-12-01T13:30:00.000Z'
    const task = await create(admin.headers, { text: '  Call the client  ', day, userid: [ana.userId] })
    expect(task).toMatchObject({
      companyId,
      text: 'Call the client',
      done: false,
      day,
      userid: [ana.userId],
      users: [{ id: ana.userId, name: expect.any(String) }],
      createdBy: admin.userId,
    })
    expect((await call('GET', `/api/tasks/${task.id}`, admin.headers)).json()).toEqual(task)
    expect((await list(admin.headers)).tasks).toEqual([task])

    const edited = await call('PUT', `/api/tasks/${task.id}`, admin.headers, {
      text: 'Call back',
      done: true,
      day: '',
      userid: [ana.userId, admin.userId],
      companyId: 999_999,
      createdAt: '2000-01-01T00:00:00Z',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ id: task.id, companyId, text: 'Call back', done: true, day: null })
    expect([...edited.json().userid].sort()).toEqual([ana.userId, admin.userId].sort())
    expect(edited.json().createdAt).toBe(task.createdAt)
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(task.updatedAt))

    expect((await call('DELETE', `/api/tasks/${task.id}`, admin.headers)).json()).toEqual({ message: 'Task deleted' })
    const gone = await call('GET', `/api/tasks/${task.id}`, admin.headers)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_TASK_FOUND')
    expect((await call('DELETE', `/api/tasks/${task.id}`, admin.headers)).statusCode).toBe(404)
    expect(await t.db('task_users').where({ taskId: task.id })).toEqual([])
  })

  it('takes userid as a list or as its JSON string; none means the caller', async () => {
    const { admin, ana, bia } = await team()
    const fromString = await create(admin.headers, { text: 'a', userid: JSON.stringify([ana.userId, bia.userId]) })
    expect([...fromString.userid].sort()).toEqual([ana.userId, bia.userId].sort())
    const quoted = await create(admin.headers, { text: 'b', userid: `["${bia.userId}"]` })
    expect(quoted.userid).toEqual([bia.userId])
    expect((await create(admin.headers, { text: 'c', userid: '' })).userid).toEqual([admin.userId])
    expect((await create(admin.headers, { text: 'd', userid: [] })).userid).toEqual([admin.userId])
    expect((await create(admin.headers, { text: 'e' })).userid).toEqual([admin.userId])
    const dup = await create(admin.headers, { text: 'f', userid: [ana.userId, ana.userId] })
    expect(dup.userid).toEqual([ana.userId])
    const put = await call('PUT', `/api/tasks/${dup.id}`, admin.headers, { userid: `[${bia.userId}]` })
    expect(put.json().userid).toEqual([bia.userId])
  })

  it('answers bad input with 400, naming the field', async () => {
    const { admin, ana } = await team()
    const other = await companyWithUser(t.app, { profile: 'admin' })
    const cases: [object, string, string][] = [
      [{}, 'text', 'ERR_VALIDATION'],
      [{ text: '' }, 'text', 'ERR_VALIDATION'],
      [{ text: '   ' }, 'text', 'ERR_VALIDATION'],
      [{ text: 'x'.repeat(5001) }, 'text', 'ERR_VALIDATION'],
      [{ text: 'ok', day: 'tomorrow' }, 'day', 'ERR_VALIDATION'],
      [{ text: 'ok', done: 'maybe' }, 'done', 'ERR_VALIDATION'],
      [{ text: 'ok', userid: 'not json' }, 'userid', 'ERR_TASK_INVALID_USER'],
      [{ text: 'ok', userid: '{"a":1}' }, 'userid', 'ERR_TASK_INVALID_USER'],
      [{ text: 'ok', userid: '[1.5]' }, 'userid', 'ERR_TASK_INVALID_USER'],
      [{ text: 'ok', userid: '["x"]' }, 'userid', 'ERR_TASK_INVALID_USER'],
      [{ text: 'ok', userid: [ana.userId, 2_000_000_000] }, 'userid', 'ERR_TASK_INVALID_USER'],
      // Another company's user, as a list and as a JSON string.
      [{ text: 'ok', userid: [other.userId] }, 'userid', 'ERR_TASK_INVALID_USER'],
      [{ text: 'ok', userid: JSON.stringify([ana.userId, other.userId]) }, 'userid', 'ERR_TASK_INVALID_USER'],
    ]
    for (const [payload, field, error] of cases) {
      const res = await call('POST', '/api/tasks', admin.headers, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error, field })
    }
    // A text over the limit is refused naming the limit (the form says "máximo 5.000"), never cut.
    const long = await call('POST', '/api/tasks', admin.headers, { text: 'x'.repeat(10_000) })
    expect(long.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'text', max: 5_000 })
    const task = await create(admin.headers, { text: 'kept', userid: [ana.userId] })
    for (const [payload, field] of [
      [{ text: ' ' }, 'text'],
      [{ userid: [other.userId] }, 'userid'],
      [{ day: '31/12/2026' }, 'day'],
      [{ day: ['2026-12-01T13:30:00.000Z'] }, 'day'],
      [{ day: '2026-02-30T10:00:00Z' }, 'day'],
    ] as const) {
      const res = await call('PUT', `/api/tasks/${task.id}`, admin.headers, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().field).toBe(field)
    }
    expect((await call('GET', `/api/tasks/${task.id}`, admin.headers)).json()).toEqual(task)
    expect((await call('GET', '/api/tasks/abc', admin.headers)).statusCode).toBe(400)
  })

  it('answers a wrong-typed or impossible day with 400 naming it, never a 500 or a guessed date', async () => {
    const { admin } = await team()
    const days: unknown[] = [
      5,
      0,
      true,
      {},
      ['2026-12-01T13:30:00.000Z'],
      'not a date',
      '2026-13-45',
      '2026-02-30T10:00:00Z',
      '2026-12-01T24:00:00Z',
      'Tue, 01 Dec 2026',
      '2026',
      '0000-01-01T00:00:00Z',
      '99999-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
    ]
    for (const day of days) {
      const res = await call('POST', '/api/tasks', admin.headers, { text: 'ok', day })
      expect(res.statusCode, JSON.stringify(day)).toBe(400)
      expect(res.json(), JSON.stringify(day)).toMatchObject({ error: 'ERR_VALIDATION', field: 'day' })
    }
    expect((await list(admin.headers)).tasks).toEqual([])
    // The forms the screen and the spec use still work: ISO with an offset, "" and null for none.
    expect((await create(admin.headers, { text: 'a', day: '2028-02-29T23:30:00-03:00' })).day).toBe(
      '2028-03-01T02:30:00.000Z',
    )
    expect((await create(admin.headers, { text: 'b', day: '' })).day).toBeNull()
    expect((await create(admin.headers, { text: 'c', day: null })).day).toBeNull()
  })

  it('shows a non-admin only the tasks assigned to them, and lets them change only those', async () => {
    const { admin, ana, bia } = await team()
    const forAna = await create(admin.headers, { text: 'for Ana', userid: [ana.userId] })
    const forBia = await create(admin.headers, { text: 'for Bia', userid: [bia.userId] })
    const forBoth = await create(admin.headers, { text: 'for both', userid: [ana.userId, bia.userId] })

    expect((await list(admin.headers)).count).toBe(3)
    const anas = await list(ana.headers)
    expect(anas.tasks.map((x) => x.text).sort()).toEqual(['for Ana', 'for both'])
    expect(anas.count).toBe(2)

    // Bia's task does not exist for Ana.
    for (const [method, payload] of [['GET'], ['PUT', { done: true }], ['DELETE']] as const) {
      const res = await call(method, `/api/tasks/${forBia.id}`, ana.headers, payload)
      expect(res.statusCode, method).toBe(404)
      expect(res.json().error).toBe('ERR_NO_TASK_FOUND')
    }
    expect((await call('GET', `/api/tasks/${forBia.id}`, admin.headers)).json().done).toBe(false)

    // Her own: done, text and day are hers to change; who it is for and deleting it are the author's.
    const done = await call('PUT', `/api/tasks/${forAna.id}`, ana.headers, {
      done: true,
      text: 'for Ana, done',
      userid: [ana.userId],
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ done: true, text: 'for Ana, done', userid: [ana.userId] })
    for (const [method, payload] of [['PUT', { userid: [ana.userId] }], ['DELETE']] as const) {
      const res = await call(method, `/api/tasks/${forBoth.id}`, ana.headers, payload)
      expect(res.statusCode, method).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    const res = await call('PUT', `/api/tasks/${forBoth.id}`, ana.headers, { userid: [admin.userId] })
    expect(res.statusCode).toBe(403)

    // What she writes stays hers even when she assigns it to someone else; she may delete it.
    const hers = await create(ana.headers, { text: 'ask Bia', userid: [bia.userId] })
    expect([...hers.userid].sort()).toEqual([ana.userId, bia.userId].sort())
    const moved = await call('PUT', `/api/tasks/${hers.id}`, ana.headers, { userid: [admin.userId] })
    expect([...moved.json().userid].sort()).toEqual([ana.userId, admin.userId].sort())
    expect((await call('DELETE', `/api/tasks/${hers.id}`, ana.headers)).statusCode).toBe(200)

    // An admin changes and deletes anyone's.
    expect((await call('PUT', `/api/tasks/${forBia.id}`, admin.headers, { userid: [ana.userId] })).statusCode).toBe(200)
    expect((await list(bia.headers)).tasks.map((x) => x.text)).toEqual(['for both'])
    expect((await call('DELETE', `/api/tasks/${forBoth.id}`, admin.headers)).statusCode).toBe(200)
  })

  it('lists by day, dateless last, 50 a page', async () => {
    const { admin } = await team()
    const days = ['2027-03-01T10:00:00.000Z', null, '2027-01-01T10:00:00.000Z', '2027-02-01T08:00:00.000Z']
    for (const [i, day] of days.entries()) await create(admin.headers, { text: `t${i}`, day })
    expect((await list(admin.headers)).tasks.map((x) => x.text)).toEqual(['t2', 't3', 't0', 't1'])
    for (let i = 0; i < 48; i++) await create(admin.headers, { text: `n${i}` })
    const p1 = await list(admin.headers)
    expect(p1).toMatchObject({ hasMore: true, count: 52 })
    expect(p1.tasks).toHaveLength(50)
    const p2 = await list(admin.headers, 2)
    expect(p2).toMatchObject({ hasMore: false, count: 52 })
    expect(p2.tasks.map((x) => x.text)).toEqual(['n46', 'n47'])
    expect(await list(admin.headers, 3)).toEqual({ tasks: [], hasMore: false, count: 52 })
  })

  it("hides other companies' tasks (404) and leaves them unchanged", async () => {
    const a = await team()
    const b = await team()
    const task = await create(a.admin.headers, { text: 'Secret of A', userid: [a.ana.userId] })
    expect((await list(b.admin.headers)).tasks).toEqual([])
    for (const [method, payload] of [['GET'], ['PUT', { text: 'Taken', done: true }], ['DELETE']] as const) {
      const res = await call(method, `/api/tasks/${task.id}`, b.admin.headers, payload)
      expect(res.statusCode, method).toBe(404)
      expect(res.json().error).toBe('ERR_NO_TASK_FOUND')
    }
    // B cannot hand A's users a task either.
    const res = await call('POST', '/api/tasks', b.admin.headers, { text: 'x', userid: [a.ana.userId] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'ERR_TASK_INVALID_USER', field: 'userid' })
    expect((await call('GET', `/api/tasks/${task.id}`, a.admin.headers)).json()).toEqual(task)
  })

  it('takes a deleted user off their tasks', async () => {
    const { admin, ana, bia } = await team()
    const task = await create(admin.headers, { text: 'shared', userid: [ana.userId, bia.userId] })
    const own = await create(bia.headers, { text: 'Bia wrote it' })
    const res = await call('DELETE', `/api/users/${bia.userId}`, admin.headers)
    expect(res.statusCode, res.body).toBe(200)
    expect((await call('GET', `/api/tasks/${task.id}`, admin.headers)).json().userid).toEqual([ana.userId])
    // Her own task stays for the admins, with nobody on it and no author.
    expect((await call('GET', `/api/tasks/${own.id}`, admin.headers)).json()).toMatchObject({
      userid: [],
      createdBy: null,
    })
  })

  it('delivers a task only to its users and the admins, live', async () => {
    const { admin, ana, bia, companyId } = await team()
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const open = async (headers: Headers) => {
      const ws = new WebSocket(
        `${addr.replace('http', 'ws')}/socket?token=${encodeURIComponent(headers.authorization.slice(7))}`,
      )
      const frames: { event: string; data: { action: string; task?: Task; id?: number } }[] = []
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve())
        ws.once('error', reject)
      })
      ws.send(JSON.stringify({ type: 'ping' }))
      await until(() => frames.some((f) => f.event === 'pong'))
      const data = () => frames.filter((f) => f.event === `company-${companyId}-task`).map((f) => f.data)
      return { ws, data, seen: () => data().map((d) => [d.action, d.task?.text ?? d.id]) }
    }
    const sockets = [await open(admin.headers), await open(ana.headers), await open(bia.headers)]
    const [adminSocket, anaSocket, biaSocket] = sockets
    try {
      const task = await create(admin.headers, { text: 'for Ana', userid: [ana.userId] })
      await call('PUT', `/api/tasks/${task.id}`, ana.headers, { done: true })
      await call('PUT', `/api/tasks/${task.id}`, admin.headers, { userid: [bia.userId] })
      await call('DELETE', `/api/tasks/${task.id}`, admin.headers)
      await until(() => adminSocket.data().length === 4 && biaSocket.data().length === 2)
      await until(() => anaSocket.data().length === 3)
      expect(adminSocket.seen()).toEqual([
        ['create', 'for Ana'],
        ['update', 'for Ana'],
        ['update', 'for Ana'],
        ['delete', task.id],
      ])
      expect(anaSocket.seen()).toEqual([
        ['create', 'for Ana'],
        ['update', 'for Ana'],
        // Taken off it: she drops it.
        ['delete', task.id],
      ])
      expect(anaSocket.data()[1].task).toMatchObject({ done: true })
      expect(biaSocket.seen()).toEqual([
        ['update', 'for Ana'],
        ['delete', task.id],
      ])
    } finally {
      for (const s of sockets) s.ws.terminate()
    }
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Without tasks ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'tasks', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    const res = await call('GET', '/api/tasks', h)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })
})
