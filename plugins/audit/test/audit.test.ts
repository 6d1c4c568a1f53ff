import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  createTestApp,
  companyWithUser,
  superHeaders,
  userIn,
  until,
  type Headers,
  type TestApp,
} from '@atende/kernel/testing'
import type { AuditEntry, AuditPage } from '../src/api.ts'

/**
 * The real kernel with every workspace plugin (the log follows their events), a database of this
 * file's own, HTTP through app.inject().
 */
describe('audit log', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const log = async (h: Headers, query = ''): Promise<AuditPage> => ok('GET', `/api/audit${query}`, h)
  /** The log once it holds `n` entries (events may be announced after the answer). */
  const logOf = async (h: Headers, n: number, query = '') => {
    let page: AuditPage = { entries: [], nextCursor: null }
    await until(async () => (page = await log(h, query)).entries.length >= n)
    return page.entries
  }

  it("records an admin's create, edit and delete with the fields that changed, newest first", async () => {
    const { headers: admin, companyId, userId } = await companyWithUser(t.app, { profile: 'admin' })
    const name = (await t.app.kernel.db('users').where({ id: userId }).first('name')).name
    const queue = await ok('POST', '/api/queue', admin, { name: 'Vendas', color: '#ff0000' })
    await ok('PUT', `/api/queue/${queue.id}`, admin, { name: 'Vendas e pós-venda' })
    await ok('DELETE', `/api/queue/${queue.id}`, admin)

    const entries = (await logOf(admin, 3, '?entity=queue')).filter((e) => e.entityId === String(queue.id))
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create'])
    const [removed, edited, created] = entries as [AuditEntry, AuditEntry, AuditEntry]
    for (const e of entries) expect(e).toMatchObject({ companyId, userId, userName: name, bySuper: false })
    expect(created.changes.name).toEqual({ after: 'Vendas' })
    expect(created.changes.color).toEqual({ after: '#ff0000' })
    // The edit names only what changed.
    expect(edited.changes).toEqual({ name: { before: 'Vendas', after: 'Vendas e pós-venda' } })
    expect(removed.changes.name).toEqual({ before: 'Vendas e pós-venda' })
    expect(Date.parse(edited.createdAt)).not.toBeNaN()
  })

  it('follows settings and flows too', async () => {
    const { headers: admin } = await companyWithUser(t.app, { profile: 'admin' })
    await ok('PUT', '/api/settings/userRating', admin, { value: 'enabled' })
    const flow = await ok('POST', '/api/flowbuilder', admin, { name: 'Boas-vindas' })
    await ok('PUT', '/api/flowbuilder', admin, { flowId: flow.id, name: 'Boas-vindas 2' })
    const entries = await logOf(admin, 3)
    expect(entries.map((e) => [e.entity, e.action])).toEqual([
      ['flow', 'update'],
      ['flow', 'create'],
      ['setting', 'update'],
    ])
    expect(entries[0]!.changes).toEqual({ name: { before: 'Boas-vindas', after: 'Boas-vindas 2' } })
    expect(entries[0]!.entityName).toBe('Boas-vindas 2')
    // The settings service says what the value was (the default, never set before): a change, not a blob.
    expect(entries[2]).toMatchObject({
      entityId: 'userRating',
      entityName: null,
      changes: { value: { before: 'disabled', after: 'enabled' } },
    })
  })

  it("records a campaign's fields and name, and a cancel as the status it had under the lock", async () => {
    const { headers: admin, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const w = await ok('POST', '/api/whatsapp', admin, { name: 'Sim', provider: 'simulator' })
    const [list] = await t.app.kernel.db('contact_lists').insert({ companyId, name: 'Clientes' }).returning('*')
    const campaign = await ok('POST', '/api/campaigns', admin, {
      name: 'Black Friday',
      message1: 'Olá {nome}!',
      scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
      whatsappId: w.id,
      contactListId: list.id,
    })
    // The engine starts it: no request, no record in any event the log could keep.
    await t.app.kernel.db('campaigns').where({ id: campaign.id }).update({ status: 'EM_ANDAMENTO' })
    await ok('POST', `/api/campaigns/${campaign.id}/cancel`, admin)
    const [cancelled, created] = await logOf(admin, 2, '?entity=campaign')
    expect(created).toMatchObject({ action: 'create', entityName: 'Black Friday' })
    expect(created!.changes).toMatchObject({
      name: { after: 'Black Friday' },
      status: { after: 'PROGRAMADA' },
      message1: { after: 'Olá {nome}!' },
    })
    expect(cancelled).toMatchObject({ action: 'update', entityId: String(campaign.id), entityName: 'Black Friday' })
    expect(cancelled!.changes).toEqual({ status: { before: 'EM_ANDAMENTO', after: 'CANCELADA' } })
  })

  it("records a user's language change as the language only, never the company joined into the user", async () => {
    const { headers: admin, userId } = await companyWithUser(t.app, { profile: 'admin' })
    // A setting changes the company the user's record carries along…
    await ok('PUT', '/api/settings/userRating', admin, { value: 'enabled' })
    await ok('POST', '/api/users/set-language/en', admin)
    const [entry] = await logOf(admin, 1, '?entity=user')
    const name = (await t.app.kernel.db('users').where({ id: userId }).first('name')).name
    // …yet the language change is the language alone.
    expect(entry).toMatchObject({ action: 'update', entityId: String(userId), entityName: name })
    expect(entry!.changes).toEqual({ language: { before: null, after: 'en' } })
  })

  it("records the super user's company edits as the fields changed, and the campaigns switch as a setting", async () => {
    const { headers: admin, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const sup = await superHeaders(t.app)
    // A company the log never saw (written straight to the table): the edit still shows only what changed.
    const company = await ok('GET', `/api/companies/${companyId}`, sup)
    await ok('PUT', `/api/companies/${companyId}`, sup, { name: `${company.name} Ltda`, campaignsEnabled: 'enabled' })
    await ok('PUT', `/api/companies/${companyId}/schedules`, sup, {
      schedules: [{ weekday: 'Segunda', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
    })
    const entries = await logOf(admin, 3)
    expect(entries.map((e) => [e.entity, e.action, e.bySuper, e.userName])).toEqual([
      ['company', 'update', true, 'Super Admin'],
      ['company', 'update', true, 'Super Admin'],
      ['setting', 'update', true, 'Super Admin'],
    ])
    const [hours, renamed, campaigns] = entries as [AuditEntry, AuditEntry, AuditEntry]
    expect(renamed.changes).toEqual({ name: { before: company.name, after: `${company.name} Ltda` } })
    expect(renamed.entityName).toBe(`${company.name} Ltda`)
    expect(hours.changes).toEqual({
      schedules: {
        before: [],
        after: [{ weekday: 'Segunda', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
      },
    })
    expect(campaigns).toMatchObject({
      entityId: 'campaignsEnabled',
      changes: { value: { before: 'false', after: 'true' } },
    })
  })

  it("records the super user's platform changes: a plan's limits and the modules it switches on or off", async () => {
    const sup = await superHeaders(t.app)
    const made = await call('POST', '/api/plans', sup, {
      name: 'Auditado',
      users: 3,
      connections: 1,
      queues: 2,
      value: 99,
    })
    expect(made.statusCode, made.body).toBe(201)
    const plan = made.json()
    await ok('PUT', `/api/plans/${plan.id}/modules/useCampaigns`, sup, { enabled: false })
    await ok('PUT', `/api/plans/${plan.id}`, sup, { users: 5 })
    await ok('DELETE', `/api/plans/${plan.id}`, sup)
    const entries = (await logOf(sup, 4, '?entity=plan&limit=200')).filter((e) => e.entityId === String(plan.id))
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create'])
    const [removed, limits, toggled, created] = entries as [AuditEntry, AuditEntry, AuditEntry, AuditEntry]
    for (const e of entries) expect(e).toMatchObject({ companyId: 0, bySuper: true })
    expect(created.changes.name).toEqual({ after: 'Auditado' })
    expect(JSON.stringify(toggled.changes)).toContain('useCampaigns')
    expect(Object.keys(toggled.changes).some((k) => k.startsWith('users'))).toBe(false)
    expect(limits.changes).toEqual({ users: { before: 3, after: 5 } })
    expect(removed.changes.name).toEqual({ before: 'Auditado' })
  })

  it('keeps what sessions and jobs change out of the log, and compares the next edit with it', async () => {
    const { headers: admin, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const queue = await ok('POST', '/api/queue', admin, { name: 'Suporte', color: '#00ff00' })
    await logOf(admin, 1)
    // Outside any request (as a job would): no actor, no entry, but the kept version follows.
    await t.app.kernel.bus.emit('queue.updated', { companyId, queue: { ...queue, greetingMessage: 'Olá!' } })
    await ok('PUT', `/api/queue/${queue.id}`, admin, { name: 'Suporte 24h', greetingMessage: 'Olá!' })
    const entries = await logOf(admin, 2)
    expect(entries).toHaveLength(2)
    expect(entries[0]!.changes).toEqual({ name: { before: 'Suporte', after: 'Suporte 24h' } })
  })

  it('filters by user, entity and date, and pages with a cursor', async () => {
    const { headers: admin, companyId, userId } = await companyWithUser(t.app, { profile: 'admin' })
    const other = await userIn(t.app, companyId, 'admin')
    for (const [h, name] of [
      [admin, 'Fila A'],
      [other.headers, 'Fila B'],
      [admin, 'Fila C'],
    ] as const)
      await ok('POST', '/api/queue', h, { name, color: `#12345${name.slice(-1)}`, greetingMessage: 'Olá' })
    await ok('PUT', '/api/settings/userRating', other.headers, { value: 'enabled' })
    const all = await logOf(admin, 4)
    expect(all.map((e) => e.changes.name?.after ?? e.entityId)).toEqual(['userRating', 'Fila C', 'Fila B', 'Fila A'])

    expect((await log(admin, `?userId=${userId}`)).entries.map((e) => e.changes.name?.after)).toEqual([
      'Fila C',
      'Fila A',
    ])
    expect((await log(admin, '?entity=setting')).entries.map((e) => e.entityId)).toEqual(['userRating'])
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    expect((await log(admin, `?from=${tomorrow}`)).entries).toEqual([])
    expect((await log(admin, `?to=${tomorrow}`)).entries).toHaveLength(4)

    const first = await log(admin, '?limit=3')
    expect(first.entries).toHaveLength(3)
    expect(first.nextCursor).toBe(first.entries[2]!.id)
    const rest = await log(admin, `?limit=3&cursor=${first.nextCursor}`)
    expect(rest.entries.map((e) => e.changes.name?.after)).toEqual(['Fila A'])
    expect(rest.nextCursor).toBeNull()

    const bad = await call('GET', `/api/audit?from=${tomorrow}&to=${new Date().toISOString()}`, admin)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: 'ERR_AUDIT_RANGE', field: 'from' })
    expect((await call('GET', '/api/audit?from=yesterday', admin)).statusCode).toBe(400)
  })

  it("is an admin's screen of their own company; the super user reads every company", async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    const b = await companyWithUser(t.app, { profile: 'admin' })
    await ok('POST', '/api/queue', a.headers, { name: 'Só da A', color: '#111111' })
    await logOf(a.headers, 1)
    expect((await log(b.headers)).entries).toEqual([])
    expect((await call('GET', `/api/audit?companyId=${a.companyId}`, b.headers)).statusCode).toBe(403)
    const attendant = await userIn(t.app, a.companyId, 'user')
    expect((await call('GET', '/api/audit', attendant.headers)).statusCode).toBe(403)

    const sup = await superHeaders(t.app)
    const ofA = await log(sup, `?companyId=${a.companyId}`)
    expect(ofA.entries.map((e) => e.changes.name?.after)).toEqual(['Só da A'])
    const everyone = await log(sup, '?limit=200')
    expect(new Set(everyone.entries.map((e) => e.companyId))).toContain(a.companyId)
    expect((await ok('GET', '/api/audit/entities', a.headers)).entities).toEqual(
      expect.arrayContaining(['queue', 'setting', 'flow', 'user', 'connection', 'apiToken']),
    )
  })

  it('cannot be edited or deleted through the API', async () => {
    const { headers: admin } = await companyWithUser(t.app, { profile: 'admin' })
    await ok('POST', '/api/queue', admin, { name: 'Fila', color: '#222222' })
    const [entry] = await logOf(admin, 1)
    for (const [method, url] of [
      ['POST', '/api/audit'],
      ['PUT', `/api/audit/${entry!.id}`],
      ['DELETE', `/api/audit/${entry!.id}`],
    ] as const)
      expect((await call(method, url, admin, {})).statusCode).toBe(404)
    const sup = await superHeaders(t.app)
    expect((await call('DELETE', `/api/audit/${entry!.id}`, sup)).statusCode).toBe(404)
  })

  it('drops entries past AUDIT_RETENTION_DAYS in its daily job', async () => {
    const { headers: admin, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    await ok('POST', '/api/queue', admin, { name: 'Recente', color: '#333333' })
    await logOf(admin, 1)
    await t.app.kernel.db('audit_entries').insert({
      companyId,
      entity: 'queue',
      entityId: '1',
      action: 'create',
      changes: '{}',
      createdAt: new Date(Date.now() - 400 * 86_400_000),
    })
    expect((await log(admin)).entries).toHaveLength(2)
    await t.app.kernel.jobs.add('audit.retention', {})
    await until(async () => (await log(admin)).entries.length === 1)
    expect((await log(admin)).entries[0]!.changes.name).toEqual({ after: 'Recente' })
  })
})
