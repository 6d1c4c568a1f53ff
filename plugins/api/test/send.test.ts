import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { until, type TestApp } from '@atende/kernel/testing'
import { apiApp, company, multipart, PNG } from './support.ts'

interface Outbox {
  id: string
  to: string
  body: string
  media?: { kind: string; fileName: string; mimetype: string }
}

/** POST /api/messages/send end to end: the simulator's phone is what receives. */
describe('messages API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await apiApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  let seq = 0
  /** A company with a connected simulator (its default) and a company token. */
  async function setup() {
    const c = await company(t)
    const connection = async (over: object = {}) => {
      const w = await c.ok(
        c.call('POST', '/api/whatsapp', { name: `Sim api ${++seq}`, provider: 'simulator', ...over }),
      )
      await c.ok(c.call('POST', `/api/simulator/${w.id}/scan`, {}))
      return w as { id: number }
    }
    const w = await connection()
    const { token } = await c.token('ERP')
    const outbox = async (whatsappId = w.id): Promise<Outbox[]> =>
      (await c.ok(c.call('GET', `/api/simulator/${whatsappId}/outbox`))).messages
    const send = (payload: object, headers: Record<string, string> = {}, bearer = token) =>
      c.as(bearer, 'POST', '/api/messages/send', payload, headers)
    const number = () => `5547988${String(++seq).padStart(6, '0')}`
    return { ...c, w, token, outbox, send, connection, number }
  }
  let s: Awaited<ReturnType<typeof setup>>
  beforeAll(async () => {
    s = await setup()
  })

  it('sends to a number written any way: contact and ticket made, the phone receives it once', async () => {
    const res = await s.send({ number: '+55 (47) 98877-0001', body: 'Seu pedido saiu para entrega' })
    expect(res.statusCode, res.body).toBe(200)
    const out = res.json()
    expect(out.message).toBe('Message queued')
    expect(out.messages).toHaveLength(1)
    const contact = await t.db('contacts').where({ id: out.messages[0].contactId }).first()
    expect(contact).toMatchObject({ companyId: s.companyId, number: '5547988770001' })
    const ticket = await t.db('tickets').where({ id: out.messages[0].ticketId }).first()
    expect(ticket).toMatchObject({ companyId: s.companyId, contactId: contact.id, whatsappId: s.w.id })
    await until(async () => (await s.outbox()).some((m) => m.to.includes('5547988770001')))
    const sent = (await s.outbox()).filter((m) => m.to.includes('5547988770001'))
    expect(sent.map((m) => m.body)).toEqual(['Seu pedido saiu para entrega'])
    // A second message to the same number reuses the contact and ticket.
    const again = (await s.ok(s.send({ number: '47988770001', body: 'Chegou!' }))).messages[0]
    expect(again).toMatchObject({ contactId: contact.id, ticketId: ticket.id })
  })

  it('an Idempotency-Key makes a retried request send once and answer the same', async () => {
    const number = s.number()
    const key = { 'idempotency-key': `order-${number}` }
    const first = await s.send({ number, body: 'Pagamento aprovado' }, key)
    expect(first.statusCode, first.body).toBe(200)
    const retry = await s.send({ number, body: 'Pagamento aprovado' }, key)
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual(first.json())
    // Another company may use the same key.
    const other = await setup()
    expect((await other.send({ number, body: 'x' }, key)).json().messages[0].id).not.toBe(first.json().messages[0].id)
    await until(async () => (await s.outbox()).some((m) => m.to.includes(number)))
    // A later, unkeyed message marks the point by which the phone has certainly seen everything before it.
    await s.ok(s.send({ number, body: 'fim' }))
    await until(async () => (await s.outbox()).some((m) => m.to.includes(number) && m.body === 'fim'))
    const got = (await s.outbox()).filter((m) => m.to.includes(number))
    expect(got.map((m) => m.body)).toEqual(['Pagamento aprovado', 'fim'])
    expect(await t.db('messages').where({ companyId: s.companyId, body: 'Pagamento aprovado' })).toHaveLength(1)
  })

  it('a key is kept 24 h: after that the same key sends again', async () => {
    const number = s.number()
    const key = { 'idempotency-key': `daily-${number}` }
    const first = (await s.ok(s.send({ number, body: 'Lembrete' }, key))).messages[0].id
    expect((await s.ok(s.send({ number, body: 'Lembrete' }, key))).messages[0].id).toBe(first)
    await t
      .db('api_idempotency_keys')
      .where({ companyId: s.companyId, key: key['idempotency-key'] })
      .update({ createdAt: new Date(Date.now() - 25 * 3600_000) })
    const second = (await s.ok(s.send({ number, body: 'Lembrete' }, key))).messages[0].id
    expect(second).not.toBe(first)
    expect(await t.db('messages').where({ companyId: s.companyId, body: 'Lembrete' })).toHaveLength(2)
  })

  it('concurrent duplicates with one key send once', async () => {
    const number = s.number()
    const key = { 'idempotency-key': `burst-${number}` }
    const answers = await Promise.all([1, 2, 3].map(() => s.send({ number, body: 'Uma vez só' }, key)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200])
    const ids = new Set(answers.map((r) => r.json().messages[0].id))
    expect(ids.size).toBe(1)
    await s.ok(s.send({ number, body: 'fim' }))
    await until(async () => (await s.outbox()).some((m) => m.to.includes(number) && m.body === 'fim'))
    expect((await s.outbox()).filter((m) => m.to.includes(number)).map((m) => m.body)).toEqual(['Uma vez só', 'fim'])
  })

  it("a connection's own token sends through that connection", async () => {
    const secret = `conn-secret-${Date.now()}`
    const second = await s.connection({ token: secret })
    const number = s.number()
    const res = await s.send({ number, body: 'Pela conexão 2' }, {}, secret)
    expect(res.statusCode, res.body).toBe(200)
    const ticket = await t.db('tickets').where({ id: res.json().messages[0].ticketId }).first()
    expect(ticket.whatsappId).toBe(second.id)
    await until(async () => (await s.outbox(second.id)).some((m) => m.to.includes(number)))
    expect((await s.outbox()).some((m) => m.to.includes(number))).toBe(false)
    // A connection token is not a company token: the contacts API refuses it.
    const contacts = await s.as(secret, 'GET', `/api/v1/companies/${s.companyId}/contacts`)
    expect([contacts.statusCode, contacts.json().error]).toEqual([401, 'ERR_API_TOKEN_INVALID'])
  })

  it('multipart: number, body and a file under medias', async () => {
    const number = s.number()
    const b = multipart({ number, body: 'Segue o boleto' }, [{ name: 'boleto.png', type: 'image/png', data: PNG }])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${s.token}`, ...b.headers },
      payload: b.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    await until(async () => (await s.outbox()).some((m) => m.to.includes(number)))
    const [m] = (await s.outbox()).filter((x) => x.to.includes(number))
    expect(m.body).toBe('Segue o boleto')
    expect(m.media).toMatchObject({ kind: 'image', mimetype: 'image/png' })
    // A multipart without number is refused naming it.
    const bad = multipart({ body: 'x' }, [])
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${s.token}`, ...bad.headers },
      payload: bad.payload,
    })
    expect([refused.statusCode, refused.json().field]).toEqual([400, 'number'])
  })

  it('refuses bad input naming the field, and sends nothing', async () => {
    const before = await t.db('messages').where({ companyId: s.companyId }).count({ n: '*' }).first()
    for (const [payload, field, code] of [
      [{ number: '123', body: 'x' }, 'number', 'ERR_INVALID_NUMBER'],
      [{ number: s.number(), body: '   ' }, 'body', 'ERR_VALIDATION'],
      [{ body: 'x' }, 'number', undefined],
      [{ number: s.number() }, 'body', undefined],
      [{ number: s.number(), body: 'x'.repeat(5000) }, 'body', undefined],
    ] as const) {
      const res = await s.send(payload)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().field).toBe(field)
      if (code) expect(res.json().error).toBe(code)
    }
    const long = await s.send({ number: s.number(), body: 'x' }, { 'idempotency-key': 'k'.repeat(300) })
    expect(long.statusCode).toBe(400)
    const after = await t.db('messages').where({ companyId: s.companyId }).count({ n: '*' }).first()
    expect(Number(after!.n)).toBe(Number(before!.n))
  })

  it('without a default connection, or with it disconnected, says so', async () => {
    const c = await company(t)
    const { token } = await c.token()
    const none = await c.as(token, 'POST', '/api/messages/send', { number: '5547988000001', body: 'x' })
    expect([none.statusCode, none.json().error]).toEqual([400, 'ERR_NO_DEF_WAPP_FOUND'])
    await c.ok(c.call('POST', '/api/whatsapp', { name: `Off ${++seq}`, provider: 'simulator' }))
    const off = await c.as(token, 'POST', '/api/messages/send', { number: '5547988000001', body: 'x' })
    expect([off.statusCode, off.json().error]).toEqual([400, 'ERR_WAPP_NOT_INITIALIZED'])
  })
})
