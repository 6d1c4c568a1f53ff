import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  announceUser,
  caller,
  companyOnPlan,
  createTestApp,
  queuePlugins,
  until,
  userIn,
  type TestApp,
} from './support.ts'
import { DEFAULT_SCHEDULES } from '../src/schedule.ts'

describe('queues API', () => {
  let t: TestApp
  const events: { name: string; payload: any }[] = []
  beforeAll(async () => {
    t = await createTestApp({ plugins: queuePlugins })
    for (const name of ['queue.created', 'queue.updated', 'queue.deleted'] as const)
      t.app.kernel.bus.on(name, (payload) => {
        events.push({ name, payload })
      })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('creates, lists in menu order, edits and deletes, announcing each change', async () => {
    const { headers, companyId } = await companyOnPlan(t)
    const call = caller(t, headers)
    const first = await call('POST', '/api/queue', { name: '  Vendas ', color: '#ff0000', orderQueue: 2 })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      name: 'Vendas',
      color: '#ff0000',
      orderQueue: 2,
      greetingMessage: '',
      schedules: DEFAULT_SCHEDULES,
      redirectQueueId: null,
    })
    await until(() => events.some((e) => e.name === 'queue.created' && e.payload.queue.id === first.json().id))
    const second = (
      await call('POST', '/api/queue', { name: 'Suporte', color: '#00ff00', orderQueue: 1, greetingMessage: 'Olá' })
    ).json()
    const third = (
      await call('POST', '/api/queue', { name: 'Atendimento', color: '#0000ff', greetingMessage: 'Oi' })
    ).json()
    const list = (await call('GET', '/api/queue')).json()
    expect(list.map((q: any) => q.name)).toEqual(['Suporte', 'Vendas', 'Atendimento'])
    expect((await call('GET', '/api/queue?limit=1&offset=1')).json().map((q: any) => q.id)).toEqual([first.json().id])

    const edited = await call('PUT', `/api/queue/${second.id}`, {
      name: 'Suporte técnico',
      redirectQueueId: String(third.id),
      maxAttemptsWithoutResponse: 3,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({
      name: 'Suporte técnico',
      redirectQueueId: String(third.id),
      maxAttemptsWithoutResponse: 3,
    })
    await until(() => events.some((e) => e.name === 'queue.updated' && e.payload.queue.name === 'Suporte técnico'))
    expect((await call('GET', `/api/queue/${second.id}`)).json().name).toBe('Suporte técnico')

    // Deleting the redirect target clears the redirect; attendants and connections drop the queue.
    const [user] = await t.db('users').where({ companyId }).select('id')
    await t.db('attendant_queues').insert({ userId: user.id, queueId: third.id, companyId })
    await announceUser(t.app, user.id)
    const w = (await call('POST', '/api/whatsapp', { name: 'Conn', queueIds: [third.id, second.id] })).json()
    expect(w.queueIds).toEqual([second.id, third.id].sort((a, b) => a - b))
    expect((await call('DELETE', `/api/queue/${third.id}`)).statusCode).toBe(200)
    await until(() => events.some((e) => e.name === 'queue.deleted' && e.payload.queueId === third.id))
    expect((await call('GET', `/api/queue/${second.id}`)).json().redirectQueueId).toBeNull()
    await until(
      async () => (await t.db('attendant_queues').where({ queueId: third.id }).count({ n: '*' }).first())!.n == 0,
    )
    await until(async () => (await call('GET', `/api/whatsapp/${w.id}`)).json().queueIds.length === 1)
    expect((await call('GET', `/api/queue/${third.id}`)).statusCode).toBe(404)
  })

  it('validates name, colour (unique), greeting beyond one queue, redirects and the plan limit', async () => {
    const { headers } = await companyOnPlan(t, 2)
    const call = caller(t, headers)
    const bad = async (
      body: object,
      field: string,
      code = 'ERR_VALIDATION',
      url = '/api/queue',
      method: 'POST' | 'PUT' = 'POST',
    ) => {
      const res = await call(method, url, body)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ error: code })
      expect(JSON.stringify(res.json())).toContain(field)
    }
    await bad({ name: 'A', color: '#123' }, 'name')
    await bad({ name: 'x'.repeat(51), color: '#123' }, 'name')
    await bad({ name: 'Vendas', color: '#1' }, 'color')
    await bad({ name: 'Vendas', color: '#1234567890' }, 'color')
    const one = (await call('POST', '/api/queue', { name: 'Vendas', color: '#AbC' })).json()
    await bad({ name: 'Suporte', color: '#abc', greetingMessage: 'Olá' }, 'color', 'ERR_QUEUE_COLOR_ALREADY_EXISTS')
    await bad({ name: 'Suporte', color: '#def' }, 'greetingMessage', 'ERR_WAPP_GREETING_REQUIRED')
    await bad({ name: 'Suporte', color: '#def', greetingMessage: 'Olá', redirectQueueId: 999999 }, 'redirectQueueId')
    await bad(
      { name: 'Suporte', color: '#def', greetingMessage: 'Olá', redirectQueueId: 'elsewhere' },
      'redirectQueueId',
    )
    const two = (
      await call('POST', '/api/queue', {
        name: 'Suporte',
        color: '#def',
        greetingMessage: 'Olá',
        redirectQueueId: `${one.id}`,
      })
    ).json()
    expect(two.redirectQueueId).toBe(String(one.id))
    await bad({ redirectQueueId: String(two.id) }, 'redirectQueueId', 'ERR_VALIDATION', `/api/queue/${two.id}`, 'PUT')
    await bad({ greetingMessage: '  ' }, 'greetingMessage', 'ERR_WAPP_GREETING_REQUIRED', `/api/queue/${two.id}`, 'PUT')
    await bad({ color: '#ABC' }, 'color', 'ERR_QUEUE_COLOR_ALREADY_EXISTS', `/api/queue/${two.id}`, 'PUT')
    // The plan allows two.
    const third = await call('POST', '/api/queue', { name: 'Terceira', color: '#999', greetingMessage: 'Oi' })
    expect(third.statusCode).toBe(403)
    expect(third.json().error).toBe('ERR_PLAN_LIMIT_REACHED')
  })

  it('only admins write; every user reads; other companies see nothing', async () => {
    const a = await companyOnPlan(t)
    const q = (await caller(t, a.headers)('POST', '/api/queue', { name: 'Vendas', color: '#111' })).json()
    const user = await userIn(t.app, a.companyId, 'user')
    expect((await caller(t, user.headers)('GET', '/api/queue')).json()).toHaveLength(1)
    expect((await caller(t, user.headers)('POST', '/api/queue', { name: 'Outra', color: '#222' })).statusCode).toBe(403)
    const b = await companyOnPlan(t)
    const other = caller(t, b.headers)
    expect((await other('GET', '/api/queue')).json()).toEqual([])
    expect((await other('GET', `/api/queue/${q.id}`)).statusCode).toBe(404)
    expect((await other('PUT', `/api/queue/${q.id}`, { name: 'Mine' })).statusCode).toBe(404)
    expect((await other('DELETE', `/api/queue/${q.id}`)).statusCode).toBe(404)
    expect((await other('POST', '/api/queue-options', { queueId: q.id, title: 'X' })).statusCode).toBe(404)
    // A connection cannot link another company's queue (validated through the queues service).
    const res = await other('POST', '/api/whatsapp', { name: 'Conn', queueIds: [q.id] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND' })
  })

  it('keeps the option tree: levels by parentId (-1 top), numbering, nested delete, redirects to options', async () => {
    const { headers } = await companyOnPlan(t)
    const call = caller(t, headers)
    const q = (await call('POST', '/api/queue', { name: 'Vendas', color: '#111' })).json()
    const add = async (body: object) => {
      const res = await call('POST', '/api/queue-options', body)
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const a = await add({ queueId: q.id, title: 'Planos', message: 'Escolha o plano' })
    const b = await add({ queueId: q.id, parentId: -1, title: 'Boletos' })
    const a1 = await add({ queueId: q.id, parentId: a.id, title: 'Básico', message: 'Plano básico' })
    const a2 = await add({ queueId: q.id, parentId: a.id, title: 'Pro' })
    expect([a.option, b.option, a1.option, a2.option]).toEqual([1, 2, 1, 2])
    expect(a.parentId).toBe(-1)
    const top = (await call('GET', `/api/queue-options?queueId=${q.id}&parentId=-1`)).json()
    expect(top.map((o: any) => o.title)).toEqual(['Planos', 'Boletos'])
    expect(
      (await call('GET', `/api/queue-options?queueId=${q.id}&parentId=${a.id}`)).json().map((o: any) => o.title),
    ).toEqual(['Básico', 'Pro'])
    const edited = await call('PUT', `/api/queue-options/${a2.id}`, { title: 'Premium', option: 5 })
    expect(edited.json()).toMatchObject({ title: 'Premium', option: 5 })
    expect((await call('PUT', `/api/queue-options/${a2.id}`, { redirectQueueId: `option-${a2.id}` })).statusCode).toBe(
      400,
    )
    expect((await call('POST', '/api/queue-options', { queueId: q.id, parentId: 999999, title: 'X' })).statusCode).toBe(
      400,
    )
    expect((await call('POST', '/api/queue-options', { queueId: q.id, title: ' ' })).statusCode).toBe(400)
    // A queue may redirect to an option; deleting the option's branch clears it.
    expect(
      (await call('PUT', `/api/queue/${q.id}`, { redirectQueueId: `option-${a1.id}` })).json().redirectQueueId,
    ).toBe(`option-${a1.id}`)
    expect((await call('DELETE', `/api/queue-options/${a.id}`)).statusCode).toBe(200)
    expect((await call('GET', `/api/queue-options?queueId=${q.id}`)).json().map((o: any) => o.id)).toEqual([b.id])
    expect((await call('GET', `/api/queue/${q.id}`)).json().redirectQueueId).toBeNull()
    expect((await call('GET', `/api/queue-options/${a1.id}`)).statusCode).toBe(404)
  })
})
