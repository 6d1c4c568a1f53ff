import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { definePlugin, Type, AppError } from '@atende/sdk'
import { createTestApp, type TestApp } from '../test/support/index.ts'

const probe = definePlugin({
  name: 'probe',
  version: '1.0.0',
  planFlag: 'useKanban',
  register(app) {
    app.get('/probe/:id', { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) } }, async (req) => ({ id: (req.params as { id: number }).id, companyId: req.auth.companyId }))
    app.get('/probe-public', { config: { public: true } }, async () => ({ ok: true }))
    app.get('/probe-boom', { config: { public: true } }, async () => { throw new Error('secret internals') })
    app.get('/probe-apperror', { config: { public: true } }, async () => { throw new AppError('ERR_NO_TICKET_FOUND', 404, 'No ticket') })
  },
})

describe('kernel', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp({ plugins: [probe] }) })
  afterAll(async () => { await t?.close() })

  it('answers health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok' })
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
    expect(res.json()).toEqual({ error: 'ERR_INTERNAL_SERVER_ERROR', message: 'Unexpected error, try again later', statusCode: 500 })
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

  it('seeds the platform company and its super user', async () => {
    const company = await t.db('companies').where({ cnpj: '00000000000191' }).first()
    expect(company).toBeTruthy()
    const user = await t.db('users').where({ companyId: company.id }).first()
    expect(user).toMatchObject({ super: true, profile: 'admin', email: 'admin@atende.local' })
  })
})
