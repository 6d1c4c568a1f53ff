import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, login, SUPER, until, type TestApp } from '@atende/kernel/testing'
import auth from '@atende/plugin-auth'
import companies from '../src/index.ts'
import plans from '@atende/plugin-plans'
import type { CompanyHoursRef } from '../src/api.ts'
import { companyWithUsers, signupPayload, signIn, PASSWORD } from './helpers.ts'

describe('companies: super user administration', () => {
  let t: TestApp
  let su: Record<string, string>
  let platformId: number
  beforeAll(async () => {
    t = await createTestApp({ plugins: [auth, companies, plans] })
    const s = await login(t.app, SUPER.cnpj, SUPER.email, SUPER.password)
    su = s.headers
    platformId = s.user.companyId
  })
  afterAll(async () => {
    await t?.close()
  })

  const req = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: `/api${url}`, headers, payload })

  it('creates with campaigns, due date and recurrence; the admin can sign in with the given password', async () => {
    const payload = signupPayload({
      status: true,
      campaignsEnabled: 'enabled',
      dueDate: '2030-05-10',
      recurrence: 'TRIMESTRAL',
    })
    const res = await req('POST', '/companies', su, payload)
    expect(res.statusCode).toBe(201)
    const c = res.json()
    expect(c).toMatchObject({ dueDate: '2030-05-10T00:00:00.000Z', recurrence: 'TRIMESTRAL', status: true })
    expect(c.settings).toContainEqual({ key: 'campaignsEnabled', value: 'true' })
    await signIn(t.app, payload.cnpj, payload.email)
  })

  it('without a password the admin exists but must reset it; empty or invalid due dates become null', async () => {
    const { password: _p, ...payload } = signupPayload({ dueDate: '' })
    const res = await req('POST', '/companies', su, payload)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ dueDate: null, recurrence: 'MENSAL' })
    expect(await t.db('users').where({ companyId: res.json().id, profile: 'admin' }).first('id')).toBeTruthy()
    const bad = await req('POST', '/companies', su, signupPayload({ dueDate: 'not a date' }))
    expect(bad.json().dueDate).toBeNull()
  })

  it('validates the create body', async () => {
    const missing = await req('POST', '/companies', su, { name: 'Sem email', planId: 1, cnpj: '12345678000100' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().field).toBe('email')
    const recurrence = await req('POST', '/companies', su, signupPayload({ recurrence: 'SEMANAL' }))
    expect(recurrence.statusCode).toBe(400)
    expect(recurrence.json().field).toBe('recurrence')
    const plan = await req('POST', '/companies', su, signupPayload({ planId: 777 }))
    expect(plan.json()).toMatchObject({ error: 'ERR_PLAN_NOT_FOUND', field: 'planId' })
    const existing = signupPayload()
    await req('POST', '/companies', su, existing)
    expect((await req('POST', '/companies', su, { ...signupPayload(), cnpj: existing.cnpj })).statusCode).toBe(409)
  })

  it('lists with search, pagination and count, and the full list', async () => {
    const marker = `Zebra${Date.now()}`
    for (let i = 0; i < 3; i++) await req('POST', '/companies', su, signupPayload({ name: `${marker} ${i}` }))
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/companies?searchParam=${marker}&pageNumber=1`,
      headers: su,
    })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ count: 3, hasMore: false })
    expect(page.json().companies.map((c: { name: string }) => c.name)).toEqual([
      `${marker} 0`,
      `${marker} 1`,
      `${marker} 2`,
    ])
    const byCnpj = await t.app.inject({
      method: 'GET',
      url: `/api/companies?searchParam=${encodeURIComponent('00.000.000/0001-91')}`,
      headers: su,
    })
    expect(byCnpj.json().companies.map((c: { id: number }) => c.id)).toEqual([platformId])
    const all = await req('GET', '/companies/list', su)
    expect(all.json().length).toBeGreaterThanOrEqual(4)
    // 20 per page: more than a page of companies gives hasMore.
    for (let i = 0; i < 18; i++) await req('POST', '/companies', su, signupPayload())
    const first = (await req('GET', '/companies?pageNumber=1', su)).json()
    expect(first.companies).toHaveLength(20)
    expect(first.hasMore).toBe(true)
    const second = (await req('GET', '/companies?pageNumber=2', su)).json()
    expect(second.companies[0].id).toBeGreaterThan(first.companies[19].id)
  })

  it('updates fields, the plan (plan cache dropped) and the campaigns setting; emits company.updated', async () => {
    const { company } = await companyWithUsers(t.app, su)
    const [plan] = await t
      .db('plans')
      .insert({ name: `Outro ${Date.now()}`, users: 3 })
      .returning('id')
    const events: any[] = []
    const off = t.app.kernel.bus.on('company.updated', (p) => {
      events.push(p)
    })
    const res = await req('PUT', `/companies/${company.id}`, su, {
      name: 'Novo Nome',
      planId: plan.id,
      campaignsEnabled: 'disabled',
      phone: '',
      status: false,
      dueDate: '',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Novo Nome', planId: plan.id, phone: null, status: false, dueDate: null })
    expect(res.json().settings).toContainEqual({ key: 'campaignsEnabled', value: 'false' })
    await until(() => events.some((e) => e.companyId === company.id))
    off()
    expect(events.map((e) => e.companyId)).toContain(company.id)
    expect((await req('PUT', '/companies/999999', su, { name: 'x1' })).statusCode).toBe(404)
    const other = await companyWithUsers(t.app, su)
    const dup = await req('PUT', `/companies/${company.id}`, su, { cnpj: other.payload.cnpj })
    expect(dup.json()).toMatchObject({ error: 'ERR_COMPANY_CNPJ_EXISTS', field: 'cnpj' })
  })

  it('the platform company cannot be deleted, disabled or get another CNPJ', async () => {
    const del = await req('DELETE', `/companies/${platformId}`, su)
    expect(del.statusCode).toBe(403)
    expect(del.json().error).toBe('ERR_CANNOT_DELETE_PLATFORM_COMPANY')
    expect((await req('PUT', `/companies/${platformId}`, su, { status: false })).statusCode).toBe(403)
    expect((await req('PUT', `/companies/${platformId}`, su, { cnpj: '11222333000181' })).statusCode).toBe(403)
  })

  it('deletes a company with its users and ends their sessions', async () => {
    const { company, admin } = await companyWithUsers(t.app, su)
    expect((await req('GET', '/auth/me', admin)).statusCode).toBe(200)
    const res = await req('DELETE', `/companies/${company.id}`, su)
    expect(res.statusCode).toBe(200)
    expect(await t.db('users').where({ companyId: company.id }).first()).toBeUndefined()
    expect((await req('GET', '/auth/me', admin)).statusCode).toBe(401)
    expect((await req('DELETE', `/companies/${company.id}`, su)).statusCode).toBe(404)
  })

  it('refuses every administration route to non-super users', async () => {
    const { company, admin, user } = await companyWithUsers(t.app, su)
    for (const headers of [admin, user]) {
      for (const [method, url, payload] of [
        ['GET', '/companies'],
        ['GET', '/companies/list'],
        ['POST', '/companies', signupPayload()],
        ['PUT', `/companies/${company.id}`, { name: 'Hack' }],
        ['DELETE', `/companies/${company.id}`],
        ['PUT', `/companies/${company.id}/expire`],
      ] as const) {
        const res = await req(method, url, headers, payload as object | undefined)
        expect(res.statusCode, `${method} ${url}`).toBe(403)
      }
    }
    expect((await req('GET', '/companies/list', {})).statusCode).toBe(401)
  })

  it('GET /companies/:id: the super user any, an admin only their own, a plain user none', async () => {
    const a = await companyWithUsers(t.app, su)
    const b = await companyWithUsers(t.app, su)
    expect((await req('GET', `/companies/${a.company.id}`, su)).statusCode).toBe(200)
    const own = await req('GET', `/companies/${a.company.id}`, a.admin)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({ id: a.company.id, schedules: [] })
    expect((await req('GET', `/companies/${b.company.id}`, a.admin)).statusCode).toBe(403)
    expect((await req('GET', `/companies/${a.company.id}`, a.user)).statusCode).toBe(403)
    expect((await req('GET', '/companies/999999', su)).statusCode).toBe(404)
  })

  it('listPlan: the plan with its seven flags, for the super user or a user of that company only', async () => {
    const a = await companyWithUsers(t.app, su)
    const b = await companyWithUsers(t.app, su)
    const [plan] = await t
      .db('plans')
      .insert({ name: `Flags ${Date.now()}`, users: 5, value: 99.9 })
      .returning('id')
    // Connection and queue limits: the plans plugin's, answered through its plans.limits service.
    await t.db('plan_limits').insert({ planId: plan.id, connections: 2, queues: 4 })
    await t.db('plan_modules').insert([
      { planId: plan.id, module: 'useKanban', enabled: false },
      { planId: plan.id, module: 'useOpenAi', enabled: true },
    ])
    await req('PUT', `/companies/${a.company.id}`, su, { planId: plan.id })
    const res = await req('GET', `/companies/listPlan/${a.company.id}`, a.user)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: a.company.id,
      name: a.company.name,
      plan: {
        id: plan.id,
        name: expect.any(String),
        users: 5,
        connections: 2,
        queues: 4,
        value: 99.9,
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: false,
        useOpenAi: true,
        useIntegrations: true,
      },
    })
    expect((await req('GET', `/companies/listPlan/${a.company.id}`, su)).statusCode).toBe(200)
    expect((await req('GET', `/companies/listPlan/${b.company.id}`, a.admin)).statusCode).toBe(403)
    expect((await req('GET', '/companies/listPlan/999999', su)).statusCode).toBe(404)
  })

  it.each([
    ['MENSAL', '2026-02-28'],
    ['BIMESTRAL', '2026-03-31'],
    ['TRIMESTRAL', '2026-04-30'],
    ['SEMESTRAL', '2026-07-31'],
    ['ANUAL', '2027-01-31'],
  ])('expire moves the due date by the %s recurrence', async (recurrence, expected) => {
    const created = await req(
      'POST',
      '/companies',
      su,
      signupPayload({ recurrence, dueDate: '2026-01-31T12:00:00.000Z' }),
    )
    const res = await req('PUT', `/companies/${created.json().id}/expire`, su)
    expect(res.statusCode).toBe(200)
    expect(res.json().dueDate).toBe(`${expected}T12:00:00.000Z`)
  })

  it('expire needs a due date', async () => {
    const created = await req('POST', '/companies', su, signupPayload({ dueDate: null }))
    const res = await req('PUT', `/companies/${created.json().id}/expire`, su)
    expect(res.statusCode).toBe(400)
    expect(res.json().field).toBe('dueDate')
  })

  describe('weekly schedules', () => {
    const week = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
      { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
    ]

    it('a company admin replaces their own schedule; it comes back in weekday order', async () => {
      const a = await companyWithUsers(t.app, su)
      const res = await req('PUT', `/companies/${a.company.id}/schedules`, a.admin, { schedules: week })
      expect(res.statusCode).toBe(200)
      expect(res.json().schedules.map((s: { weekdayEn: string }) => s.weekdayEn)).toEqual([
        'monday',
        'saturday',
        'sunday',
      ])
      const read = await req('GET', `/companies/${a.company.id}`, a.admin)
      expect(read.json().schedules).toHaveLength(3)
      // Other plugins read them through the companies.hours service, fresh after each change.
      const hours = t.app.kernel.services.get<CompanyHoursRef>('companies.hours')
      expect((await hours.of(a.company.id)).map((h) => h.weekdayEn)).toEqual(['monday', 'saturday', 'sunday'])
      expect(
        (await req('PUT', `/companies/${a.company.id}/schedules`, su, { schedules: [] })).json().schedules,
      ).toEqual([])
      // The cached hours go on company.updated (over Redis, a moment after the answer).
      await until(async () => (await hours.of(a.company.id)).length === 0)
    })

    it('validates times, weekdays and duplicates naming the field', async () => {
      const a = await companyWithUsers(t.app, su)
      const bad = await req('PUT', `/companies/${a.company.id}/schedules`, a.admin, {
        schedules: [{ ...week[0], startTime: '8h' }],
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'schedules.0.startTime' })
      const late = await req('PUT', `/companies/${a.company.id}/schedules`, a.admin, {
        schedules: [week[0], { ...week[2], endTime: '24:00' }],
      })
      expect(late.json().field).toBe('schedules.1.endTime')
      const day = await req('PUT', `/companies/${a.company.id}/schedules`, a.admin, {
        schedules: [{ ...week[0], weekdayEn: 'segunda' }],
      })
      expect(day.statusCode).toBe(400)
      expect(day.json().field).toMatch(/^schedules\.0\.weekdayEn/)
      const dup = await req('PUT', `/companies/${a.company.id}/schedules`, a.admin, { schedules: [week[0], week[0]] })
      expect(dup.json()).toMatchObject({ statusCode: 400, field: 'schedules.1.weekdayEn' })
    })

    it('only admins of that company (or the super user) may change it', async () => {
      const a = await companyWithUsers(t.app, su)
      const b = await companyWithUsers(t.app, su)
      expect((await req('PUT', `/companies/${a.company.id}/schedules`, b.admin, { schedules: week })).statusCode).toBe(
        403,
      )
      expect((await req('PUT', `/companies/${a.company.id}/schedules`, a.user, { schedules: week })).statusCode).toBe(
        403,
      )
      expect((await req('PUT', '/companies/999999/schedules', su, { schedules: week })).statusCode).toBe(404)
    })
  })

  it('a company disabled by the super user can no longer sign in', async () => {
    const a = await companyWithUsers(t.app, su)
    await req('PUT', `/companies/${a.company.id}`, su, { status: false })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cnpj: a.payload.cnpj, email: a.payload.email, password: PASSWORD },
      remoteAddress: '10.99.0.1',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_COMPANY_DISABLED')
  })
})
