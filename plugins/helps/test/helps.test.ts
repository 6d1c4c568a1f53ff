import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '@atende/kernel/testing'
import helpsPlugin from '../src/index.ts'
import { companyWithUser, superHeaders, type Headers } from '@atende/kernel/testing'

describe('helps', () => {
  let t: TestApp
  let sup: Headers
  let user: Headers
  beforeAll(async () => {
    t = await createTestApp({ plugins: [helpsPlugin] })
    sup = await superHeaders(t.app)
    user = (await companyWithUser(t.app, { profile: 'admin' })).headers
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })

  it('lets the super user create, edit and delete, and everyone read', async () => {
    const created = await call('POST', '/api/helps', sup, {
      title: ' Getting started ',
      video: 'dQw4w9WgXcQ',
      description: 'First steps',
    })
    expect(created.statusCode).toBe(201)
    const help = created.json()
    expect(help).toMatchObject({ title: 'Getting started', video: 'dQw4w9WgXcQ', description: 'First steps' })

    expect((await call('GET', `/api/helps/${help.id}`, user)).json()).toMatchObject({
      id: help.id,
      title: 'Getting started',
    })
    expect((await call('GET', '/api/helps/list', user)).json()).toHaveLength(1)

    const edited = await call('PUT', `/api/helps/${help.id}`, sup, { video: 'abc' })
    expect(edited.json()).toMatchObject({ title: 'Getting started', video: 'abc', description: 'First steps' })

    expect((await call('DELETE', `/api/helps/${help.id}`, sup)).statusCode).toBe(200)
    const gone = await call('GET', `/api/helps/${help.id}`, user)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_HELP_FOUND')
    expect((await call('DELETE', `/api/helps/${help.id}`, sup)).statusCode).toBe(404)
    expect((await call('PUT', `/api/helps/${help.id}`, sup, { title: 'x' })).statusCode).toBe(404)
  })

  it('paginates and searches', async () => {
    for (let i = 0; i < 21; i++) await call('POST', '/api/helps', sup, { title: `Video ${String(i).padStart(2, '0')}` })
    await call('POST', '/api/helps', sup, { title: 'Kanban', description: 'how the board works' })
    const p1 = (await call('GET', '/api/helps', user)).json()
    expect(p1.helps).toHaveLength(20)
    expect(p1.hasMore).toBe(true)
    const p2 = (await call('GET', '/api/helps?pageNumber=2', user)).json()
    expect(p2.helps).toHaveLength(2)
    expect(p2.hasMore).toBe(false)
    expect(
      (await call('GET', '/api/helps?searchParam=BOARD', user)).json().helps.map((h: { title: string }) => h.title),
    ).toEqual(['Kanban'])
  })

  it('refuses writes from non-super users and anonymous reads', async () => {
    const help = (await call('POST', '/api/helps', sup, { title: 'Mine' })).json()
    for (const [method, url, payload] of [
      ['POST', '/api/helps', { title: 'x' }],
      ['PUT', `/api/helps/${help.id}`, { title: 'x' }],
      ['DELETE', `/api/helps/${help.id}`],
    ] as const) {
      const res = await call(method, url, user, payload)
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await call('GET', '/api/helps/list')).statusCode).toBe(401)
  })

  it('validates input', async () => {
    const cases: [string, string, object, string][] = [
      ['POST', '/api/helps', {}, 'title'],
      ['POST', '/api/helps', { title: '' }, 'title'],
      ['POST', '/api/helps', { title: '   ' }, 'title'],
      ['POST', '/api/helps', { title: 'x'.repeat(201) }, 'title'],
      ['POST', '/api/helps', { title: 'ok', video: 'v'.repeat(201) }, 'video'],
    ]
    for (const [method, url, payload, field] of cases) {
      const res = await call(method as 'POST', url, sup, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field })
    }
    expect((await call('GET', '/api/helps/abc', user)).statusCode).toBe(400)
  })
})
