import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, userIn, type Headers, type TestApp } from '@atende/kernel/testing'
import plugin from '../src/index.ts'
import type { __Entity__ } from '../src/api.ts'

/** The real kernel with this plugin alone, a database of this file's own, HTTP through app.inject(). */
describe('__name__', () => {
  let t: TestApp
  let admin: Headers
  beforeAll(async () => {
    t = await createTestApp({ plugins: [plugin] })
    admin = (await companyWithUser(t.app, { profile: 'admin' })).headers
  })
  afterAll(async () => { await t?.close() })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const create = async (h: Headers, body: object): Promise<__Entity__> => {
    const res = await call('POST', '/api/__name__', h, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it('creates, reads, edits and deletes', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    expect((await call('GET', '/api/__name__', h)).json()).toEqual({ records: [], hasMore: false, count: 0 })
    const record = await create(h, { name: '  First  ', description: 'An example' })
    expect(record).toMatchObject({ name: 'First', description: 'An example', companyId })
    expect((await call('GET', `/api/__name__/${record.id}`, h)).json()).toEqual(record)
    const edited = await call('PUT', `/api/__name__/${record.id}`, h, { description: 'Edited' })
    expect(edited.json()).toMatchObject({ id: record.id, name: 'First', description: 'Edited' })
    expect((await call('DELETE', `/api/__name__/${record.id}`, h)).statusCode).toBe(200)
    const gone = await call('GET', `/api/__name__/${record.id}`, h)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('__ERR_NOT_FOUND__')
  })

  it('lists by name a page at a time, searchable', async () => {
    const { headers: h } = await companyWithUser(t.app, { profile: 'admin' })
    for (let i = 21; i >= 1; i--) await create(h, { name: `Item ${String(i).padStart(2, '0')}`, description: i === 7 ? 'the lucky one' : '' })
    const p1 = (await call('GET', '/api/__name__', h)).json()
    expect(p1).toMatchObject({ hasMore: true, count: 21 })
    expect(p1.records).toHaveLength(20)
    expect(p1.records[0].name).toBe('Item 01')
    const p2 = (await call('GET', '/api/__name__?pageNumber=2', h)).json()
    expect(p2.records.map((r: __Entity__) => r.name)).toEqual(['Item 21'])
    expect(p2.hasMore).toBe(false)
    expect((await call('GET', '/api/__name__?searchParam=LUCKY', h)).json().records.map((r: __Entity__) => r.name)).toEqual(['Item 07'])
  })

  it('answers bad input with 400, naming the field', async () => {
    const cases: [object, string][] = [[{}, 'name'], [{ name: '' }, 'name'], [{ name: '   ' }, 'name'], [{ name: 'x'.repeat(101) }, 'name'], [{ name: 'ok', description: 'x'.repeat(10_001) }, 'description']]
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/__name__', admin, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field })
    }
    expect((await call('GET', '/api/__name__/abc', admin)).statusCode).toBe(400)
  })

  it('lets every user read and only admins write (__name__:manage)', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const record = await create(h, { name: 'Shared' })
    const user = (await userIn(t.app, companyId, 'user')).headers
    expect((await call('GET', `/api/__name__/${record.id}`, user)).statusCode).toBe(200)
    for (const [method, url, payload] of [['POST', '/api/__name__', { name: 'x' }], ['PUT', `/api/__name__/${record.id}`, { name: 'x' }], ['DELETE', `/api/__name__/${record.id}`]] as const) {
      const res = await call(method, url, user, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
  })

  it("hides other companies' records (404) and leaves them unchanged", async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    const b = await companyWithUser(t.app, { profile: 'admin' })
    const record = await create(a.headers, { name: 'Secret of A' })
    expect((await call('GET', '/api/__name__?searchParam=Secret', b.headers)).json().records).toEqual([])
    for (const [method, payload] of [['GET'], ['PUT', { name: 'Taken' }], ['DELETE']] as const) {
      const res = await call(method, `/api/__name__/${record.id}`, b.headers, payload)
      expect(res.statusCode, method).toBe(404)
      expect(res.json().error).toBe('__ERR_NOT_FOUND__')
    }
    expect((await call('GET', `/api/__name__/${record.id}`, a.headers)).json()).toEqual(record)
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const [plan] = await t.db('plans').insert({ name: `Without __name__ ${Date.now()}`, users: 5 }).returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: '__planKey__', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    const res = await call('GET', '/api/__name__', h)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })
})
