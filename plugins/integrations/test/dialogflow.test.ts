import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createHash } from 'node:crypto'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import flowsPlugin from '@atende/plugin-flows'
import plugin from '../src/index.ts'
import { plainJson } from '../src/dialogflow.ts'
import { fakeDialogflow, said, serviceAccount } from './fakes/dialogflow.ts'

const ENV = [
  'OUTBOUND_ALLOWED_HOSTS',
  'DIALOGFLOW_BASE_URL',
  'DIALOGFLOW_TOKEN_URL',
  'DIALOGFLOW_TIMEOUT_MS',
  'DIALOGFLOW_RETRY_MS',
]

describe('Dialogflow ES integrations against a local Google', () => {
  let t: TestApp
  const fake = fakeDialogflow()
  const account = serviceAccount()
  beforeAll(async () => {
    const url = await fake.start()
    process.env.SIMULATOR_ACK_MS = '0'
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'
    process.env.DIALOGFLOW_BASE_URL = url
    process.env.DIALOGFLOW_TOKEN_URL = `${url}/token`
    process.env.DIALOGFLOW_TIMEOUT_MS = '300'
    process.env.DIALOGFLOW_RETRY_MS = '0'
    fake.allow(account, 'agente')
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, flowsPlugin, plugin],
    })
  })
  afterAll(async () => {
    for (const k of ENV) delete process.env[k]
    await t?.close()
    await fake.close()
  })

  async function admin() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers: headers as Headers, payload })
    return { companyId, call }
  }

  describe('POST /api/queueIntegration/testSession', () => {
    it('gets a token with a signed JWT and says "Olá" to the agent', async () => {
      const { call } = await admin()
      fake.answer(() => said(['Olá! Como posso ajudar?']))
      const before = fake.detects.length
      const res = await call('POST', '/api/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: account.json,
        language: 'pt-BR',
      })
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'The agent answered: Olá! Como posso ajudar?' }])
      expect(fake.tokenCalls.at(-1)).toMatchObject({ verified: true, claims: { iss: account.email } })
      expect(fake.detects.slice(before)).toHaveLength(1)
      expect(fake.detects.at(-1)!.body).toEqual({ queryInput: { text: { text: 'Olá', languageCode: 'pt-BR' } } })
    })

    it('an empty key with the id of an integration tests the key stored for it', async () => {
      const { call } = await admin()
      fake.answer(() => said(['Oi!']))
      const saved = (
        await call('POST', '/api/queueIntegration', {
          type: 'dialogflow',
          name: 'Guardada',
          projectName: 'agente',
          jsonContent: account.json,
        })
      ).json()
      const res = await call('POST', '/api/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: '',
        language: 'pt-BR',
        id: saved.id,
      })
      expect([res.statusCode, res.json().message]).toEqual([200, 'The agent answered: Oi!'])
      const other = await admin()
      const theirs = await other.call('POST', '/api/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: '',
        language: 'pt-BR',
        id: saved.id,
      })
      expect([theirs.statusCode, theirs.json().error]).toEqual([404, 'ERR_NO_INTEGRATION_FOUND'])
      const none = await call('POST', '/api/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: '',
        language: 'pt-BR',
      })
      expect([none.statusCode, none.json().field]).toEqual([400, 'jsonContent'])
    })

    it.each([
      [
        'a key of an account Google does not know',
        () => serviceAccount('intruso@x.iam.gserviceaccount.com').json,
        'agente',
        'ERR_DIALOGFLOW_UNAUTHORIZED',
        'jsonContent',
      ],
      ['a key that is not JSON', () => '{nope', 'agente', 'ERR_DIALOGFLOW_KEY_INVALID', 'jsonContent'],
      ['a project with no agent', () => account.json, 'outro', 'ERR_DIALOGFLOW_PROJECT_NOT_FOUND', 'projectName'],
    ])('%s: 400 with the reason', async (_, key, project, code, field) => {
      const { call } = await admin()
      const res = await call('POST', '/api/queueIntegration/testSession', {
        projectName: project,
        jsonContent: key(),
        language: 'pt-BR',
      })
      expect([res.statusCode, res.json().error, res.json().field]).toEqual([400, code, field])
      expect(res.json().message).toBeTruthy()
      expect(res.body).not.toContain('PRIVATE KEY')
    })

    it('an agent that does not answer in time: ERR_DIALOGFLOW_TIMEOUT', async () => {
      const { call } = await admin()
      fake.answer(() => ({ hang: true }))
      const res = await call('POST', '/api/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: account.json,
        language: 'en',
      })
      expect([res.statusCode, res.json().error]).toEqual([400, 'ERR_DIALOGFLOW_TIMEOUT'])
    })
  })

  let seq = 0
  async function conversation() {
    const { companyId, call } = await admin()
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const integration = await ok(
      call('POST', '/api/queueIntegration', {
        type: 'dialogflow',
        name: 'Agente',
        projectName: 'agente',
        jsonContent: account.json,
        language: 'pt-BR',
      }),
    )
    const w = await ok(
      call('POST', '/api/whatsapp', { name: `Df ${++seq}`, provider: 'simulator', integrationId: integration.id }),
    )
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    const from = `55479${String(70_000_001 + seq)}`
    const outbox = async (): Promise<string[]> =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages.map((m: { body: string }) => m.body)
    const say = async (payload: object) =>
      (await ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', ...payload }))).message
    const ticket = async (id: number) => t.db('tickets').where({ id }).first()
    return { companyId, integration, outbox, say, ticket }
  }

  it('answers each message in the contact’s session, voice notes as audio, until the agent ends the conversation', async () => {
    const c = await conversation()
    fake.answer(({ body }) =>
      body.queryInput.text?.text === 'tchau'
        ? said(['Até mais!'], 'struct')
        : body.inputAudio
          ? said(['Ouvi seu áudio.'])
          : said(['Olá!', 'Em que posso ajudar?']),
    )
    const before = fake.detects.length
    const tokens = fake.tokenCalls.length
    const first = await c.say({ body: 'oi' })
    await until(async () => (await c.outbox()).length === 2)
    expect(await c.outbox()).toEqual(['Olá!', 'Em que posso ajudar?'])

    const ogg = Buffer.from('OggS fake opus')
    await c.say({ body: '', mediaType: 'audio', mediaUrl: `data:audio/ogg;base64,${ogg.toString('base64')}` })
    await until(async () => (await c.outbox()).length === 3)
    expect((await c.outbox())[2]).toBe('Ouvi seu áudio.')

    await c.say({ body: 'tchau' })
    await until(async () => (await c.ticket(first.ticketId)).useIntegration === false)
    await until(async () => (await c.outbox()).length === 4)
    expect((await c.outbox())[3]).toBe('Até mais!')

    const calls = fake.detects.slice(before)
    const session = createHash('sha1')
      .update(`${c.companyId}:${c.integration.id}:${(await c.ticket(first.ticketId)).contactId}`)
      .digest('hex')
      .slice(0, 32)
    expect(calls.map((x) => x.session)).toEqual([session, session, session])
    expect(calls[1].body).toEqual({
      queryInput: {
        audioConfig: { audioEncoding: 'AUDIO_ENCODING_OGG_OPUS', sampleRateHertz: 16000, languageCode: 'pt-BR' },
      },
      inputAudio: ogg.toString('base64'),
    })
    // The token was cached: the key signed in no more than once for the three turns.
    expect(fake.tokenCalls.length - tokens).toBeLessThanOrEqual(1)
    expect(await c.ticket(first.ticketId)).toMatchObject({ status: 'pending', userId: null })
  })

  it('an agent that fails hands the ticket over with a note', async () => {
    const c = await conversation()
    fake.answer(() => ({ status: 500, json: { error: { code: 500 } } }))
    const first = await c.say({ body: 'oi' })
    await until(async () => (await c.ticket(first.ticketId)).useIntegration === false)
    const notes = await t.db('ticket_notes').where({ ticketId: first.ticketId })
    expect(notes.map((n) => n.note)).toEqual([
      'A integração "Agente" falhou (detectIntent: answered HTTP 500); o atendimento segue com a equipe.',
    ])
    expect(await c.outbox()).toEqual([])
  })

  it('reads protobuf Structs and plain JSON alike', () => {
    expect(plainJson({ fields: { end_conversation: { boolValue: true }, n: { numberValue: 2 } } })).toEqual({
      end_conversation: true,
      n: 2,
    })
    expect(plainJson({ end_conversation: true })).toEqual({ end_conversation: true })
    expect(
      plainJson({
        fields: { l: { listValue: { values: [{ stringValue: 'a' }] } }, s: { structValue: { fields: {} } } },
      }),
    ).toEqual({ l: ['a'], s: {} })
  })
})
