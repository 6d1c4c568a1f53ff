import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { caller, companyWithUser, createTestApp, dddPlugins, userIn, type TestApp } from './support.ts'

/** GET/POST/DELETE /api/ddd-routing against the real kernel and database. */
describe('ddd-routing routes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: await dddPlugins() })
  })
  afterAll(async () => {
    await t?.close()
  })

  async function company() {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    const agent = await userIn(t.app, admin.companyId, 'user')
    return { ...admin, agent, call: caller(t, admin.headers), agentCall: caller(t, agent.headers) }
  }

  it('adds, lists and removes a user’s DDDs', async () => {
    const { call, userId, agent } = await company()
    expect((await call('GET', '/api/ddd-routing')).json()).toEqual([])
    for (const [user, ddd] of [
      [agent.userId, '47'],
      [agent.userId, '11'],
      [userId, '47'],
    ] as const) {
      const res = await call('POST', '/api/ddd-routing', { userId: user, ddd })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ userId: user, ddd })
    }
    const [first, second] = [userId, agent.userId].sort((a, b) => a - b)
    const byUser = { [userId]: ['47'], [agent.userId]: ['11', '47'] }
    expect((await call('GET', '/api/ddd-routing')).json()).toEqual(
      [first, second].flatMap((u) => byUser[u].map((ddd) => ({ userId: u, ddd }))),
    )
    expect((await call('GET', `/api/ddd-routing/user/${agent.userId}`)).json()).toEqual([
      { userId: agent.userId, ddd: '11' },
      { userId: agent.userId, ddd: '47' },
    ])
    const removed = await call('DELETE', `/api/ddd-routing/user/${agent.userId}/ddd/11`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await call('GET', `/api/ddd-routing/user/${agent.userId}`)).json()).toEqual([
      { userId: agent.userId, ddd: '47' },
    ])
    const again = await call('DELETE', `/api/ddd-routing/user/${agent.userId}/ddd/11`)
    expect(again.statusCode).toBe(404)
    expect(again.json().error).toBe('ERR_DDD_NOT_FOUND')
  })

  it('refuses a DDD that is not two digits 1–9, naming the field', async () => {
    const { call, userId } = await company()
    for (const ddd of ['1a', '05', '50', '4', '477', '', ' ', '4 7', 'x'.repeat(11)]) {
      const res = await call('POST', '/api/ddd-routing', { userId, ddd })
      expect(res.statusCode, ddd).toBe(400)
      expect(res.json().field, ddd).toBe('ddd')
      if (ddd.length <= 10) expect(res.json().error, ddd).toBe('ERR_DDD_INVALID')
    }
    expect((await call('DELETE', `/api/ddd-routing/user/${userId}/ddd/0a`)).json()).toMatchObject({
      error: 'ERR_DDD_INVALID',
      field: 'ddd',
    })
    expect((await call('POST', '/api/ddd-routing', { ddd: '47' })).json()).toMatchObject({ field: 'userId' })
    expect((await call('GET', '/api/ddd-routing')).json()).toEqual([])
  })

  it('refuses the same DDD twice for one user, not for two users', async () => {
    const { call, userId, agent } = await company()
    expect((await call('POST', '/api/ddd-routing', { userId, ddd: '21' })).statusCode).toBe(200)
    const dup = await call('POST', '/api/ddd-routing', { userId, ddd: '21' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ error: 'ERR_DDD_DUPLICATE', field: 'ddd' })
    expect((await call('POST', '/api/ddd-routing', { userId: agent.userId, ddd: '21' })).statusCode).toBe(200)
  })

  it('keeps to the caller’s company', async () => {
    const a = await company()
    const b = await company()
    await a.call('POST', '/api/ddd-routing', { userId: a.agent.userId, ddd: '47' })
    const foreign = await b.call('POST', '/api/ddd-routing', { userId: a.agent.userId, ddd: '48' })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ error: 'ERR_NO_USER_FOUND', field: 'userId' })
    expect((await b.call('GET', `/api/ddd-routing/user/${a.agent.userId}`)).statusCode).toBe(404)
    expect((await b.call('DELETE', `/api/ddd-routing/user/${a.agent.userId}/ddd/47`)).statusCode).toBe(404)
    expect((await b.call('GET', '/api/ddd-routing')).json()).toEqual([])
    expect((await a.call('GET', '/api/ddd-routing')).json()).toEqual([{ userId: a.agent.userId, ddd: '47' }])
  })

  it('lets every user read and only admins write', async () => {
    const { call, agentCall, agent, userId } = await company()
    await call('POST', '/api/ddd-routing', { userId: agent.userId, ddd: '47' })
    expect((await agentCall('GET', '/api/ddd-routing')).json()).toEqual([{ userId: agent.userId, ddd: '47' }])
    expect((await agentCall('GET', `/api/ddd-routing/user/${agent.userId}`)).statusCode).toBe(200)
    for (const [method, url, payload] of [
      ['POST', '/api/ddd-routing', { userId, ddd: '11' }],
      ['DELETE', `/api/ddd-routing/user/${agent.userId}/ddd/47`],
    ] as const) {
      const res = await agentCall(method, url, payload)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await call('GET', '/api/ddd-routing')).json()).toHaveLength(1)
  })

  it('forgets a deleted user’s DDDs', async () => {
    const { call, agent } = await company()
    await call('POST', '/api/ddd-routing', { userId: agent.userId, ddd: '47' })
    expect((await call('DELETE', `/api/users/${agent.userId}`)).statusCode).toBe(200)
    expect((await call('GET', '/api/ddd-routing')).json()).toEqual([])
  })
})
