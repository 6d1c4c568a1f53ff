import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { companyWithUser, hasPostgres, until, type Headers, type TestApp } from '@atende/kernel/testing'
import type { Schedule } from '../src/api.ts'
import { providerIdOf, type Dispatcher } from '../src/dispatch.ts'
import { JPEG, multipartBody, schedulesApp } from './support.ts'
import type { ServiceRef } from '@atende/sdk'

interface Outbox {
  id: string
  to: string
  body: string
  media?: { kind: string; fileName: string; mimetype: string }
}

/** The sender driven by its own clock (dispatcher.tick(at)), sending through the simulator's phone. */
describe('schedule dispatch', () => {
  let t: TestApp
  let engine: Dispatcher
  beforeAll(async () => {
    t = await schedulesApp()
    engine = t.app.kernel.services.get<ServiceRef<'schedules.dispatcher', Dispatcher>>('schedules.dispatcher')
  })
  afterAll(async () => {
    delete process.env.SCHEDULE_TICK_MS
    await t?.close()
  })

  let seq = 0
  /** A company with a connected simulator (its default) and a contact; schedules due at T (tomorrow, whole minute). */
  async function setup(opts: { connection?: boolean } = {}) {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headers as Headers, payload })
    const ok = async (p: ReturnType<typeof call>, status = 200) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(status)
      return res.json()
    }
    const w =
      opts.connection === false
        ? null
        : await ok(call('POST', '/api/whatsapp', { name: `Sim sched ${++seq}`, provider: 'simulator' }))
    if (w) await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    const contact = async (name: string, number: string) =>
      ok(call('POST', '/api/contacts', { name, number }), 201) as Promise<{ id: number; number: string }>
    const maria = await contact('Maria Souza', `55479${String(++seq).padStart(8, '1')}`)
    const T = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 24 * 3600_000)
    const schedule = (over: object = {}): Promise<Schedule> =>
      ok(
        call('POST', '/api/schedules', {
          body: 'Olá {{firstName}}, sua consulta é amanhã.',
          description: 'Consulta',
          contactId: maria.id,
          scheduleDate: new Date(T.getTime() + 3600_000).toISOString(),
          sendAt: T.toISOString(),
          ...over,
        }),
      )
    const outbox = async (whatsappId = w!.id): Promise<Outbox[]> =>
      (await ok(call('GET', `/api/simulator/${whatsappId}/outbox`))).messages
    const get = (id: number): Promise<Schedule> => ok(call('GET', `/api/schedules/${id}`))
    return { call, ok, w, maria, contact, T, schedule, outbox, get, companyId, headers: headers as Headers }
  }
  const at = (T: Date, seconds: number) => new Date(T.getTime() + seconds * 1000)

  it('sends when due, once, rendered with the contact’s variables, on a ticket nobody has to pick up', async () => {
    const s = await setup()
    const sc = await s.schedule({
      body: 'Olá {{firstName}} ({{name}}), {{greeting}}! Hoje é {{date}}. {{desconhecida}}fim',
    })
    expect(await engine.tick(at(s.T, -1))).toBe(0)
    expect((await s.get(sc.id)).status).toBe('PENDENTE')
    expect(await engine.tick(s.T)).toBe(1)
    const sent = await s.get(sc.id)
    expect(sent).toMatchObject({ status: 'ENVIADA', sentAt: s.T.toISOString(), error: null, whatsappId: s.w.id })
    await until(async () => (await s.outbox()).length === 1)
    const [m] = await s.outbox()
    expect(m.id).toBe(providerIdOf(sc.id, 0))
    expect(m.to).toContain(s.maria.number)
    const date = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(s.T)
    expect(m.body).toMatch(
      new RegExp(
        `^Olá Maria \\(Maria Souza\\), (Bom dia|Boa tarde|Boa noite)! Hoje é ${date.replace(/\//g, '\\/')}\\. fim$`,
      ),
    )
    expect(await engine.tick(at(s.T, 60))).toBe(0)
    // The message sits on the contact's ticket, which stays out of the attendants' queue.
    const messages = await t.db('messages').where({ companyId: s.companyId, fromMe: true })
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ ticketId: sent.ticketId, providerId: m.id })
    expect((await t.db('tickets').where({ id: sent.ticketId }).first()).status).toBe('closed')
    await until(async () => (await t.db('messages').where({ id: messages[0].id }).first()).sendStatus === 'sent')
    expect((await s.outbox()).length).toBe(1)
  })

  it('sends its image with it', async () => {
    const s = await setup()
    const sc = await s.schedule()
    const b = multipartBody('cartaz.jpeg', 'image/jpeg', JPEG)
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/schedules/${sc.id}/media-upload`,
      headers: { ...s.headers, ...b.headers },
      payload: b.payload,
    })
    expect(up.statusCode, up.body).toBe(200)
    expect(await engine.tick(s.T)).toBe(1)
    await until(async () => (await s.outbox()).length === 1)
    const [m] = await s.outbox()
    expect(m.body).toBe('Olá Maria, sua consulta é amanhã.')
    expect(m.media).toMatchObject({ kind: 'image', mimetype: 'image/jpeg' })
    expect(m.media!.fileName).toMatch(/cartaz\.jpg$/)
  })

  it('a number the network refuses turns the schedule ERRO with the reason', async () => {
    const s = await setup()
    const nobody = await s.contact('Ninguém', '5547990000000')
    const sc = await s.schedule({ contactId: nobody.id })
    expect(await engine.tick(s.T)).toBe(1)
    await until(async () => (await s.get(sc.id)).status === 'ERRO')
    const failed = await s.get(sc.id)
    expect(failed.error).toContain('not on WhatsApp')
    expect(failed.sentAt).toBeNull()
    expect(await s.outbox()).toEqual([])
  })

  it('without a connection it is ERRO saying so; the contact’s own connection goes first', async () => {
    const none = await setup({ connection: false })
    const orphan = await none.schedule()
    expect(await engine.tick(none.T)).toBe(0)
    expect(await none.get(orphan.id)).toMatchObject({ status: 'ERRO' })
    expect((await none.get(orphan.id)).error).toContain('no connection')
    const s = await setup()
    const second = await s.ok(s.call('POST', '/api/whatsapp', { name: `Sim other ${++seq}`, provider: 'simulator' }))
    await s.ok(s.call('POST', `/api/simulator/${second.id}/scan`, {}))
    await t.db('contacts').where({ id: s.maria.id }).update({ whatsappId: second.id })
    const sc = await s.schedule()
    expect(await engine.tick(s.T)).toBe(1)
    expect((await s.get(sc.id)).whatsappId).toBe(second.id)
    await until(async () => (await s.outbox(second.id)).length === 1)
    expect(await s.outbox(s.w.id)).toEqual([])
  })

  it('past the lateness limit (24 h) it is ERRO expired, not sent; later than that it still goes', async () => {
    const s = await setup()
    const stale = await s.schedule({ sendAt: at(s.T, -24 * 3600 - 60).toISOString() })
    const late = await s.schedule({ sendAt: at(s.T, -23 * 3600).toISOString() })
    expect(await engine.tick(s.T)).toBe(1)
    expect(await s.get(stale.id)).toMatchObject({ status: 'ERRO', error: 'expired', sentAt: null })
    expect((await s.get(late.id)).status).toBe('ENVIADA')
    await until(async () => (await s.outbox()).length === 1)
  })

  it('two ticks at once send each schedule once', async () => {
    const s = await setup()
    const all = []
    for (let i = 0; i < 30; i++) all.push(await s.schedule({ body: `Mensagem número ${i}` }))
    const [a, b] = await Promise.all([engine.tick(s.T), engine.tick(s.T)])
    expect(a + b).toBe(30)
    await until(async () => (await s.outbox()).length === 30)
    const box = await s.outbox()
    expect(new Set(box.map((m) => m.body)).size).toBe(30)
    expect(new Set(box.map((m) => m.id))).toEqual(new Set(all.map((x) => providerIdOf(x.id, 0))))
    expect(await engine.tick(at(s.T, 60))).toBe(0)
  })

  it('a thousand due in the same minute (Postgres; 200 embedded) are each stored once and go out at the connection’s pace', async () => {
    const s = await setup()
    const n = hasPostgres ? 1000 : 200
    const numbers = Array.from({ length: n }, (_, i) => `55479${String(5_000_001 + i).padStart(8, '0')}`)
    const people: { id: number }[] = await t
      .db('contacts')
      .insert(numbers.map((number, i) => ({ companyId: s.companyId, name: `Cliente ${i}`, number })))
      .returning('id')
    await t.db('schedules').insert(
      people.map((p, i) => ({
        companyId: s.companyId,
        contactId: p.id,
        body: `Aviso ${i}`,
        description: 'Em massa',
        scheduleDate: s.T,
        sendAt: at(s.T, -(i % 60)),
      })),
    )
    const started = Date.now()
    let stored = 0
    for (let round = 0; round < 10 && stored < n; round++) stored += await engine.tick(s.T)
    expect(stored).toBe(n)
    const messages = () => t.db('messages').where({ companyId: s.companyId, whatsappId: s.w.id, fromMe: true })
    const rows = await messages()
    expect(rows).toHaveLength(n)
    expect(new Set(rows.map((r) => r.providerId)).size).toBe(n)
    expect(new Set(rows.map((r) => r.contactId)).size).toBe(n)
    // The connection's rate limit (SEND_RATE_PER_SECOND 10, SEND_BURST 20) paces what leaves.
    const seconds = (Date.now() - started) / 1000
    const sent = (await messages().whereNot({ sendStatus: 'pending' })).length
    expect(sent).toBeLessThanOrEqual(20 + Math.ceil(10 * (seconds + 1)))
    expect(await engine.tick(s.T)).toBe(0)
  }, 180_000)

  it('a sent schedule moved to a new date goes out again at it, as a new message', async () => {
    const s = await setup()
    const sc = await s.schedule()
    expect(await engine.tick(s.T)).toBe(1)
    await until(async () => (await s.outbox()).length === 1)
    const later = at(s.T, 3600)
    const moved = await s.ok(s.call('PUT', `/api/schedules/${sc.id}`, { sendAt: later.toISOString() }))
    expect(moved).toMatchObject({ status: 'PENDENTE', sentAt: null })
    expect(await engine.tick(at(s.T, 60))).toBe(0)
    expect(await engine.tick(later)).toBe(1)
    await until(async () => (await s.outbox()).length === 2)
    expect((await s.outbox()).map((m) => m.id)).toEqual([providerIdOf(sc.id, 0), providerIdOf(sc.id, 1)])
  })
})
