import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type Server } from 'node:http'
import { generateKeyPairSync } from 'node:crypto'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'

/**
 * Every feature that makes a request to an address a tenant typed, driven at a loopback listener in
 * every spelling of a loopback or metadata address — with 127.0.0.1 itself allowed, as a
 * deployment with a self-hosted engine allows it. Each is refused with a 400 naming its field (or,
 * for a URL stored before, fails and hands the ticket to people), and the listener hears nothing.
 */
describe('outbound requests: every feature, every address form', () => {
  let t: TestApp
  let server: Server
  let port = 0
  const hits: string[] = []
  const ENV = ['OUTBOUND_ALLOWED_HOSTS', 'WEBHOOK_RETRY_MS', 'WEBHOOK_TIMEOUT_MS', 'DIALOGFLOW_RETRY_MS']

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`)
      res.writeHead(200, { 'content-type': 'image/png' }).end('x')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as { port: number }).port
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'
    process.env.WEBHOOK_RETRY_MS = '0'
    process.env.WEBHOOK_TIMEOUT_MS = '2000'
    process.env.DIALOGFLOW_RETRY_MS = '0'
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp()
  })
  afterAll(async () => {
    for (const k of ENV) delete process.env[k]
    await t?.close()
    await new Promise((r) => server.close(r))
  })

  const forms = () => [
    `[::ffff:127.0.0.1]:${port}`,
    `[0:0:0:0:0:ffff:127.0.0.1]:${port}`,
    `[::ffff:0:127.0.0.1]:${port}`,
    `[::ffff:7f00:1]:${port}`,
    `[::127.0.0.1]:${port}`,
    `[64:ff9b::7f00:1]:${port}`,
    `[::1]:${port}`,
    `localhost:${port}`,
    `169.254.169.254`,
    `[::ffff:a9fe:a9fe]`,
  ]

  async function admin() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headers as Headers, payload })
    return { headers, companyId, call }
  }
  const refusedAs = (error: string, field: string) => ({ statusCode: 400, error, field })

  it('webhook, n8n and Typebot URLs are refused when saved', async () => {
    const { call } = await admin()
    for (const host of forms())
      for (const type of ['webhook', 'n8n', 'typebot'] as const) {
        const res = await call('POST', '/api/queueIntegration', {
          type,
          name: 'Bot',
          urlN8N: `http://${host}/hook`,
          typebotSlug: 'bot',
        })
        expect(res.json(), `${type} ${host}`).toMatchObject(refusedAs('ERR_OUTBOUND_URL_REFUSED', 'urlN8N'))
      }
    expect(hits).toEqual([])
  })

  it('a Dialogflow key naming such a token_uri is not called by testSession', async () => {
    const { call } = await admin()
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    })
    const answers = new Set<string>()
    for (const host of forms()) {
      const key = { type: 'service_account', client_email: 'a@b.iam', private_key: privateKey }
      const res = await call('POST', '/api/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: JSON.stringify({ ...key, token_uri: `http://${host}/token` }),
        language: 'pt-BR',
      })
      expect(res.statusCode, host).toBe(400)
      expect(res.json().message, host).toMatch(/address refused/)
      answers.add(res.json().message)
    }
    // One answer for every form: the error text tells nothing about the ports behind them.
    expect(answers.size).toBe(1)
    expect(hits).toEqual([])
  })

  it("media by URL is refused in a message and in the simulator's inbound", async () => {
    const { call, companyId } = await admin()
    const w = (await call('POST', '/api/whatsapp', { name: 'Sim walk', provider: 'simulator' })).json()
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).statusCode).toBe(200)
    const first = await call('POST', `/api/simulator/${w.id}/inbound`, {
      from: '5547981110000',
      name: 'Ana',
      body: 'oi',
    })
    const ticketId = first.json().message.ticketId as number
    for (const host of forms()) {
      const url = `http://${host}/pic.png`
      const sent = await call('POST', `/api/messages/${ticketId}`, { body: 'x', mediaUrl: url })
      expect(sent.json(), `message ${host}`).toMatchObject(refusedAs('ERR_MEDIA_URL_UNREACHABLE', 'mediaUrl'))
      const inbound = await call('POST', `/api/simulator/${w.id}/inbound`, {
        from: '5547981110000',
        mediaUrl: url,
        mediaType: 'image',
      })
      expect(inbound.json(), `simulator ${host}`).toMatchObject(refusedAs('ERR_MEDIA_URL_UNREACHABLE', 'mediaUrl'))
    }
    expect(await t.db('messages').where({ companyId, ticketId }).count({ n: '*' }).first()).toMatchObject({ n: 1 })
    expect(hits).toEqual([])
  })

  it('a webhook URL stored before is judged again when called: the ticket goes to people', async () => {
    const { call } = await admin()
    const made = await call('POST', '/api/queueIntegration', {
      type: 'webhook',
      name: 'Antigo',
      urlN8N: `http://127.0.0.1:${port}/hook`,
    })
    expect(made.statusCode, made.body).toBe(200)
    const integration = made.json()
    // As if saved by a version without this rule.
    await t
      .db('queue_integrations')
      .where({ id: integration.id })
      .update({ urlN8N: `http://[::ffff:7f00:1]:${port}/hook` })
    const w = (
      await call('POST', '/api/whatsapp', { name: 'Sim hook', provider: 'simulator', integrationId: integration.id })
    ).json()
    await call('POST', `/api/simulator/${w.id}/scan`, {})
    const said = await call('POST', `/api/simulator/${w.id}/inbound`, {
      from: '5547981112222',
      name: 'Bia',
      body: 'oi',
    })
    const ticketId = said.json().message.ticketId as number
    await until(async () => (await t.db('tickets').where({ id: ticketId }).first()).useIntegration === false, 10_000)
    const notes = await t.db('ticket_notes').where({ ticketId })
    expect(notes[0].note).toMatch(/A integração "Antigo" falhou .*refused/)
    expect(hits).toEqual([])
  })
})
