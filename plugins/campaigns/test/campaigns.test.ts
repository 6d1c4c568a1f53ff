import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, userIn, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import plugin from '../src/index.ts'

describe('campaigns API', () => {
  let t: TestApp
  beforeAll(async () => {
    process.env.CAMPAIGN_TICK_MS = '0'
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, plugin],
    })
  })
  afterAll(async () => {
    delete process.env.CAMPAIGN_TICK_MS
    await t?.close()
  })

  const ok = async (p: Promise<{ statusCode: number; body: string; json(): any }>) => {
    const res = await p
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  async function admin() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headers as Headers, payload })
    const w = await ok(call('POST', '/api/whatsapp', { name: `Sim ${companyId}`, provider: 'simulator' }))
    const [list] = await t.db('contact_lists').insert({ companyId, name: 'Clientes' }).returning('*')
    return { call, companyId, w, list, headers }
  }
  const later = (ms: number) => new Date(Date.now() + ms).toISOString()

  it('creates a draft (INATIVA) and a scheduled one (PROGRAMADA), lists, reads with names and counters', async () => {
    const { call, w, list, companyId } = await admin()
    const draft = await ok(call('POST', '/api/campaigns', { name: 'Rascunho' }))
    expect(draft).toMatchObject({ status: 'INATIVA', editable: true, companyId, counts: { total: 0 } })
    const scheduled = await ok(
      call('POST', '/api/campaigns', {
        name: 'Black Friday',
        message1: 'Olá {nome}!',
        message2: 'Oi {{firstName}}',
        scheduledAt: later(3 * 3600_000),
        whatsappId: w.id,
        contactListId: list.id,
      }),
    )
    expect(scheduled).toMatchObject({
      status: 'PROGRAMADA',
      editable: true,
      contactList: { id: list.id, name: 'Clientes' },
      whatsapp: { id: w.id },
    })
    const page = await ok(call('GET', '/api/campaigns?searchParam=black'))
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([scheduled.id])
    expect(page.hasMore).toBe(false)
  })

  it('refuses bad input with a 400 naming the field', async () => {
    const { call, w, list } = await admin()
    const other = await admin()
    for (const [body, field] of [
      [{ name: 'A' }, 'name'],
      [{ name: 'Sem conexão', scheduledAt: later(7200_000), contactListId: list.id, message1: 'x' }, 'whatsappId'],
      [{ name: 'Sem lista', scheduledAt: later(7200_000), whatsappId: w.id, message1: 'x' }, 'contactListId'],
      [{ name: 'Sem texto', scheduledAt: later(7200_000), whatsappId: w.id, contactListId: list.id }, 'message1'],
      [{ name: 'Lista alheia', contactListId: other.list.id }, 'contactListId'],
      [{ name: 'Conexão alheia', whatsappId: other.w.id }, 'whatsappId'],
    ] as const) {
      const res = await call('POST', '/api/campaigns', body)
      expect([res.statusCode, res.json().field], JSON.stringify(body)).toEqual([400, field])
    }
  })

  it('editable only while INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA (409 otherwise)', async () => {
    const { call, w, list } = await admin()
    const base = { message1: 'Oi', whatsappId: w.id, contactListId: list.id }
    const soon = await ok(
      call('POST', '/api/campaigns', { name: 'Em breve', ...base, scheduledAt: later(30 * 60_000) }),
    )
    expect(soon.editable).toBe(false)
    const res = await call('PUT', `/api/campaigns/${soon.id}`, { name: 'Outro nome' })
    expect([res.statusCode, res.json().error]).toEqual([409, 'ERR_CAMPAIGN_NOT_EDITABLE'])
    const cancelled = await ok(call('POST', `/api/campaigns/${soon.id}/cancel`))
    expect(cancelled).toMatchObject({ status: 'CANCELADA', editable: true })
    expect(await ok(call('PUT', `/api/campaigns/${soon.id}`, { name: 'Outro nome' }))).toMatchObject({
      name: 'Outro nome',
      status: 'CANCELADA',
    })
    const far = await ok(call('POST', '/api/campaigns', { name: 'Longe', ...base, scheduledAt: later(5 * 3600_000) }))
    const unscheduled = await ok(call('PUT', `/api/campaigns/${far.id}`, { name: 'Longe', scheduledAt: null }))
    expect(unscheduled.status).toBe('INATIVA')
  })

  it('cancel needs a running or scheduled campaign, restart a cancelled one (409 otherwise)', async () => {
    const { call } = await admin()
    const draft = await ok(call('POST', '/api/campaigns', { name: 'Rascunho' }))
    const a = await call('POST', `/api/campaigns/${draft.id}/cancel`)
    expect([a.statusCode, a.json().error]).toEqual([409, 'ERR_CAMPAIGN_NOT_RUNNING'])
    const b = await call('POST', `/api/campaigns/${draft.id}/restart`)
    expect([b.statusCode, b.json().error]).toEqual([409, 'ERR_CAMPAIGN_NOT_CANCELLED'])
  })

  it("keeps each company's campaigns to itself, and is for admins", async () => {
    const a = await admin()
    const b = await admin()
    const theirs = await ok(b.call('POST', '/api/campaigns', { name: 'Deles' }))
    for (const [m, url] of [
      ['GET', `/api/campaigns/${theirs.id}`],
      ['PUT', `/api/campaigns/${theirs.id}`],
      ['DELETE', `/api/campaigns/${theirs.id}`],
      ['POST', `/api/campaigns/${theirs.id}/cancel`],
    ] as const) {
      const res = await a.call(m, url, m === 'PUT' ? { name: 'Meu agora' } : undefined)
      expect([res.statusCode, res.json().error], `${m} ${url}`).toEqual([404, 'ERR_NO_CAMPAIGN_FOUND'])
    }
    expect((await ok(a.call('GET', '/api/campaigns'))).records).toEqual([])
    const user = await userIn(t.app, a.companyId, 'user')
    expect((await t.app.inject({ method: 'GET', url: '/api/campaigns', headers: user.headers })).statusCode).toBe(403)
  })

  it('settings: defaults, the spec option lists, duplicate variable keys ignored', async () => {
    const { call } = await admin()
    const defaults = await ok(call('GET', '/api/campaign-settings'))
    expect(Object.fromEntries(defaults.map((s: { key: string; value: unknown }) => [s.key, s.value]))).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      dailyLimit: 250,
      windowStart: '08:00',
      windowEnd: '20:00',
    })
    const saved = await ok(
      call('POST', '/api/campaign-settings', {
        settings: {
          messageInterval: 5,
          variables: [
            { key: 'loja', value: 'Loja Azul' },
            { key: 'loja', value: 'ignorada' },
          ],
        },
      }),
    )
    const byKey = Object.fromEntries(saved.map((s: { key: string; value: unknown }) => [s.key, s.value]))
    expect(byKey).toMatchObject({ messageInterval: 5, variables: [{ key: 'loja', value: 'Loja Azul' }] })
    const bad = await call('POST', '/api/campaign-settings', { settings: { messageInterval: 7 } })
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'messageInterval'])
  })

  it('attaches and removes a file; deletes', async () => {
    const { call, headers } = await admin()
    const c = await ok(call('POST', '/api/campaigns', { name: 'Com mídia' }))
    const boundary = 'X-ATENDE'
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="promo.png"\r\nContent-Type: image/png\r\n\r\n` +
      `\x89PNG fake\r\n--${boundary}--\r\n`
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${c.id}/media-upload`,
      headers: { ...(headers as Headers), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(up.statusCode, up.body).toBe(200)
    expect(up.json()).toMatchObject({ mediaName: 'promo.png' })
    expect(up.json().mediaPath).toContain('/api/media/')
    expect(await ok(call('DELETE', `/api/campaigns/${c.id}/media-upload`))).toMatchObject({
      mediaPath: null,
      mediaName: null,
    })
    expect(await ok(call('DELETE', `/api/campaigns/${c.id}`))).toEqual({ message: 'Campaign deleted' })
    expect((await call('GET', `/api/campaigns/${c.id}`)).statusCode).toBe(404)
  })

  it('is switched off by the plan', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Sem campanhas ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'useCampaigns', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers } = await companyWithUser(t.app, { planId: plan.id, profile: 'admin' })
    const res = await t.app.inject({ method: 'GET', url: '/api/campaigns', headers: headers as Headers })
    expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
  })
})
