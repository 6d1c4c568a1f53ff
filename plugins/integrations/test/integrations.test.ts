import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, userIn, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import flowsPlugin from '@atende/plugin-flows'
import plugin from '../src/index.ts'

const KEY = JSON.stringify({
  client_email: 'bot@agent.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
})

describe('queue integrations API', () => {
  let t: TestApp
  beforeAll(async () => {
    // Public hosts are looked up in DNS, which this machine lacks: the tests name addresses.
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1,169.254.169.254'
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, flowsPlugin, plugin],
    })
  })
  afterAll(async () => {
    delete process.env.OUTBOUND_ALLOWED_HOSTS
    await t?.close()
  })

  const call = (h: Headers) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h, payload })
  async function admin() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    return { headers, companyId, call: call(headers) }
  }
  const ok = async (p: ReturnType<ReturnType<typeof call>>) => {
    const res = await p
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it('creates each type with its defaults, lists, edits and deletes', async () => {
    const { call: c, companyId } = await admin()
    const n8n = await ok(
      c('POST', '/api/queueIntegration', { type: 'n8n', name: 'Meu n8n', urlN8N: 'http://127.0.0.1:5678/webhook/x' }),
    )
    expect(n8n).toMatchObject({
      type: 'n8n',
      name: 'Meu n8n',
      projectName: 'Meu n8n',
      language: 'pt-BR',
      companyId,
      typebotExpires: 1,
      typebotDelayMessage: 1000,
    })
    expect(n8n.secret).toMatch(/^[0-9a-f]{48}$/)
    const typebot = await ok(
      c('POST', '/api/queueIntegration', {
        type: 'typebot',
        name: 'Bot',
        urlN8N: 'http://127.0.0.1:3000',
        typebotSlug: 'atendimento',
        typebotKeywordFinish: 'sair',
      }),
    )
    expect(typebot).toMatchObject({ typebotSlug: 'atendimento', typebotKeywordFinish: 'sair', projectName: 'Bot' })
    const df = await ok(
      c('POST', '/api/queueIntegration', {
        type: 'dialogflow',
        name: 'Agente',
        projectName: 'agente-123',
        jsonContent: KEY,
        language: 'es',
      }),
    )
    // The key stays on the server.
    expect(df).toMatchObject({ projectName: 'agente-123', language: 'es', jsonContent: '', jsonContentSet: true })
    const flow = await ok(c('POST', '/api/flowbuilder', { name: 'Boas-vindas' }))
    const fb = await ok(c('POST', '/api/queueIntegration', { type: 'flowbuilder', name: 'Fluxo', flowId: flow.id }))
    expect(fb).toMatchObject({ flowId: flow.id, projectName: 'Fluxo' })

    const page = await ok(c('GET', '/api/queueIntegration'))
    expect(page.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Agente', 'Bot', 'Fluxo', 'Meu n8n'])
    expect(page.hasMore).toBe(false)
    expect((await ok(c('GET', '/api/queueIntegration?searchParam=fluxo'))).queueIntegrations).toHaveLength(1)

    // An edit without the key keeps it; the stored key never comes back.
    const edited = await ok(
      c('PUT', `/api/queueIntegration/${df.id}`, { type: 'dialogflow', name: 'Agente 2', projectName: 'agente-123' }),
    )
    expect(edited).toMatchObject({ name: 'Agente 2', jsonContentSet: true, jsonContent: '' })
    expect(t.app.kernel.vault.open((await t.db('queue_integrations').where({ id: df.id }).first()).jsonContent)).toBe(
      KEY,
    )
    // A queue and a connection hand customers to it; deleting it releases both in the same
    // transaction (calls down to their plugins), so both are free of it once the answer arrives.
    const queue = await ok(
      c('POST', '/api/queue', { name: 'Bots', color: '#0a0', greetingMessage: '', integrationId: n8n.id }),
    )
    const conn = await ok(c('POST', '/api/whatsapp', { name: 'Sim n8n', provider: 'simulator', integrationId: n8n.id }))
    expect((await t.db('queues').where({ id: queue.id }).first()).integrationId).toBe(n8n.id)
    expect((await t.db('whatsapps').where({ id: conn.id }).first()).integrationId).toBe(n8n.id)
    expect(await ok(c('DELETE', `/api/queueIntegration/${n8n.id}`))).toEqual({ message: 'Integration deleted' })
    expect((await t.db('queues').where({ id: queue.id }).first()).integrationId).toBeNull()
    expect((await t.db('whatsapps').where({ id: conn.id }).first()).integrationId).toBeNull()
    expect((await c('GET', `/api/queueIntegration/${n8n.id}`)).statusCode).toBe(404)
  })

  it.each([
    [{ type: 'n8n', name: 'a', urlN8N: 'http://127.0.0.1/x' }, 'name'],
    [{ type: 'n8n', name: 'x'.repeat(51), urlN8N: 'http://127.0.0.1/x' }, 'name'],
    [{ type: 'n8n', name: 'Sem url' }, 'urlN8N'],
    [{ type: 'webhook', name: 'Sem url', urlN8N: ' ' }, 'urlN8N'],
    [{ type: 'webhook', name: 'FTP', urlN8N: 'ftp://127.0.0.1/x' }, 'urlN8N'],
    [{ type: 'typebot', name: 'Sem slug', urlN8N: 'http://127.0.0.1:3000' }, 'typebotSlug'],
    [{ type: 'dialogflow', name: 'Sem chave', projectName: 'p' }, 'jsonContent'],
    [{ type: 'dialogflow', name: 'Chave ruim', projectName: 'p', jsonContent: '{"a":1}' }, 'jsonContent'],
    [{ type: 'dialogflow', name: 'Sem projeto', jsonContent: KEY }, 'projectName'],
    [{ type: 'flowbuilder', name: 'Sem fluxo' }, 'flowId'],
    [{ type: 'rasa', name: 'Outro' }, 'type'],
  ])('refuses %j naming %s', async (body, field) => {
    const { call: c } = await admin()
    const res = await c('POST', '/api/queueIntegration', body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().field).toBe(field)
  })

  it('refuses private, loopback and link-local URLs (SSRF), unless the host is allowed; link-local never', async () => {
    const { call: c } = await admin()
    for (const url of [
      'http://10.0.0.5/hook',
      'http://192.168.1.10/hook',
      'http://[::1]:8080/x',
      'http://127.0.0.2/x',
    ]) {
      const res = await c('POST', '/api/queueIntegration', { type: 'webhook', name: 'Interno', urlN8N: url })
      expect([res.statusCode, res.json().error, res.json().field], url).toEqual([
        400,
        'ERR_OUTBOUND_URL_REFUSED',
        'urlN8N',
      ])
    }
    // 169.254.169.254 is in OUTBOUND_ALLOWED_HOSTS here, and still refused: cloud metadata.
    const metadata = await c('POST', '/api/queueIntegration', {
      type: 'webhook',
      name: 'Metadados',
      urlN8N: 'http://169.254.169.254/latest',
    })
    expect(metadata.json().error).toBe('ERR_OUTBOUND_URL_REFUSED')
    await ok(c('POST', '/api/queueIntegration', { type: 'webhook', name: 'Permitido', urlN8N: 'http://127.0.0.1:9/x' }))
  })

  it('is for admins, one company never reaches another’s, and another company’s flow is refused', async () => {
    const a = await admin()
    const b = await admin()
    const mine = await ok(
      a.call('POST', '/api/queueIntegration', { type: 'webhook', name: 'Da A', urlN8N: 'http://127.0.0.1/a' }),
    )
    for (const [method, payload] of [
      ['GET'],
      ['PUT', { type: 'webhook', name: 'Roubada', urlN8N: 'http://127.0.0.1/b' }],
      ['DELETE'],
    ] as const)
      expect((await b.call(method, `/api/queueIntegration/${mine.id}`, payload)).statusCode, method).toBe(404)
    expect((await ok(b.call('GET', '/api/queueIntegration'))).queueIntegrations).toEqual([])
    const theirFlow = await ok(b.call('POST', '/api/flowbuilder', { name: 'Fluxo da B' }))
    const cross = await a.call('POST', '/api/queueIntegration', {
      type: 'flowbuilder',
      name: 'Alheio',
      flowId: theirFlow.id,
    })
    expect([cross.statusCode, cross.json().error, cross.json().field]).toEqual([400, 'ERR_NO_FLOW_FOUND', 'flowId'])
    const attendant = call((await userIn(t.app, a.companyId, 'user')).headers)
    expect((await attendant('GET', '/api/queueIntegration')).statusCode).toBe(403)
  })

  it('seals the Dialogflow key at rest, keeps it on an edit without one, and tests a key that cannot sign as invalid', async () => {
    const { call: c, companyId } = await admin()
    const saved = await ok(
      c('POST', '/api/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: KEY }),
    )
    const stored = async () =>
      (await t.db('queue_integrations').where({ companyId, id: saved.id }).first('jsonContent')).jsonContent
    expect(await stored()).toMatch(/^v1:/)
    expect(await stored()).not.toContain('bot@agent')
    await ok(
      c('PUT', `/api/queueIntegration/${saved.id}`, {
        type: 'dialogflow',
        name: 'Agente 2',
        projectName: 'p',
        jsonContent: '',
      }),
    )
    expect(t.app.kernel.vault.open(await stored())).toBe(KEY)
    const res = await c('POST', '/api/queueIntegration/testSession', {
      projectName: 'p',
      jsonContent: KEY,
      language: 'pt-BR',
    })
    expect([res.statusCode, res.json().error, res.json().field]).toEqual([
      400,
      'ERR_DIALOGFLOW_KEY_INVALID',
      'jsonContent',
    ])
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Sem integrações ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'useIntegrations', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers } = await companyWithUser(t.app, { planId: plan.id, profile: 'admin' })
    const res = await call(headers)('GET', '/api/queueIntegration')
    expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
  })
})
