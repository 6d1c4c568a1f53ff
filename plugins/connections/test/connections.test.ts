import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, userIn, allPlugins, type TestApp, type Headers } from '@atende/kernel/testing'

describe('connections CRUD', () => {
  let t: TestApp
  // With the queues plugin: a connection's queues must be rows of its company.
  beforeAll(async () => {
    t = await createTestApp({ plugins: await allPlugins() })
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const list = async (h: Headers) =>
    (await call('GET', '/api/whatsapp?session=0', h)).json() as { id: number; name: string; isDefault: boolean }[]

  it('creates, reads, lists by name, edits and deletes', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app)
    const [q1, q3] = (
      await t
        .db('queues')
        .insert([
          { companyId, name: 'One', color: '#000001' },
          { companyId, name: 'Three', color: '#000003' },
        ])
        .returning('id')
    ).map((r: { id: number }) => r.id)
    const res = await call('POST', '/api/whatsapp', h, {
      name: '  Sales ',
      greetingMessage: 'Hi',
      queueIds: [q3, q1, q3],
      schedules: [{ weekday: 'Monday', startTime: '08:00', endTime: '18:00' }],
    })
    expect(res.statusCode).toBe(200)
    const w = res.json()
    expect(w).toMatchObject({
      name: 'Sales',
      status: 'DISCONNECTED',
      provider: 'beta',
      isDefault: true,
      retries: 0,
      greetingMessage: 'Hi',
      maxUseBotQueues: 3,
      expiresTicket: 0,
      queueIds: [q1, q3],
      number: null,
    })
    expect(w.schedules).toEqual([{ weekday: 'Monday', startTime: '08:00', endTime: '18:00' }])
    await call('POST', '/api/whatsapp', h, { name: 'Attendance' })
    expect((await list(h)).map((x) => x.name)).toEqual(['Attendance', 'Sales'])
    expect((await call('GET', `/api/whatsapp/${w.id}?session=0`, h)).json()).toMatchObject({
      id: w.id,
      queueIds: [q1, q3],
    })
    // Another company's queue, or one that does not exist, is refused naming the field.
    const other = await companyWithUser(t.app)
    const [foreign] = await t
      .db('queues')
      .insert({ companyId: other.companyId, name: 'Theirs', color: '#000009' })
      .returning('id')
    for (const body of [{ queueIds: [q1, foreign.id] }, { transferQueueId: foreign.id }, { redirectQueueId: 99999 }]) {
      const refused = await call('PUT', `/api/whatsapp/${w.id}`, h, body)
      expect(refused.json(), JSON.stringify(body)).toMatchObject({
        statusCode: 400,
        error: 'ERR_QUEUE_NOT_FOUND',
        field: Object.keys(body)[0],
      })
    }

    const edited = await call('PUT', `/api/whatsapp/${w.id}`, h, {
      name: 'Sales 2',
      queueIds: [],
      maxUseBotQueues: 5,
      integrationId: null,
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ name: 'Sales 2', queueIds: [], maxUseBotQueues: 5, greetingMessage: 'Hi' })

    const dup = await call('POST', '/api/whatsapp', h, { name: 'sales 2' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ error: 'ERR_WAPP_NAME_IN_USE', field: 'name' })

    expect((await call('DELETE', `/api/whatsapp/${w.id}`, h)).statusCode).toBe(200)
    const gone = await call('GET', `/api/whatsapp/${w.id}`, h)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_WAPP_FOUND')
    expect((await call('DELETE', `/api/whatsapp/${w.id}`, h)).statusCode).toBe(404)
    expect((await call('PUT', `/api/whatsapp/${w.id}`, h, { name: 'xx' })).statusCode).toBe(404)
  })

  it('validates input and names the field', async () => {
    const { headers: h } = await companyWithUser(t.app)
    const cases: [object, string][] = [
      [{}, 'name'],
      [{ name: 'a' }, 'name'],
      [{ name: '  a  ' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 'ok', provider: 'other' }, 'provider'],
      [{ name: 'ok', maxUseBotQueues: -1 }, 'maxUseBotQueues'],
      [{ name: 'ok', queueIds: ['a'] }, 'queueIds'],
      [{ name: 'ok', schedules: [{ weekday: 'Mon', startTime: '25:00' }] }, 'schedules'],
    ]
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/whatsapp', h, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().error).toBe('ERR_VALIDATION')
      expect(res.json().field, JSON.stringify(payload)).toContain(field)
    }
    expect((await call('GET', '/api/whatsapp/abc', h)).statusCode).toBe(400)
  })

  it('keeps exactly one default', async () => {
    const { headers: h } = await companyWithUser(t.app)
    const a = (await call('POST', '/api/whatsapp', h, { name: 'Alpha', isDefault: false })).json()
    expect(a.isDefault).toBe(true) // the first one is the default
    const b = (await call('POST', '/api/whatsapp', h, { name: 'Bravo' })).json()
    expect(b.isDefault).toBe(false)
    const c = (await call('POST', '/api/whatsapp', h, { name: 'Charlie', isDefault: true })).json()
    expect(c.isDefault).toBe(true)
    expect((await list(h)).filter((x) => x.isDefault).map((x) => x.name)).toEqual(['Charlie'])

    await call('PUT', `/api/whatsapp/${b.id}`, h, { isDefault: true })
    expect((await list(h)).filter((x) => x.isDefault).map((x) => x.name)).toEqual(['Bravo'])

    const refused = await call('PUT', `/api/whatsapp/${b.id}`, h, { isDefault: false })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ error: 'ERR_NO_OTHER_WHATSAPP', field: 'isDefault' })
    // Unsetting a non-default is harmless.
    expect((await call('PUT', `/api/whatsapp/${a.id}`, h, { isDefault: false })).statusCode).toBe(200)

    // Deleting the default promotes the oldest remaining connection.
    await call('DELETE', `/api/whatsapp/${b.id}`, h)
    expect((await list(h)).filter((x) => x.isDefault).map((x) => x.name)).toEqual(['Alpha'])
    await call('DELETE', `/api/whatsapp/${a.id}`, h)
    await call('DELETE', `/api/whatsapp/${c.id}`, h)
    expect(await list(h)).toEqual([])
  })

  it('enforces the plan connection limit (0 = unlimited)', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Tiny ${Date.now()}`, users: 5 })
      .returning('id')
    // The plans plugin's limits of that plan (its route would set them the same).
    await t.db('plan_limits').insert({ planId: plan.id, connections: 2, queues: 5 })
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    expect((await call('POST', '/api/whatsapp', h, { name: 'One' })).statusCode).toBe(200)
    expect((await call('POST', '/api/whatsapp', h, { name: 'Two' })).statusCode).toBe(200)
    const over = await call('POST', '/api/whatsapp', h, { name: 'Three' })
    expect(over.statusCode).toBe(403)
    expect(over.json().error).toBe('ERR_PLAN_LIMIT_REACHED')
    await t.db('plan_limits').where({ planId: plan.id }).update({ connections: 0 })
    expect((await call('POST', '/api/whatsapp', h, { name: 'Three' })).statusCode).toBe(200)
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `No connections ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'connections', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    for (const [method, url] of [
      ['GET', '/api/whatsapp'],
      ['POST', '/api/whatsapp'],
    ] as const) {
      const res = await call(method, url, h, method === 'POST' ? { name: 'Nope' } : undefined)
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
    }
  })

  it('lets users read but not change connections', async () => {
    const admin = await companyWithUser(t.app)
    const user = await userIn(t.app, admin.companyId, 'user')
    const w = (await call('POST', '/api/whatsapp', admin.headers, { name: 'Shared' })).json()
    expect((await list(user.headers)).map((x) => x.id)).toEqual([w.id])
    expect((await call('GET', `/api/whatsapp/${w.id}`, user.headers)).statusCode).toBe(200)
    for (const [method, url, payload] of [
      ['POST', '/api/whatsapp', { name: 'Mine' }],
      ['PUT', `/api/whatsapp/${w.id}`, { name: 'Mine' }],
      ['DELETE', `/api/whatsapp/${w.id}`, undefined],
      ['POST', `/api/whatsappsession/${w.id}`, undefined],
      ['PUT', `/api/whatsappsession/${w.id}`, undefined],
      ['DELETE', `/api/whatsappsession/${w.id}`, undefined],
    ] as const) {
      const res = await call(method, url, user.headers, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/whatsapp' })).statusCode).toBe(401)
  })

  it("hides other companies' connections (404)", async () => {
    const a = await companyWithUser(t.app)
    const b = await companyWithUser(t.app)
    const w = (await call('POST', '/api/whatsapp', a.headers, { name: 'Private', provider: 'simulator' })).json()
    expect(await list(b.headers)).toEqual([])
    for (const [method, url, payload] of [
      ['GET', `/api/whatsapp/${w.id}`, undefined],
      ['PUT', `/api/whatsapp/${w.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/whatsapp/${w.id}`, undefined],
      ['POST', `/api/whatsappsession/${w.id}`, undefined],
      ['PUT', `/api/whatsappsession/${w.id}`, undefined],
      ['DELETE', `/api/whatsappsession/${w.id}`, undefined],
      ['POST', `/api/simulator/${w.id}/scan`, {}],
      ['POST', `/api/simulator/${w.id}/disconnect`, undefined],
    ] as const) {
      const res = await call(method, url, b.headers, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().error).toBe('ERR_NO_WAPP_FOUND')
    }
    expect((await call('GET', `/api/whatsapp/${w.id}`, a.headers)).json()).toMatchObject({
      name: 'Private',
      status: 'qrcode',
    })
  })
})

describe('deleting a connection', () => {
  it("clears it as users' default connection", async () => {
    // The tickets plugin owns users' default connections; deleting one releases it there.
    const t = await createTestApp({ plugins: await allPlugins() })
    try {
      const { headers, userId } = await companyWithUser(t.app, { profile: 'admin' })
      const w = (
        await t.app.inject({
          method: 'POST',
          url: '/api/whatsapp',
          headers,
          payload: { name: 'Padrão', provider: 'simulator' },
        })
      ).json()
      const w2 = (
        await t.app.inject({
          method: 'POST',
          url: '/api/whatsapp',
          headers,
          payload: { name: 'Outra', provider: 'simulator', isDefault: true },
        })
      ).json()
      await t.app.kernel.db('attendants').insert({ userId, companyId: w.companyId, whatsappId: w.id })
      expect((await t.app.inject({ method: 'DELETE', url: `/api/whatsapp/${w.id}`, headers })).statusCode).toBe(200)
      // In the deleting transaction: no wait.
      expect(await t.app.kernel.db('attendants').where({ userId }).first('whatsappId')).toEqual({ whatsappId: null })
      expect(w2.id).toBeGreaterThan(0)
    } finally {
      await t.close()
    }
  })
})
