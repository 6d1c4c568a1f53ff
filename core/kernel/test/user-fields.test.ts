import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { definePlugin, Type, UserView } from '@atende/sdk'
import { createTestApp, type TestApp } from '../test/support/index.ts'

/** A plugin's fields of the user views: declared in its manifest, supplied by its loader. */
const nicknames = definePlugin({
  name: 'nicknames',
  version: '1.0.0',
  userFields: Type.Object({ nickname: Type.String(), badges: Type.Array(Type.Integer()) }),
  register(app, kernel) {
    kernel.accounts.extendViews('nicknames', async (users) => {
      const out = new Map<number, Record<string, unknown>>()
      for (const u of users) out.set(u.id, { nickname: `n${u.id}@${u.companyId}`, badges: [u.id] })
      return out
    })
    // The served schema is the composed one: a plugin field survives serialisation, an unknown one does not.
    app.get('/nicknames/me', { schema: { response: { 200: Type.Ref(UserView) } } }, async (req) => ({
      ...(await kernel.accounts.userView(req.auth.userId))!,
      secret: 'never served',
    }))
  },
})

describe('user fields of plugins', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [nicknames] })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('joins the views and the served UserView schema', async () => {
    const su = await t.db('users').where({ super: true }).first('id', 'companyId')
    const [view] = await t.app.kernel.accounts.userViews([su.id, 99999999])
    expect(view).toMatchObject({ id: su.id, nickname: `n${su.id}@${su.companyId}`, badges: [su.id] })
    const s = await t.app.kernel.auth.issue({ id: su.id, companyId: su.companyId, profile: 'admin', super: true })
    const headers = { authorization: `Bearer ${s.accessToken}` }
    const res = await t.app.inject({ method: 'GET', url: '/api/nicknames/me', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: su.id, nickname: `n${su.id}@${su.companyId}`, badges: [su.id] })
    expect(res.json().secret).toBeUndefined()
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const schemas = JSON.stringify(doc.components?.schemas ?? doc)
    expect(schemas).toContain('nickname')
  })

  it('refuses to start when a declared plugin supplies nothing, or two owners claim one field', async () => {
    const silent = definePlugin({
      name: 'silent',
      version: '1.0.0',
      userFields: Type.Object({ mood: Type.String() }),
      register() {},
    })
    await expect(createTestApp({ plugins: [silent] })).rejects.toThrow(/silent declares userFields/)
    const clash = definePlugin({
      name: 'clash',
      version: '1.0.0',
      userFields: Type.Object({ email: Type.String() }),
      register() {},
    })
    await expect(createTestApp({ plugins: [clash] })).rejects.toThrow(/"email", which the kernel already has/)
  })
})
