import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '@atende/kernel/testing'
import settingsPlugin from '../src/index.ts'
import {
  SPEC_SETTINGS,
  companyWithUser,
  settingsProbe,
  superHeaders,
  userIn,
  type Headers,
} from '@atende/kernel/testing'

describe('settings', () => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof companyWithUser>>
  let aUser: Awaited<ReturnType<typeof companyWithUser>>
  let b: Awaited<ReturnType<typeof companyWithUser>>
  beforeAll(async () => {
    t = await createTestApp({
      plugins: [
        settingsPlugin,
        settingsProbe([
          ...SPEC_SETTINGS,
          { key: 'campaignsEnabled', values: ['true', 'false'], default: 'false', managed: true },
        ]),
      ],
    })
    a = await companyWithUser(t.app, { profile: 'admin' })
    b = await companyWithUser(t.app, { profile: 'admin' })
    aUser = await userIn(t.app, a.companyId, 'user')
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'PUT', url: string, headers?: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })

  it('lists every setting with its default', async () => {
    const res = await call('GET', '/api/settings', aUser.headers)
    expect(res.statusCode).toBe(200)
    const map = Object.fromEntries(res.json().map((s: { key: string; value: string }) => [s.key, s.value]))
    expect(map).toMatchObject({
      userRating: 'disabled',
      scheduleType: 'disabled',
      userCreation: 'enabled',
      chatBotType: 'text',
      sideMenuOpen: 'open',
    })
    expect((await call('GET', '/api/settings/scheduleType', aUser.headers)).json()).toEqual({
      key: 'scheduleType',
      value: 'disabled',
    })
    expect((await call('GET', '/api/settings')).statusCode).toBe(401)
  })

  it('lets an admin change a setting, ignoring a key in the body, and announces it', async () => {
    const seen: unknown[] = []
    const off = t.app.kernel.bus.on('setting.updated', (p) => {
      seen.push(p)
    })
    const res = await call('PUT', '/api/settings/scheduleType', a.headers, { key: 'userRating', value: 'queue' })
    off()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ key: 'scheduleType', value: 'queue' })
    expect((await call('GET', '/api/settings/scheduleType', aUser.headers)).json().value).toBe('queue')
    expect((await call('GET', '/api/settings/userRating', a.headers)).json().value).toBe('disabled')
    // With the value it had (for the audit log's "disabled → queue").
    expect(seen).toContainEqual({ companyId: a.companyId, key: 'scheduleType', value: 'queue', previous: 'disabled' })
  })

  it('refuses bad values, unknown keys and non-admins', async () => {
    const bad = await call('PUT', '/api/settings/userRating', a.headers, { value: 'sometimes' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'value' })
    const missing = await call('PUT', '/api/settings/userRating', a.headers, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().field).toBe('value')

    for (const res of [
      await call('PUT', '/api/settings/nope', a.headers, { value: 'enabled' }),
      await call('GET', '/api/settings/nope', a.headers),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('ERR_NO_SETTING_FOUND')
    }
    const denied = await call('PUT', '/api/settings/userRating', aUser.headers, { value: 'enabled' })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error).toBe('ERR_NO_PERMISSION')
  })

  it("leaves the platform's switches to the super user: a company's admin reads them and cannot set them", async () => {
    const denied = await call('PUT', '/api/settings/campaignsEnabled', a.headers, { value: 'true' })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error).toBe('ERR_NO_PERMISSION')
    expect((await call('GET', '/api/settings/campaignsEnabled', a.headers)).json().value).toBe('false')
    const platform = await call('PUT', '/api/settings/campaignsEnabled', await superHeaders(t.app), { value: 'true' })
    expect(platform.statusCode).toBe(200)
    expect((await call('GET', '/api/settings/campaignsEnabled', a.headers)).json().value).toBe('false')
  })

  it('keeps each company its own settings', async () => {
    await call('PUT', '/api/settings/userRating', a.headers, { value: 'enabled' })
    await call('PUT', '/api/settings/userRating', b.headers, { value: 'disabled' })
    expect((await call('GET', '/api/settings/userRating', a.headers)).json().value).toBe('enabled')
    expect((await call('GET', '/api/settings/userRating', b.headers)).json().value).toBe('disabled')
    const bAll = (await call('GET', '/api/settings', b.headers)).json()
    expect(bAll.find((s: { key: string }) => s.key === 'scheduleType').value).toBe('disabled')
  })

  it('answers the public sign-up switch of the platform company only', async () => {
    expect((await call('GET', '/api/public-settings/userCreation')).json()).toEqual({
      key: 'userCreation',
      value: 'enabled',
    })
    // A tenant's own switch does not change the platform's.
    await call('PUT', '/api/settings/userCreation', a.headers, { value: 'disabled' })
    expect((await call('GET', '/api/public-settings/userCreation')).json().value).toBe('enabled')
    await call('PUT', '/api/settings/userCreation', await superHeaders(t.app), { value: 'disabled' })
    expect((await call('GET', '/api/public-settings/userCreation')).json().value).toBe('disabled')
    for (const key of ['userRating', 'nope']) {
      const res = await call('GET', `/api/public-settings/${key}`)
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toBe('ERR_NO_SETTING_FOUND')
    }
  })
})
