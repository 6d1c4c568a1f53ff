import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { definePlugin, PLAN_FLAGS } from '@atende/sdk'
import { createTestApp, allPlugins, until, type TestApp } from '@atende/kernel/testing'
import { companyWithUser, superHeaders, type Headers } from '@atende/kernel/testing'
import type { PlanLimitsRef } from '../src/api.ts'

// A feature behind the useKanban flag, and a module gated by its own name.
const probe = definePlugin({
  name: 'probe-kanban',
  version: '1.0.0',
  planFlag: 'useKanban',
  module: true,
  register(app) {
    app.get('/probe-kanban', async () => ({ ok: true }))
  },
})
const extra = definePlugin({
  name: 'probe-extra',
  version: '1.0.0',
  module: true,
  register(app) {
    app.get('/probe-extra', async () => ({ ok: true }))
  },
})

const base = { users: 5, connections: 2, queues: 3, value: 49.9 }

describe('plans', () => {
  let t: TestApp
  let sup: Headers
  beforeAll(async () => {
    t = await createTestApp({ plugins: [...(await allPlugins()), probe, extra] })
    sup = await superHeaders(t.app)
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })

  it('the first plan, which the kernel makes, allows 10 connections and 10 queues; PUT changes them', async () => {
    const first = (await t.db('plans').orderBy('id').first('id')).id as number
    expect((await call('GET', `/api/plans/${first}`, sup)).json()).toMatchObject({ connections: 10, queues: 10 })
    const other = (await call('POST', '/api/plans', sup, { name: 'Limites', ...base })).json()
    expect(other).toMatchObject({ connections: 2, queues: 3 })
    const res = await call('PUT', `/api/plans/${other.id}`, sup, { queues: 0 })
    expect(res.json()).toMatchObject({ connections: 2, queues: 0 })
    // What the counting plugins read: the company's plan's limits.
    const { companyId } = await companyWithUser(t.app, { planId: other.id })
    expect(await t.app.kernel.services.get<PlanLimitsRef>('plans.limits').of(companyId)).toEqual({
      connections: 2,
      queues: 0,
    })
    expect(await t.app.kernel.services.get<PlanLimitsRef>('plans.limits').of(99_999_999)).toEqual({
      connections: 0,
      queues: 0,
    })
  })

  it('answers flags that default to true and every toggleable module key', async () => {
    const res = await call('GET', '/api/plans/all', sup)
    expect(res.statusCode).toBe(200)
    const [plan] = res.json()
    for (const f of PLAN_FLAGS) expect(plan[f]).toBe(true)
    expect(plan.modules).toMatchObject({ useKanban: true, useCampaigns: true, 'probe-extra': true })
    expect(typeof plan.value).toBe('number')
    // Essential plugins are never toggleable.
    expect(plan.modules.plans).toBeUndefined()
  })

  it('creates a plan with flags, validates and refuses duplicates', async () => {
    const res = await call('POST', '/api/plans', sup, {
      name: 'Gold',
      ...base,
      useKanban: false,
      modules: { 'probe-extra': false },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      name: 'Gold',
      ...base,
      isPublic: true,
      useKanban: false,
      useCampaigns: true,
      modules: { useKanban: false, 'probe-extra': false, useOpenAi: true },
    })

    const dup = await call('POST', '/api/plans', sup, { name: ' gold ', ...base })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ error: 'ERR_PLAN_NAME_EXISTS', field: 'name' })

    const cases: [object, string][] = [
      [{ ...base }, 'name'],
      [{ name: '', ...base }, 'name'],
      [{ name: '   ', ...base }, 'name'],
      [{ name: 'x'.repeat(101), ...base }, 'name'],
      [{ name: 'A', ...base, users: -1 }, 'users'],
      [{ name: 'A', ...base, queues: 1.5 }, 'queues'],
      [{ name: 'A', ...base, value: -3 }, 'value'],
      [{ name: 'A', ...base, useKanban: 'maybe' }, 'useKanban'],
      [{ name: 'A', ...base, modules: { nope: false } }, 'modules.nope'],
      [{ name: 'A', ...base, modules: { plans: false } }, 'modules.plans'],
    ]
    for (const [payload, field] of cases) {
      const bad = await call('POST', '/api/plans', sup, payload)
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400)
      expect(bad.json().field).toBe(field)
    }
  })

  it('gates a planFlag plugin and the modules list by the plan, and comes back when re-enabled', async () => {
    const plan = (await call('POST', '/api/plans', sup, { name: 'Gate', ...base })).json()
    const b = await companyWithUser(t.app, { planId: plan.id, profile: 'user' })
    const modules = async () =>
      (await call('GET', '/api/modules', b.headers)).json().map((m: { name: string }) => m.name)

    expect((await call('GET', '/api/probe-kanban', b.headers)).statusCode).toBe(200)
    expect(await modules()).toEqual(expect.arrayContaining(['probe-kanban', 'probe-extra']))

    const off = await call('PUT', `/api/plans/${plan.id}`, sup, { useKanban: false })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ name: 'Gate', users: 5, useKanban: false, modules: { useKanban: false } })
    const denied = await call('GET', '/api/probe-kanban', b.headers)
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
    expect(await modules()).not.toContain('probe-kanban')

    // Any installed module can be toggled one at a time.
    const extraOff = await call('PUT', `/api/plans/${plan.id}/modules/probe-extra`, sup, { enabled: false })
    expect(extraOff.json().modules['probe-extra']).toBe(false)
    expect((await call('GET', '/api/probe-extra', b.headers)).statusCode).toBe(403)
    expect(await modules()).not.toContain('probe-extra')
    // The shell learns which pages of switched-off modules to answer with the no-permission message.
    const denied2 = await call('GET', '/api/modules/denied', b.headers)
    expect(denied2.json()).toEqual(
      expect.arrayContaining([
        { name: 'probe-kanban', key: 'useKanban', routes: ['/probe-kanban'] },
        { name: 'probe-extra', key: 'probe-extra', routes: ['/probe-extra'] },
      ]),
    )

    const on = await call('PUT', `/api/plans/${plan.id}/modules/useKanban`, sup, { enabled: true })
    expect(on.json()).toMatchObject({ useKanban: true })
    expect((await call('GET', '/api/probe-kanban', b.headers)).statusCode).toBe(200)
    expect(await modules()).toContain('probe-kanban')
    expect((await call('GET', '/api/modules/denied', b.headers)).json().map((m: { name: string }) => m.name)).toEqual([
      'probe-extra',
    ])
    await call('PUT', `/api/plans/${plan.id}`, sup, { modules: { 'probe-extra': true } })
    expect((await call('GET', '/api/probe-extra', b.headers)).statusCode).toBe(200)

    const unknown = await call('PUT', `/api/plans/${plan.id}/modules/nope`, sup, { enabled: false })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().field).toBe('key')
    expect((await call('PUT', '/api/plans/99999/modules/useKanban', sup, { enabled: false })).statusCode).toBe(404)

    const mine = await call('GET', '/api/plans/user', b.headers)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ id: plan.id, name: 'Gate' })
  })

  it('keeps plan administration for the super user', async () => {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    const plan = (await call('GET', '/api/plans/all', admin.headers)).json()[0]
    const attempts: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/plans'],
      ['GET', `/api/plans/${plan.id}`],
      ['POST', '/api/plans', { name: 'Hack', ...base }],
      ['PUT', `/api/plans/${plan.id}`, { name: 'Hack' }],
      ['DELETE', `/api/plans/${plan.id}`],
      ['PUT', `/api/plans/${plan.id}/modules/useKanban`, { enabled: false }],
    ]
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, admin.headers, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await call('GET', '/api/plans/all')).statusCode).toBe(401)
  })

  it('shows private plans only to the super user: anyone else sees the public ones and their own', async () => {
    const secret = (await call('POST', '/api/plans', sup, { name: 'Secret deal', ...base, isPublic: false })).json()
    const own = (await call('POST', '/api/plans', sup, { name: 'Own private', ...base, isPublic: false })).json()
    const pub = (await call('POST', '/api/plans', sup, { name: 'Open offer', ...base })).json()
    const admin = await companyWithUser(t.app, { planId: own.id, profile: 'admin' })
    const attendant = await companyWithUser(t.app, { planId: pub.id, profile: 'user' })
    const ids = async (h: Headers) => {
      const res = await call('GET', '/api/plans/all', h)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().map((p: { id: number }) => p.id) as number[]
    }
    const forAdmin = await ids(admin.headers)
    expect(forAdmin).toEqual(expect.arrayContaining([own.id, pub.id]))
    expect(forAdmin).not.toContain(secret.id)
    const forAttendant = await ids(attendant.headers)
    expect(forAttendant).toContain(pub.id)
    expect(forAttendant).not.toContain(secret.id)
    expect(forAttendant).not.toContain(own.id)
    expect(await ids(sup)).toEqual(expect.arrayContaining([secret.id, own.id, pub.id]))
  })

  it('lists public plans without login, and paginates with search for the super user', async () => {
    await call('POST', '/api/plans', sup, { name: 'Hidden', ...base, isPublic: false })
    const pub = await call('GET', '/api/plans/list')
    expect(pub.statusCode).toBe(200)
    const names = pub.json().map((p: { name: string }) => p.name)
    expect(names).toContain('Gold')
    expect(names).not.toContain('Hidden')
    expect(pub.json()[0].modules).toBeUndefined()
    expect(pub.json()[0]).toHaveProperty('useKanban')

    for (let i = 0; i < 21; i++)
      await call('POST', '/api/plans', sup, { name: `Bulk ${String(i).padStart(2, '0')}`, ...base })
    const p1 = (await call('GET', '/api/plans?searchParam=bulk', sup)).json()
    expect(p1.plans).toHaveLength(20)
    expect(p1.hasMore).toBe(true)
    expect(p1.plans[0].name).toBe('Bulk 00')
    const p2 = (await call('GET', '/api/plans?searchParam=bulk&pageNumber=2', sup)).json()
    expect(p2).toMatchObject({ hasMore: false, plans: [{ name: 'Bulk 20' }] })
    expect((await call('GET', '/api/plans?searchParam=%25', sup)).json().plans).toHaveLength(0)
  })

  it('updates, renames uniquely, and deletes only unused plans', async () => {
    const plan = (await call('POST', '/api/plans', sup, { name: 'Temp', ...base })).json()
    const renamed = await call('PUT', `/api/plans/${plan.id}`, sup, { name: 'Temp 2', value: 10 })
    expect(renamed.json()).toMatchObject({ name: 'Temp 2', value: 10, users: 5 })
    expect((await call('PUT', `/api/plans/${plan.id}`, sup, { name: 'GOLD' })).json()).toMatchObject({
      error: 'ERR_PLAN_NAME_EXISTS',
      statusCode: 409,
    })
    expect((await call('PUT', '/api/plans/99999', sup, { name: 'X' })).statusCode).toBe(404)

    const used = await companyWithUser(t.app, { planId: plan.id })
    const inUse = await call('DELETE', `/api/plans/${plan.id}`, sup)
    expect(inUse.statusCode).toBe(409)
    expect(inUse.json().error).toBe('ERR_PLAN_IN_USE')

    await t.db('users').where({ companyId: used.companyId }).delete()
    await t.db('companies').where({ id: used.companyId }).delete()
    expect((await call('DELETE', `/api/plans/${plan.id}`, sup)).statusCode).toBe(200)
    expect((await call('GET', `/api/plans/${plan.id}`, sup)).json().error).toBe('ERR_NO_PLAN_FOUND')
    expect(await t.db('plan_modules').where({ planId: plan.id })).toHaveLength(0)
  })

  it('announces plan changes on the bus', async () => {
    const seen: number[] = []
    const off = t.app.kernel.bus.on('plan.updated', ({ planId }) => {
      seen.push(planId)
    })
    const plan = (await call('POST', '/api/plans', sup, { name: 'Evented', ...base })).json()
    await call('PUT', `/api/plans/${plan.id}/modules/useOpenAi`, sup, { enabled: false })
    await until(() => seen.filter((id) => id === plan.id).length >= 2)
    off()
    expect(seen.filter((id) => id === plan.id).length).toBeGreaterThanOrEqual(2)
  })
})
