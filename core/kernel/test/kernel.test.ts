import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { definePlugin, Type, AppError } from '@atende/sdk'
import { companyWithUser, createTestApp, settingsProbe, SPEC_SETTINGS, type TestApp } from '../test/support/index.ts'

const probe = definePlugin({
  name: 'probe',
  version: '1.0.0',
  planFlag: 'useKanban',
  register(app) {
    app.get('/probe/:id', { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) } }, async (req) => ({
      id: (req.params as { id: number }).id,
      companyId: req.auth.companyId,
    }))
    app.get('/probe-public', { config: { public: true } }, async () => ({ ok: true }))
    app.get('/probe-boom', { config: { public: true } }, async () => {
      throw new Error('secret internals')
    })
    app.post(
      '/probe-body',
      {
        config: { public: true },
        schema: { body: Type.Object({ name: Type.String({ minLength: 2 }), age: Type.Integer({ minimum: 0 }) }) },
      },
      async (req) => req.body,
    )
    app.get('/probe-admin', { config: { admin: true } }, async () => ({ ok: true }))
    app.get('/probe-apperror', { config: { public: true } }, async () => {
      throw new AppError('ERR_NO_TICKET_FOUND', 404, 'No ticket')
    })
  },
})

describe('kernel', () => {
  let t: TestApp
  const superHeaders = async () => {
    const u = await t.db('users').where({ super: true }).first()
    const s = await t.app.kernel.auth.issue({ id: u.id, companyId: u.companyId, profile: u.profile, super: true })
    return { headers: { authorization: `Bearer ${s.accessToken}` } }
  }
  beforeAll(async () => {
    t = await createTestApp({ plugins: [probe, settingsProbe(SPEC_SETTINGS)] })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok' })
  })

  it("gives every user view its company's settings at their effective values, defined ones included", async () => {
    const su = await t.db('users').where({ super: true }).first('id', 'companyId')
    await t.app.kernel.settings.set(su.companyId, 'userRating', 'enabled')
    const view = await t.app.kernel.accounts.userView(su.id)
    const settings = Object.fromEntries(view!.company.settings.map((s) => [s.key, s.value]))
    expect(settings).toMatchObject({ userRating: 'enabled', sendGreetingAccepted: 'disabled', userCreation: 'enabled' })
    expect(view!.company.settings.length).toBe(t.app.kernel.settings.definitions().length)
  })

  it("answers a company's members, never another company's", async () => {
    const su = await t.db('users').where({ super: true }).first('id', 'companyId')
    const [other] = await t.db('companies').insert({ name: 'Other', cnpj: '11222333000181' }).returning('id')
    const [mary] = await t
      .db('users')
      .insert({
        companyId: su.companyId,
        name: 'Mary',
        email: 'mary@x.com',
        passwordHash: 'x',
        profile: 'user',
      })
      .returning('id')
    const [stranger] = await t
      .db('users')
      .insert({ companyId: other.id, name: 'Stranger', email: 's@x.com', passwordHash: 'x' })
      .returning('id')

    const all = await t.app.kernel.accounts.members(su.companyId)
    expect(all.map((m) => m.id)).toEqual([su.id, mary.id])
    expect(all[1]).toEqual({ id: mary.id, name: 'Mary', profile: 'user', super: false })
    expect(all[0]).toMatchObject({ super: true, profile: 'admin' })
    expect(await t.app.kernel.accounts.members(su.companyId, [stranger.id, mary.id, null])).toEqual([all[1]])
    expect(await t.app.kernel.accounts.members(su.companyId, [])).toEqual([])
  })

  it("answers the platform company's id", async () => {
    const su = await t.db('users').where({ super: true }).first('id', 'companyId')
    expect(await t.app.kernel.accounts.platformCompanyId()).toBe(su.companyId)
  })

  it('refuses unauthenticated routes with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/1' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED', message: 'Missing bearer token', statusCode: 401 })
  })

  it('404s unknown routes as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('ERR_NOT_FOUND')
  })

  it('never leaks a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe-boom' })
    expect(res.statusCode).toBe(500)
    // The request id lets support find the logged error (errors.ts logs every 500 with it).
    expect(res.json()).toEqual({
      error: 'ERR_INTERNAL_SERVER_ERROR',
      message: 'Unexpected error, try again later',
      statusCode: 500,
      requestId: expect.stringMatching(/^req-/),
    })
    expect(res.body).not.toContain('secret internals')
  })

  it('passes AppErrors through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe-apperror' })
    expect(res.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND', message: 'No ticket', statusCode: 404 })
  })

  it('serves the OpenAPI document generated from schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().paths)).toContain('/api/probe/{id}')
  })

  it('names the field of a validation error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe-body', payload: { name: 'x', age: 3 } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'name', statusCode: 400 })
    const missing = await t.app.inject({ method: 'POST', url: '/api/probe-body', payload: { name: 'xy' } })
    expect(missing.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'age' })
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/probe-body',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().error).toBe('ERR_VALIDATION')
  })

  it('validates path params before handlers run', async () => {
    const { headers } = await superHeaders()
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/abc', headers })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'id' })
    const ok = await t.app.inject({ method: 'GET', url: '/api/probe/7', headers })
    expect(ok.json()).toEqual({ id: 7, companyId: 1 })
  })

  it("checks admin routes and answers the caller's permissions", async () => {
    const company = await t.db('companies').first('id')
    const [u] = await t
      .db('users')
      .insert({ companyId: company.id, name: 'Plain', email: 'plain@x.com', passwordHash: 'x', profile: 'user' })
      .returning(['id'])
    const s = await t.app.kernel.auth.issue({ id: u.id, companyId: company.id, profile: 'user', super: false })
    const headers = { authorization: `Bearer ${s.accessToken}` }
    expect((await t.app.inject({ method: 'GET', url: '/api/probe-admin', headers })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/permissions', headers })).json()).toEqual({
      permissions: [],
    })
    const admin = await superHeaders()
    expect((await t.app.inject({ method: 'GET', url: '/api/probe-admin', headers: admin.headers })).statusCode).toBe(
      200,
    )
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/permissions', headers: admin.headers })).json().permissions,
    ).toContain('drawer-admin-items:view')
  })

  it('emits unit-of-work events only after commit', async () => {
    const seen: unknown[] = []
    const off = t.app.kernel.bus.on('setting.updated', (p) => {
      seen.push(p)
    })
    await expect(
      t.app.kernel.unitOfWork(1, async ({ emit }) => {
        emit('setting.updated', { companyId: 1, key: 'a', value: 'b' })
        throw new Error('rollback')
      }),
    ).rejects.toThrow('rollback')
    expect(seen).toEqual([])
    await t.app.kernel.unitOfWork(1, async ({ t: tdb, emit }) => {
      await tdb('settings').where({ key: 'nothing' }).delete()
      emit('setting.updated', { companyId: 1, key: 'a', value: 'b' })
      expect(seen).toEqual([])
    })
    expect(seen).toEqual([{ companyId: 1, key: 'a', value: 'b' }])
    off()
  })

  it('reuses a setting read until a write here or an announced write anywhere drops it', async () => {
    const { companyId } = await companyWithUser(t.app)
    const settings = t.app.kernel.settings
    const reads: string[] = []
    const count = (q: { sql: string }) => {
      if (/from "settings"/.test(q.sql)) reads.push(q.sql)
    }
    t.db.on('query', count)
    try {
      expect(await settings.get(companyId, 'sideMenuOpen')).toBe('open')
      expect(await settings.get(companyId, 'sideMenuOpen')).toBe('open')
      expect(reads).toHaveLength(1)
      await settings.set(companyId, 'sideMenuOpen', 'closed')
      expect(await settings.get(companyId, 'sideMenuOpen')).toBe('closed')
      // Written by another process (or straight to the table) and announced on the bus.
      await t.db('settings').where({ companyId, key: 'sideMenuOpen' }).update({ value: 'open' })
      expect(await settings.get(companyId, 'sideMenuOpen')).toBe('closed')
      await t.app.kernel.bus.emit('setting.updated', { companyId, key: 'sideMenuOpen', value: 'open' })
      expect(await settings.get(companyId, 'sideMenuOpen')).toBe('open')
    } finally {
      t.db.off('query', count)
    }
  })

  it('answers affected-row counts for update and delete in both database modes', async () => {
    await t.db.schema.createTable('count_probe', (tb) => {
      tb.increments('id')
      tb.string('a')
    })
    await t.db('count_probe').insert([{ a: '1' }, { a: '2' }])
    expect(await t.db('count_probe').update({ a: '3' })).toBe(2)
    expect(await t.db('count_probe').where({ id: 1 }).delete()).toBe(1)
    expect(await t.db('count_probe').where({ id: 99 }).del()).toBe(0)
    await t.db.schema.dropTable('count_probe')
  })

  it('scopes tenant queries by companyId', async () => {
    const sql = t.app.kernel.tenant(5)('users').where({ id: 1 }).toSQL().sql
    expect(sql).toMatch(/"users"\."companyId" = \?/)
    expect(() => t.app.kernel.tenant(0)).toThrow()
  })

  it('seeds the platform company and its super user', async () => {
    const company = await t.db('companies').where({ cnpj: '00000000000191' }).first()
    expect(company).toBeTruthy()
    const user = await t.db('users').where({ companyId: company.id }).first()
    expect(user).toMatchObject({ super: true, profile: 'admin', email: 'admin@atende.local' })
  })
})
