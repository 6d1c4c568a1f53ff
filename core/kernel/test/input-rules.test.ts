import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, superHeaders, type Headers, type TestApp } from './support/index.ts'

process.env.SIMULATOR_ACK_MS = '0'

/*
 * The kernel's input rules (input.ts, errors.ts, app.ts) on the real plugins: the spec's paths and
 * bodies, hostile input answered 400 with the field, and bodies that can never write what their
 * schema does not declare.
 */
describe('input rules', () => {
  let t: TestApp
  let a: Awaited<ReturnType<typeof companyWithUser>>
  let b: Awaited<ReturnType<typeof companyWithUser>>
  beforeAll(async () => {
    t = await createTestApp()
    a = await companyWithUser(t.app, { profile: 'admin' })
    b = await companyWithUser(t.app, { profile: 'admin' })
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { ...headers, ...extra }, payload: payload as string })

  async function pairedConnection(h: Headers) {
    const w = (
      await call('POST', '/api/whatsapp', h, {
        name: `Sim ${Math.random().toString(36).slice(2, 7)}`,
        provider: 'simulator',
      })
    ).json()
    // The spec's scan is a POST whose fields are all optional: no body at all is accepted.
    const scanned = await call('POST', `/api/simulator/${w.id}/scan`, h)
    expect(scanned.statusCode, scanned.body).toBe(200)
    return w as { id: number }
  }

  it("answers the spec's list paths with a trailing slash like the plain ones", async () => {
    for (const path of [
      '/api/users',
      '/api/contacts',
      '/api/tags',
      '/api/whatsapp?session=0',
      '/api/queue',
      '/api/quick-messages',
      '/api/tickets',
    ]) {
      const plain = await call('GET', path, a.headers)
      const slashed = await call('GET', path.replace(/(\?|$)/, '/$1'), a.headers)
      expect(plain.statusCode, path).toBe(200)
      expect(slashed.statusCode, `${path} with a slash: ${slashed.body}`).toBe(200)
      expect(slashed.json()).toEqual(plain.json())
    }
  })

  it('takes an absent or empty body on a POST action whose fields are all optional', async () => {
    const w = (await call('POST', '/api/whatsapp', a.headers, { name: 'Absent body', provider: 'simulator' })).json()
    const empty = await call('POST', `/api/simulator/${w.id}/scan`, a.headers, '', {
      'content-type': 'application/json',
    })
    expect(empty.statusCode, empty.body).toBe(200)
    expect(empty.json()).toMatchObject({ status: 'CONNECTED' })
    // A route that requires fields still says which one is missing.
    const missing = await call('POST', '/api/tags', a.headers)
    expect(missing.json()).toMatchObject({ statusCode: 400, error: 'ERR_VALIDATION' })
  })

  it('refuses a NUL character anywhere with a 400 naming the field', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cnpj: '11222333000181', email: 'a\u0000@x.test', password: 'x' },
    })
    expect(login.json()).toMatchObject({ statusCode: 400, error: 'ERR_VALIDATION', field: 'email' })
    const search = await call('GET', '/api/contacts?searchParam=a%00b', a.headers)
    expect(search.json()).toMatchObject({ statusCode: 400, field: 'searchParam' })
    // The export streams: a NUL must stop it before the first byte, not cut the file midway.
    const exported = await call('GET', '/api/contacts/export?searchParam=%00', a.headers)
    expect(exported.json()).toMatchObject({ statusCode: 400, field: 'searchParam' })
    const nested = await call('POST', '/api/tags', a.headers, {
      name: 'ok',
      color: '#1e88e5',
      extra: { deep: ['x\u0000'] },
    })
    expect(nested.json()).toMatchObject({ statusCode: 400, field: 'extra.deep.0' })
  })

  it('answers malformed multipart and JSON with 400, not 500', async () => {
    const w = await pairedConnection(a.headers)
    const ticketId = (
      await call('POST', `/api/simulator/${w.id}/inbound`, a.headers, { from: '5547999991111', body: 'oi' })
    ).json().message.ticketId
    for (const [contentType, payload] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=xyz', 'garbage'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="medias"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello',
      ],
    ] as const) {
      const res = await call('POST', `/api/messages/${ticketId}`, a.headers, payload, { 'content-type': contentType })
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400)
      expect(res.json().error).toMatch(/^ERR_/)
    }
    const json = await call('POST', '/api/tags', a.headers, '{"name":', { 'content-type': 'application/json' })
    expect(json.json()).toMatchObject({ statusCode: 400 })
  })

  it('refuses a date beyond year 9999 on company create and update', async () => {
    const su = await superHeaders(t.app)
    const plan = await t.db('plans').orderBy('id').first('id')
    const created = await call('POST', '/api/companies', su, {
      name: 'Far future',
      email: 'f@f.test',
      cnpj: '11444777000161',
      planId: plan.id,
      dueDate: '+010000-01-01T00:00:00.000Z',
    })
    expect(created.json()).toMatchObject({ statusCode: 400, field: 'dueDate' })
    const updated = await call('PUT', `/api/companies/${a.companyId}`, su, { dueDate: '+275760-09-13T00:00:00.000Z' })
    expect(updated.json()).toMatchObject({ statusCode: 400, field: 'dueDate' })
  })

  it('never writes a field the schema does not declare: companyId, id or a column', async () => {
    const queue = (
      await call('POST', '/api/queue', a.headers, { name: 'Mine', color: '#123456', companyId: b.companyId })
    ).json()
    expect(queue.companyId).toBe(a.companyId)
    const moved = await call('PUT', `/api/queue/${queue.id}`, a.headers, {
      name: 'Still mine',
      companyId: b.companyId,
      id: 1,
      createdAt: '2000-01-01',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await t.db('queues').where({ id: queue.id }).first('companyId', 'name')).toEqual({
      companyId: a.companyId,
      name: 'Still mine',
    })
    const w = await pairedConnection(a.headers)
    const edited = await call('PUT', `/api/whatsapp/${w.id}`, a.headers, {
      name: 'Renamed',
      companyId: b.companyId,
      status: 'CONNECTED',
      session: 'x',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await t.db('whatsapps').where({ id: w.id }).first('companyId', 'name')).toEqual({
      companyId: a.companyId,
      name: 'Renamed',
    })
    const user = await call('POST', '/api/users', a.headers, {
      name: 'Sneaky',
      email: 'sneaky@a.test',
      password: 'Strong@123',
      super: true,
      companyId: b.companyId,
      passwordHash: 'x',
      online: true,
    })
    expect(user.statusCode, user.body).toBe(201)
    expect(await t.db('users').where({ email: 'sneaky@a.test' }).first('companyId', 'super', 'online')).toEqual({
      companyId: a.companyId,
      super: false,
      online: false,
    })
  })

  it("takes the spec's ticket status aliases: aguardando (pending) and attending (open)", async () => {
    const w = await pairedConnection(a.headers)
    const ticketId = (
      await call('POST', `/api/simulator/${w.id}/inbound`, a.headers, { from: '5547999992222', body: 'oi' })
    ).json().message.ticketId
    const waiting = (await call('GET', '/api/tickets?status=aguardando&showAll=true', a.headers)).json()
    expect(waiting.tickets.map((x: { id: number }) => x.id)).toContain(ticketId)
    const accepted = await call('PUT', `/api/tickets/${ticketId}`, a.headers, { status: 'attending' })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({ status: 'open' })
  })

  it("refuses a body larger than its route's schema allows with 413, and lets the largest valid one through", async () => {
    // POST /api/tags takes a name (≤ 30 chars), a color and a few numbers: its limit is the floor, 64 KB.
    const big = JSON.stringify({ name: 'x', color: '#112233', padding: 'p'.repeat(100_000) })
    const refused = await call('POST', '/api/tags', a.headers, big, { 'content-type': 'application/json' })
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' })
    // A flow's graph has open node data (no bound): it keeps the app's 5 MB, and 2 MB reaches validation.
    const graph = JSON.stringify({
      idFlow: 999_999,
      nodes: [{ id: '1', type: 'start', position: { x: 0, y: 0 }, data: { pad: 'p'.repeat(2_000_000) } }],
      connections: [],
    })
    const flow = await call('POST', '/api/flowbuilder/flow', a.headers, graph, { 'content-type': 'application/json' })
    expect(flow.statusCode).not.toBe(413)
    // The bulk contact import states its own 16 MB.
    const rows = JSON.stringify(
      Array.from({ length: 9_000 }, (_, i) => ({
        name: `Cliente ${i} ${'n'.repeat(80)}`,
        number: `5547${String(900_000_000 + i)}`,
      })),
    )
    expect(rows.length).toBeGreaterThan(1_000_000)
    const upload = await call('POST', '/api/contacts/upload', a.headers, rows, { 'content-type': 'application/json' })
    expect(upload.statusCode).not.toBe(413)
  })
})
