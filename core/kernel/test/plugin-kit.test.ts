import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { AppError, definePlugin, isAppError, APP_ERROR_BRAND } from '@atende/sdk'
import { WORKSPACE_PLUGINS_DIR } from '../src/plugins/loader.ts'
import { companyWithUser, createTestApp, superHeaders, type Headers, type TestApp } from './support/index.ts'

/*
 * What a third-party plugin relies on from the kernel (README "Writing a plugin"): errors recognised
 * by shape whatever copy of the SDK made them, a built remote served from the plugin's own package
 * (moduleDir), and a plan default that keeps a sold module off until the super user switches it on.
 */

/** The brand as a second copy of @atende/sdk makes it (Symbol.for: one registry per process). */
const FOREIGN_BRAND: unique symbol = Symbol.for('atende.AppError') as never

/** What a second copy of @atende/sdk would throw: another class, same brand. */
class ForeignAppError extends Error {
  readonly [FOREIGN_BRAND] = true
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

const remote = mkdtempSync(join(tmpdir(), 'atende-remote-'))
const REMOTE_JS = 'export const get = () => "kit-remote";\n'
const MENU = [{ label: 'menu.kit', to: '/kit-remote', labels: { pt: 'Kit', en: 'Kit' }, section: 'main', order: 90 }]
writeFileSync(join(remote, 'remoteEntry.js'), REMOTE_JS)
writeFileSync(join(remote, 'menu.json'), JSON.stringify(MENU))

const probe = definePlugin({
  name: 'kit-probe',
  version: '1.0.0',
  register(app) {
    app.get('/kit-probe/foreign', async () => {
      throw new ForeignAppError('ERR_KIT_FOREIGN', 422, 'Made by another copy of the SDK', { field: 'nps' })
    })
    // An SDK copy older than the brand: recognised by name, code and status.
    app.get('/kit-probe/unbranded', async () => {
      throw Object.assign(new Error('Old copy'), { name: 'AppError', code: 'ERR_KIT_OLD', statusCode: 409 })
    })
    app.get('/kit-probe/ping', async () => ({ ok: true }))
  },
})
const ownRemote = definePlugin({
  name: 'kit-remote',
  version: '1.0.0',
  moduleDir: pathToFileURL(remote + '/'),
  register() {},
})
const sold = definePlugin({
  name: 'kit-sold',
  version: '1.0.0',
  planDefault: 'off',
  register(app) {
    app.get('/kit-sold/ping', async () => ({ ok: true }))
  },
})

let t: TestApp
let su: Headers
beforeAll(async () => {
  // The plans plugin alone: its super-user routes are the plan-toggle API the README documents.
  const plans = (await import(pathToFileURL(join(WORKSPACE_PLUGINS_DIR, 'plans/src/index.ts')).href)).default
  t = await createTestApp({ plugins: [plans, probe, ownRemote, sold] })
  su = await superHeaders(t.app)
}, 120_000)
afterAll(async () => {
  await t?.close()
  rmSync(remote, { recursive: true, force: true })
})

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers })

describe('errors by shape, not class', () => {
  it('isAppError knows our class, a branded class of another copy and the old shape; nothing else', () => {
    expect(isAppError(new AppError('ERR_X', 404))).toBe(true)
    expect((new AppError('ERR_X') as unknown as Record<symbol, unknown>)[APP_ERROR_BRAND]).toBe(true)
    expect(isAppError(new ForeignAppError('ERR_X', 400, 'x'))).toBe(true)
    expect(isAppError(Object.assign(new Error('x'), { name: 'AppError', code: 'ERR_X', statusCode: 400 }))).toBe(true)
    expect(isAppError(new Error('plain'))).toBe(false)
    expect(isAppError(Object.assign(new Error('x'), { code: 'FST_ERR_X', statusCode: 400 }))).toBe(false)
    expect(isAppError(Object.assign(new Error('x'), { name: 'AppError', code: 'ERR_X', statusCode: 200 }))).toBe(false)
    expect(isAppError(null)).toBe(false)
    expect(isAppError('ERR_X')).toBe(false)
  })

  it("a route throwing another copy's AppError answers its code, status and field", async () => {
    const { headers } = await companyWithUser(t.app)
    const res = await get('/api/kit-probe/foreign', headers)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      error: 'ERR_KIT_FOREIGN',
      message: 'Made by another copy of the SDK',
      statusCode: 422,
      field: 'nps',
    })
    const old = await get('/api/kit-probe/unbranded', headers)
    expect(old.statusCode).toBe(409)
    expect(old.json()).toMatchObject({ error: 'ERR_KIT_OLD', statusCode: 409 })
  })
})

describe('moduleDir: a remote served from the plugin package', () => {
  it('lists its remoteEntry and menu in GET /api/modules and serves its files', async () => {
    const { headers } = await companyWithUser(t.app)
    const res = await get('/api/modules', headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toContainEqual(
      expect.objectContaining({ name: 'kit-remote', remoteEntry: '/modules/kit-remote/remoteEntry.js', menu: MENU }),
    )
    const file = await t.app.inject({ method: 'GET', url: '/modules/kit-remote/remoteEntry.js' })
    expect(file.statusCode).toBe(200)
    expect(file.body).toBe(REMOTE_JS)
    expect((await t.app.inject({ method: 'GET', url: '/modules/kit-remote/missing.js' })).statusCode).toBe(404)
  })
})

describe('planDefault', () => {
  const setModule = (planId: number, key: string, enabled: boolean) =>
    t.app.inject({ method: 'PUT', url: `/api/plans/${planId}/modules/${key}`, headers: su, payload: { enabled } })
  const newPlan = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: su,
      payload: { name, users: 5, connections: 1, queues: 1, value: 10 },
    })
    expect(res.statusCode).toBe(201)
    return res.json() as { id: number; modules: Record<string, boolean> }
  }

  it("'off': existing and later plans have it off until the super user switches it on for one", async () => {
    const existing = (await t.db('plans').orderBy('id').first('id')).id as number
    const onExisting = await companyWithUser(t.app, { planId: existing })
    const denied = await get('/api/kit-sold/ping', onExisting.headers)
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
    expect((await get('/api/plans/user', onExisting.headers)).json().modules).toMatchObject({
      'kit-sold': false,
      'kit-probe': true,
    })

    const later = await newPlan('Kit later')
    expect(later.modules['kit-sold']).toBe(false)
    const onLater = await companyWithUser(t.app, { planId: later.id })
    expect((await get('/api/kit-sold/ping', onLater.headers)).statusCode).toBe(403)

    const switched = await setModule(later.id, 'kit-sold', true)
    expect(switched.statusCode).toBe(200)
    expect(switched.json().modules['kit-sold']).toBe(true)
    expect((await get('/api/kit-sold/ping', onLater.headers)).statusCode).toBe(200)
    // Only that plan: the other keeps the default.
    expect((await get('/api/kit-sold/ping', onExisting.headers)).statusCode).toBe(403)

    // And off again.
    expect((await setModule(later.id, 'kit-sold', false)).statusCode).toBe(200)
    expect((await get('/api/kit-sold/ping', onLater.headers)).statusCode).toBe(403)
  })

  it("'on' (the default): every plan has it, and a plan's own switch still wins", async () => {
    const plan = await newPlan('Kit on')
    expect(plan.modules['kit-probe']).toBe(true)
    const company = await companyWithUser(t.app, { planId: plan.id })
    expect((await get('/api/kit-probe/ping', company.headers)).statusCode).toBe(200)
    // A row written before (an existing plan's own choice) is kept.
    await t.db('plan_modules').insert({ planId: plan.id, module: 'kit-probe', enabled: false })
    t.app.kernel.invalidatePlanCache()
    expect((await get('/api/kit-probe/ping', company.headers)).statusCode).toBe(403)
  })
})
