import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { allPlugins, announceUser, createTestApp, until, type TestApp } from '@atende/kernel/testing'
import { companyWithUser, headersFor, superHeaders, userIn, type Headers } from '@atende/kernel/testing'

type Who = Awaited<ReturnType<typeof companyWithUser>>
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const valid = (over: object = {}) => ({
  name: 'Maria Silva',
  email: `maria${Math.random().toString(36).slice(2, 8)}@a.test`,
  password: 'Strong@123',
  ...over,
})

describe('users', () => {
  let t: TestApp
  let a: Who // admin of company A (unlimited plan)
  let aUser: Who // plain user of company A
  let b: Who // admin of company B
  beforeAll(async () => {
    t = await createTestApp({ plugins: await allPlugins() })
    const [plan] = await t.db('plans').insert({ name: 'Unlimited', users: 0, value: 0 }).returning('id')
    a = await companyWithUser(t.app, { planId: plan.id, profile: 'admin' })
    aUser = await userIn(t.app, a.companyId, 'user')
    b = await companyWithUser(t.app, { planId: plan.id, profile: 'admin' })
    // Company A's queues 1–6 and connection 7 (the ids the cases name); B's queue 8 and connection 9.
    await t
      .db('queues')
      .insert(
        [1, 2, 3, 4, 5, 6].map((id) => ({ id, companyId: a.companyId, name: `Queue ${id}`, color: `#00000${id}` })),
      )
    await t.db('queues').insert({ id: 8, companyId: b.companyId, name: 'B queue', color: '#000008' })
    await t.db('whatsapps').insert([
      { id: 7, companyId: a.companyId, name: 'A phone' },
      { id: 9, companyId: b.companyId, name: 'B phone' },
    ])
    await t.db.raw(`select setval('queues_id_seq', 100), setval('whatsapps_id_seq', 100)`)
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const create = async (headers: Headers, over: object = {}) => {
    const res = await call('POST', '/api/users', headers, valid(over))
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  it('creates a user with queues and picture, never answering the password', async () => {
    const events: { companyId: number }[] = []
    const off = t.app.kernel.bus.on('user.created', (p) => {
      events.push(p)
    })
    const res = await call(
      'POST',
      '/api/users',
      a.headers,
      valid({
        email: 'Ana@A.test',
        name: ' Ana ',
        profile: 'admin',
        allTicket: 'enabled',
        queueIds: [3, 1, 3],
        whatsappId: 7,
        profilePicture: PICTURE,
      }),
    )
    off()
    expect(res.statusCode).toBe(201)
    const user = res.json()
    expect(user).toMatchObject({
      name: 'Ana',
      email: 'ana@a.test',
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [1, 3],
      whatsappId: 7,
      profilePicture: PICTURE,
      super: false,
      companyId: a.companyId,
    })
    expect(user.company.id).toBe(a.companyId)
    expect(res.body).not.toMatch(/passwordHash|Strong@123/)
    expect(
      await t.db('attendant_queues').where({ userId: user.id }).orderBy('queueId').select('queueId', 'companyId'),
    ).toEqual([
      { queueId: 1, companyId: a.companyId },
      { queueId: 3, companyId: a.companyId },
    ])
    expect(events).toEqual([
      expect.objectContaining({ companyId: a.companyId, user: expect.objectContaining({ id: user.id }) }),
    ])
    // The new user can log in with the password through the kernel's session service.
    const row = await t.db('users').where({ id: user.id }).first('passwordHash')
    expect(await t.app.kernel.auth.verifyPassword('Strong@123', row.passwordHash)).toBe(true)
  })

  it("refuses another company's queues and connection, naming the field", async () => {
    for (const [over, field, error] of [
      [{ queueIds: [1, 8] }, 'queueIds', 'ERR_QUEUE_NOT_FOUND'],
      [{ whatsappId: 9 }, 'whatsappId', 'ERR_NO_WAPP_FOUND'],
      [{ queueIds: [404] }, 'queueIds', 'ERR_QUEUE_NOT_FOUND'],
      [{ whatsappId: 404 }, 'whatsappId', 'ERR_NO_WAPP_FOUND'],
    ] as const) {
      const created = await call('POST', '/api/users', a.headers, valid(over))
      expect(created.json(), JSON.stringify(over)).toMatchObject({ statusCode: 400, field, error })
      const edited = await call('PUT', `/api/users/${aUser.userId}`, a.headers, over)
      expect(edited.json(), JSON.stringify(over)).toMatchObject({ statusCode: 400, field, error })
    }
    expect(await t.db('attendant_queues').where({ queueId: 8 })).toEqual([])
    expect(await t.db('attendants').where({ companyId: a.companyId, whatsappId: 9 })).toEqual([])
  })

  it('validates every field and names it', async () => {
    const cases: [object, string][] = [
      [{ name: 'A' }, 'name'],
      [{ name: '  A  ' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ password: undefined }, 'password'],
      [{ password: 'short' }, 'password'],
      [{ password: 'alllowercase1!' }, 'password'],
      [{ profile: 'boss' }, 'profile'],
      [{ allTicket: 'maybe' }, 'allTicket'],
      [{ queueIds: ['x'] }, 'queueIds.0'],
      [{ whatsappId: 'abc' }, 'whatsappId'],
      [{ profilePicture: 'hello' }, 'profilePicture'],
      [{ profilePicture: 'data:image/png;base64,' + 'A'.repeat(1_600_000) }, 'profilePicture'],
    ]
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/users', a.headers, valid(over))
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400)
      expect(res.json().field).toBe(field)
    }
    const weak = await call('POST', '/api/users', a.headers, valid({ password: 'short' }))
    expect(weak.json()).toMatchObject({
      error: 'ERR_WEAK_PASSWORD',
      message: 'Password too short - minimum 8 characters!',
    })
  })

  it('keeps emails unique per company, whatever the case', async () => {
    await create(a.headers, { email: 'dup@x.test' })
    const dup = await call('POST', '/api/users', a.headers, valid({ email: 'DUP@x.test' }))
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ error: 'ERR_EMAIL_EXISTS', field: 'email' })
    await create(b.headers, { email: 'dup@x.test' })
  })

  it('lets only a super user grant the super flag', async () => {
    expect((await create(a.headers, { super: true })).super).toBe(false)
    const sup = await superHeaders(t.app)
    const made = await create(sup, { super: true, companyId: a.companyId })
    expect(made).toMatchObject({ super: true, companyId: a.companyId })
    // A company admin creating with companyId still creates in their own company.
    expect((await create(b.headers, { companyId: a.companyId })).companyId).toBe(b.companyId)
  })

  it('enforces the plan users limit (0 = unlimited)', async () => {
    const [plan] = await t.db('plans').insert({ name: 'Two users', users: 2, value: 10 }).returning('id')
    const c = await companyWithUser(t.app, { planId: plan.id })
    await create(c.headers)
    const over = await call('POST', '/api/users', c.headers, valid())
    expect(over.statusCode).toBe(403)
    expect(over.json().error).toBe('ERR_PLAN_LIMIT_REACHED')
  })

  it('pages and searches the company users for admins only', async () => {
    const [plan] = await t.db('plans').insert({ name: 'Unlimited 2', users: 0, value: 0 }).returning('id')
    const c = await companyWithUser(t.app, { planId: plan.id })
    for (let i = 0; i < 22; i++)
      await create(c.headers, { name: `Person ${String(i).padStart(2, '0')}`, email: `p${i}@c.test` })
    await create(c.headers, { name: 'Zélia Findme', email: 'other@c.test' })
    const p1 = (await call('GET', '/api/users', c.headers)).json()
    expect(p1).toMatchObject({ count: 24, hasMore: true })
    expect(p1.users).toHaveLength(20)
    expect(p1.users[0].name).toBe('Person 00')
    expect(p1.users.every((u: { companyId: number }) => u.companyId === c.companyId)).toBe(true)
    const p2 = (await call('GET', '/api/users?pageNumber=2', c.headers)).json()
    expect(p2.users).toHaveLength(4)
    expect(p2.hasMore).toBe(false)
    expect((await call('GET', '/api/users?searchParam=FINDME', c.headers)).json()).toMatchObject({
      count: 1,
      users: [{ email: 'other@c.test' }],
    })
    expect(
      (await call('GET', '/api/users?searchParam=P1%40C', c.headers))
        .json()
        .users.map((u: { email: string }) => u.email),
    ).toEqual(['p1@c.test'])
    expect((await call('GET', '/api/users?searchParam=_', c.headers)).json().count).toBe(0)
    const denied = await call('GET', '/api/users', aUser.headers)
    expect(denied.statusCode).toBe(403)
  })

  it('gives every user the lookup list; other companies only to the super user', async () => {
    const list = await call('GET', `/api/users/list?companyId=${b.companyId}`, aUser.headers)
    expect(list.statusCode).toBe(200)
    expect(list.json().length).toBeGreaterThan(1)
    expect(Object.keys(list.json()[0]).sort()).toEqual(['email', 'id', 'name', 'online', 'profile'])
    expect(list.json().map((u: { id: number }) => u.id)).toContain(aUser.userId)
    expect(list.json().map((u: { id: number }) => u.id)).not.toContain(b.userId)
    const sup = await call('GET', `/api/users/list?companyId=${b.companyId}`, await superHeaders(t.app))
    expect(sup.json().map((u: { id: number }) => u.id)).toContain(b.userId)
  })

  it('shows a user to admins and to themself only', async () => {
    expect((await call('GET', `/api/users/${aUser.userId}`, a.headers)).json().id).toBe(aUser.userId)
    expect((await call('GET', `/api/users/${aUser.userId}`, aUser.headers)).statusCode).toBe(200)
    expect((await call('GET', `/api/users/${a.userId}`, aUser.headers)).statusCode).toBe(403)
    expect((await call('GET', '/api/users/me', aUser.headers)).json()).toMatchObject({ id: aUser.userId })
  })

  it("isolates tenants: another company's user id is not found", async () => {
    for (const [method, payload] of [['GET'], ['PUT', { name: 'Hacked' }], ['DELETE']] as const) {
      const res = await call(method, `/api/users/${a.userId}`, b.headers, payload)
      expect(res.statusCode, method).toBe(404)
      expect(res.json().error).toBe('ERR_NO_USER_FOUND')
    }
    expect((await t.db('users').where({ id: a.userId }).first('name')).name).not.toBe('Hacked')
  })

  it('lets admins edit anyone of the company', async () => {
    const u = await create(a.headers, { queueIds: [1] })
    const res = await call('PUT', `/api/users/${u.id}`, a.headers, {
      name: 'Renamed',
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [2, 4],
      whatsappId: null,
      profilePicture: null,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [2, 4],
      whatsappId: null,
      profilePicture: null,
    })
    const other = await create(a.headers)
    const dup = await call('PUT', `/api/users/${u.id}`, a.headers, { email: other.email.toUpperCase() })
    expect(dup.json()).toMatchObject({ error: 'ERR_EMAIL_EXISTS', statusCode: 409 })
    // Keeping one's own email is not a conflict; an empty password keeps the current one.
    expect((await call('PUT', `/api/users/${u.id}`, a.headers, { email: u.email, password: '' })).statusCode).toBe(200)
    const weak = await call('PUT', `/api/users/${u.id}`, a.headers, { password: 'weakpass' })
    expect(weak.json()).toMatchObject({ statusCode: 400, field: 'password' })
  })

  it('lets a plain user edit only themself, without profile, queues or allTicket changes', async () => {
    const me = await userIn(t.app, a.companyId, 'user')
    await t.db('attendant_queues').insert({ userId: me.userId, queueId: 5, companyId: a.companyId })
    await announceUser(t.app, me.userId)
    const ok = await call('PUT', `/api/users/${me.userId}`, me.headers, {
      name: 'Myself',
      profile: 'user',
      allTicket: 'disabled',
      queueIds: [5],
      super: true,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ name: 'Myself', super: false, queueIds: [5] })
    for (const [payload, field] of [
      [{ profile: 'admin' }, 'profile'],
      [{ queueIds: [5, 6] }, 'queueIds'],
      [{ allTicket: 'enabled' }, 'allTicket'],
    ] as const) {
      const res = await call('PUT', `/api/users/${me.userId}`, me.headers, payload)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ error: 'ERR_NO_PERMISSION', field })
    }
    expect((await call('PUT', `/api/users/${a.userId}`, me.headers, { name: 'Nope' })).statusCode).toBe(403)
    expect((await t.db('users').where({ id: me.userId }).first('profile')).profile).toBe('user')
  })

  it('ends the other sessions when a password changes', async () => {
    const me = await userIn(t.app, a.companyId, 'user')
    const other = await headersFor(t.app, me.userId)
    const res = await call('PUT', `/api/users/${me.userId}`, me.headers, { password: 'Another@456' })
    expect(res.statusCode).toBe(200)
    expect((await call('GET', '/api/users/me', me.headers)).statusCode).toBe(200)
    expect((await call('GET', '/api/users/me', other)).statusCode).toBe(401)
    // An admin's change ends every session of the user.
    await call('PUT', `/api/users/${me.userId}`, a.headers, { password: 'Third@7890' })
    expect((await call('GET', '/api/users/me', me.headers)).statusCode).toBe(401)
  })

  it('deletes users, but never a super user or oneself', async () => {
    const platform = await t.db('users').where({ super: true }).first('id', 'companyId')
    const platformAdmin = await userIn(t.app, platform.companyId, 'admin')
    const superDel = await call('DELETE', `/api/users/${platform.id}`, platformAdmin.headers)
    expect(superDel.statusCode).toBe(403)
    expect(superDel.json().error).toBe('ERR_CANNOT_DELETE_SUPER_ADMIN')
    expect(
      (await call('PUT', `/api/users/${platform.id}`, platformAdmin.headers, { name: 'Taken over' })).statusCode,
    ).toBe(403)

    const self = await call('DELETE', `/api/users/${a.userId}`, a.headers)
    expect(self.statusCode).toBe(400)
    expect(self.json().error).toBe('ERR_CANNOT_DELETE_SELF')

    const victim = await userIn(t.app, a.companyId, 'user')
    expect((await call('DELETE', `/api/users/${victim.userId}`, aUser.headers)).statusCode).toBe(403)
    const events: unknown[] = []
    const off = t.app.kernel.bus.on('user.deleted', (p) => {
      events.push(p)
    })
    expect((await call('DELETE', `/api/users/${victim.userId}`, a.headers)).statusCode).toBe(200)
    off()
    expect(events).toEqual([{ companyId: a.companyId, userId: victim.userId }])
    expect((await call('GET', `/api/users/${victim.userId}`, a.headers)).statusCode).toBe(404)
    expect((await call('GET', '/api/users/me', victim.headers)).statusCode).toBe(401)
  })

  it('leaves a deleted queue or connection out of the user, announcing them', async () => {
    const made0 = await call('POST', '/api/queue', a.headers, {
      name: 'Passageira',
      color: '#123456',
      greetingMessage: 'Olá',
    })
    expect(made0.statusCode, made0.body).toBe(200)
    const queue = made0.json()
    const phone = (await call('POST', '/api/whatsapp', a.headers, { name: 'Passageiro', provider: 'simulator' })).json()
    const made = await call('POST', '/api/users', a.headers, {
      ...valid({ email: 'passa@a.test' }),
      queueIds: [1, queue.id],
      whatsappId: phone.id,
    })
    expect(made.json()).toMatchObject({ queueIds: [1, queue.id], whatsappId: phone.id })
    const id = made.json().id as number
    const updates: { user: { id: number; queueIds?: number[]; whatsappId?: number | null } }[] = []
    const off = t.app.kernel.bus.on('user.updated', (p) => {
      if (p.user.id === id) updates.push(p as never)
    })
    expect((await call('DELETE', `/api/queue/${queue.id}`, a.headers)).statusCode).toBe(200)
    expect((await call('DELETE', `/api/whatsapp/${phone.id}`, a.headers)).statusCode).toBe(200)
    await until(() => updates.length >= 2)
    off()
    // Each announcement already carries what its own transaction changed.
    expect(updates[0]!.user).toMatchObject({ queueIds: [1], whatsappId: phone.id })
    expect(updates[1]!.user).toMatchObject({ queueIds: [1], whatsappId: null })
    expect((await call('GET', `/api/users/${id}`, a.headers)).json()).toMatchObject({ queueIds: [1], whatsappId: null })
  })

  it("sets the caller's language", async () => {
    const res = await call('POST', '/api/users/set-language/es', aUser.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: aUser.userId, language: 'es' })
    const bad = await call('POST', '/api/users/set-language/fr', aUser.headers)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().field).toBe('lang')
  })
})
