import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, until, userIn, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import plugin from '../src/index.ts'

const PROMPT = 'Você é a assistente da Loja Azul. Responda com gentileza e em poucas frases.'

describe('prompts API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, plugin],
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const caller = (h: Headers) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h, payload })
  const ok = async (p: Promise<{ statusCode: number; body: string; json(): any }>) => {
    const res = await p
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  async function admin() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = caller(headers)
    const queue = await ok(call('POST', '/api/queue', { name: 'Suporte', color: '#00f', greetingMessage: '' }))
    return { headers, companyId, call, queue }
  }
  const body = (queueId: number, extra: object = {}) => ({
    name: 'Assistente',
    prompt: PROMPT,
    apiKey: 'sk-test-0123456789abcd',
    queueId,
    ...extra,
  })

  it('creates with the spec defaults, keeps the key sealed and never answers it back', async () => {
    const { call, companyId, queue } = await admin()
    const p = await ok(call('POST', '/api/prompt', body(queue.id)))
    expect(p).toMatchObject({
      companyId,
      name: 'Assistente',
      model: 'gpt-3.5-turbo-1106',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      apiKey: '',
      apiKeySet: true,
      apiKeyMask: 'sk-…abcd',
      queueId: queue.id,
      queue: { id: queue.id, name: 'Suporte' },
      voiceKeySet: false,
    })
    const row = await t.db('prompts').where({ id: p.id }).first()
    expect(row.apiKey).toMatch(/^v1:/)
    expect(row.apiKey).not.toContain('sk-test')
    expect(t.app.kernel.vault.open(row.apiKey)).toBe('sk-test-0123456789abcd')
    const list = await ok(call('GET', '/api/prompt'))
    expect(list.prompts.map((x: { id: number }) => x.id)).toEqual([p.id])
    expect(JSON.stringify(list)).not.toContain('sk-test')
  })

  it('edits: an empty key keeps the stored one; temperature stays a fraction', async () => {
    const { call, queue } = await admin()
    const p = await ok(call('POST', '/api/prompt', body(queue.id)))
    const edited = await ok(
      call(
        'PUT',
        `/api/prompt/${p.id}`,
        body(queue.id, { apiKey: '', name: 'Assistente 2', temperature: 0.7, model: 'gpt-4o-mini' }),
      ),
    )
    expect(edited).toMatchObject({
      name: 'Assistente 2',
      temperature: 0.7,
      model: 'gpt-4o-mini',
      apiKeyMask: 'sk-…abcd',
    })
    const row = await t.db('prompts').where({ id: p.id }).first()
    expect(t.app.kernel.vault.open(row.apiKey)).toBe('sk-test-0123456789abcd')
    expect(Number(row.temperature)).toBe(0.7)
    const rekeyed = await ok(call('PUT', `/api/prompt/${p.id}`, body(queue.id, { apiKey: 'sk-new-key-99998888' })))
    expect(rekeyed.apiKeyMask).toBe('sk-…8888')
  })

  it.each([
    ['name', { name: 'Ana' }],
    ['name', { name: '   Ana    ' }],
    ['prompt', { prompt: 'Curto demais.' }],
    ['temperature', { temperature: 0.75 }],
    ['temperature', { temperature: 1.5 }],
    ['model', { model: 'gpt-2' }],
    ['maxTokens', { maxTokens: 0 }],
    ['maxMessages', { maxMessages: 51 }],
    ['apiKey', { apiKey: '' }],
    ['voiceKey', { voice: 'pt-BR-FranciscaNeural', voiceRegion: 'brazilsouth' }],
    ['voiceRegion', { voice: 'pt-BR-FranciscaNeural', voiceKey: 'k', voiceRegion: 'evil.example.com/x' }],
    ['voice', { voice: 'pt-BR-Robot' }],
  ])('refuses a bad %s with a 400 naming it', async (field, extra) => {
    const { call, queue } = await admin()
    const res = await call('POST', '/api/prompt', body(queue.id, extra))
    expect(res.statusCode, res.body).toBe(400)
    expect(JSON.stringify(res.json())).toContain(field)
  })

  it("refuses another company's queue, and hides other companies' prompts", async () => {
    const a = await admin()
    const b = await admin()
    const res = await a.call('POST', '/api/prompt', body(b.queue.id))
    expect([res.statusCode, res.json().field]).toEqual([400, 'queueId'])
    const p = await ok(b.call('POST', '/api/prompt', body(b.queue.id)))
    for (const [m, payload] of [['GET'], ['PUT', body(a.queue.id)], ['DELETE']] as const) {
      const r = await a.call(m, `/api/prompt/${p.id}`, payload)
      expect([r.statusCode, r.json().error]).toEqual([404, 'ERR_NO_PROMPT_FOUND'])
    }
  })

  it('deletes with a message; the queues and connections naming it let go of it, and may name it no more', async () => {
    const { call, queue } = await admin()
    const p = await ok(call('POST', '/api/prompt', body(queue.id)))
    await ok(
      call('PUT', `/api/queue/${queue.id}`, { name: 'Suporte', color: '#00f', greetingMessage: '', promptId: p.id }),
    )
    const w = await ok(call('POST', '/api/whatsapp', { name: 'Sim prompt', provider: 'simulator', promptId: p.id }))
    expect(await ok(call('DELETE', `/api/prompt/${p.id}`))).toEqual({ message: 'Prompt deleted' })
    await until(async () => (await t.db('queues').where({ id: queue.id }).first()).promptId === null)
    await until(async () => (await t.db('whatsapps').where({ id: w.id }).first()).promptId === null)
    await ok(call('PUT', `/api/queue/${queue.id}`, { name: 'Suporte 2', color: '#00f', greetingMessage: '' }))
    const res = await call('PUT', `/api/queue/${queue.id}`, {
      name: 'Suporte',
      color: '#00f',
      greetingMessage: '',
      promptId: p.id,
    })
    expect([res.statusCode, res.json().field]).toEqual([400, 'promptId'])
  })

  it('is for admins, and switched off by the plan', async () => {
    const { companyId } = await admin()
    const user = await userIn(t.app, companyId, 'user')
    expect((await caller(user.headers)('GET', '/api/prompt')).statusCode).toBe(403)
    const [plan] = await t
      .db('plans')
      .insert({ name: `Sem OpenAI ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'useOpenAi', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers } = await companyWithUser(t.app, { planId: plan.id, profile: 'admin' })
    const res = await caller(headers)('GET', '/api/prompt')
    expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED'])
  })
})
