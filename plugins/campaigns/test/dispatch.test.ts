import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import tagsPlugin from '@atende/plugin-tags'
import filesPlugin from '@atende/plugin-files'
import { PDF, PNG, multipart } from '../../files/test/support.ts'
import plugin from '../src/index.ts'
import type { CampaignEngine as Dispatcher } from '../src/campaigns/index.ts'
import type { ServiceRef } from '@atende/sdk'

/** The engine driven by its own clock (dispatcher.tick(at)), sending through the simulator's phone. */
describe('campaign dispatch', () => {
  let t: TestApp
  let engine: Dispatcher
  beforeAll(async () => {
    process.env.CAMPAIGN_TICK_MS = '0'
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({
      plugins: [
        usersPlugin,
        contactsPlugin,
        ticketsPlugin,
        connectionsPlugin,
        queuesPlugin,
        tagsPlugin,
        filesPlugin,
        plugin,
      ],
    })
    engine = t.app.kernel.services.get<ServiceRef<'campaigns.dispatcher', Dispatcher>>('campaigns.dispatcher')
  })
  afterAll(async () => {
    delete process.env.CAMPAIGN_TICK_MS
    await t?.close()
  })

  let seq = 0
  /** A company, a connected simulator, a list of `n` numbers and a campaign due at T (tomorrow). */
  async function setup(n: number, settings: object = {}) {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headers as Headers, payload })
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const w = await ok(call('POST', '/api/whatsapp', { name: `Sim camp ${++seq}`, provider: 'simulator' }))
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    await ok(
      call('POST', '/api/campaign-settings', {
        settings: { messageInterval: 0, longerIntervalAfter: 0, windowStart: '00:00', windowEnd: '24:00', ...settings },
      }),
    )
    const [list] = await t.db('contact_lists').insert({ companyId, name: 'Lista' }).returning('*')
    const numbers = Array.from(
      { length: n },
      (_, i) => `55479${String(seq).padStart(2, '0')}${String(i + 1).padStart(6, '0')}`,
    )
    await t
      .db('contact_list_items')
      .insert(
        numbers.map((number, i) => ({ companyId, contactListId: list.id, name: `Cliente ${i}`, number, email: '' })),
      )
    const T = new Date(Date.now() + 24 * 3600_000)
    const campaign = await ok(
      call('POST', '/api/campaigns', {
        name: `Campanha ${seq}`,
        message1: 'Olá {nome}!',
        message2: 'Oi {{firstName}}, tudo bem?',
        scheduledAt: T.toISOString(),
        whatsappId: w.id,
        contactListId: list.id,
      }),
    )
    const outbox = async (): Promise<{ to: string; body: string }[]> =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox`))).messages
    const recipients = () => t.db('campaign_recipients').where({ campaignId: campaign.id }).orderBy('id')
    const get = () => ok(call('GET', `/api/campaigns/${campaign.id}`))
    return { call, ok, w, campaign, numbers, T, outbox, recipients, get, companyId, headers: headers as Headers }
  }
  const at = (T: Date, seconds: number) => new Date(T.getTime() + seconds * 1000)

  it('starts when due, freezes the audience with a recorded variant, sends each number once, finishes', async () => {
    const s = await setup(7)
    expect(await engine.tick(at(s.T, -1))).toBe(0)
    expect((await s.get()).status).toBe('PROGRAMADA')
    expect(await engine.tick(s.T)).toBe(7)
    const rows = await s.recipients()
    expect(rows.map((r) => r.number).sort()).toEqual([...s.numbers].sort())
    for (const r of rows) {
      expect([1, 2]).toContain(r.variant)
      expect(r.message).toBe(r.variant === 1 ? `Olá ${r.name}!` : `Oi Cliente, tudo bem?`)
    }
    // Handed to the connection's outbound queue is not sent: the campaign runs on until they leave.
    expect(await s.get()).toMatchObject({ status: 'EM_ANDAMENTO', counts: { total: 7 } })
    await until(async () => (await s.outbox()).length === 7)
    const box = await s.outbox()
    expect(new Set(box.map((m) => m.to)).size).toBe(7)
    // Delivery follows the messages: the simulator's acks move them past sent.
    await until(async () => (await s.recipients()).every((r) => ['sent', 'delivered', 'read'].includes(r.status)))
    expect(await engine.tick(at(s.T, 1))).toBe(0)
    const done = await s.get()
    expect(done).toMatchObject({ status: 'FINALIZADA', counts: { total: 7 } })
    expect(done.completedAt).toBe(at(s.T, 1).toISOString())
    const report = await s.get()
    expect(report.counts).toMatchObject({ sent: 7, pending: 0, failed: 0 })
    const drawn = rows.reduce<Record<number, number>>(
      (acc, r) => ({ ...acc, [r.variant]: (acc[r.variant] ?? 0) + 1 }),
      {},
    )
    expect(report.variants).toEqual(
      Object.entries(drawn).map(([variant, n]) => ({ variant: Number(variant), total: n, sent: n })),
    )
  })

  it('"start now": a draft or a scheduled campaign is due at once; what it lacks is named; other statuses 409', async () => {
    const s = await setup(2)
    const started = await s.ok(s.call('POST', `/api/campaigns/${s.campaign.id}/start`))
    expect(started.status).toBe('PROGRAMADA')
    expect(new Date(started.scheduledAt).getTime()).toBeLessThanOrEqual(Date.now())
    // The next tick after now starts it, tomorrow's date forgotten.
    expect(await engine.tick(new Date(Date.now() + 1000))).toBe(2)
    expect((await s.get()).status).toBe('EM_ANDAMENTO')
    const again = await s.call('POST', `/api/campaigns/${s.campaign.id}/start`)
    expect([again.statusCode, again.json().error]).toEqual([409, 'ERR_CAMPAIGN_NOT_STARTABLE'])

    const draft = await s.ok(s.call('POST', '/api/campaigns', { name: 'Rascunho', whatsappId: s.w.id }))
    expect(draft.status).toBe('INATIVA')
    const lacking = await s.call('POST', `/api/campaigns/${draft.id}/start`)
    expect([lacking.statusCode, lacking.json().field]).toEqual([400, 'contactListId'])
    expect((await s.ok(s.call('GET', `/api/campaigns/${draft.id}`))).status).toBe('INATIVA')
  })

  it('marks recipients whose delivery news was lost (a process killed before message.updated) on a later pass', async () => {
    const s = await setup(3)
    expect(await engine.tick(s.T)).toBe(3)
    await until(async () => (await s.recipients()).every((r) => r.status !== 'queued'))
    // As if the process that sent them had died before the event: queued again, messages sent.
    const ids = (await s.recipients()).map((r) => r.id)
    await t
      .db('campaign_recipients')
      .whereIn('id', ids)
      .update({ status: 'queued', queuedAt: new Date(Date.now() - 60_000) })
    // A pass looks at the stale ones and marks them; the next waits for its interval.
    const now = Date.now()
    expect(await engine.reconcile(now)).toBeGreaterThanOrEqual(3)
    expect(await engine.reconcile(now + 1)).toBe(0)
    const rows = await s.recipients()
    expect(rows.every((r) => ['sent', 'delivered', 'read'].includes(r.status))).toBe(true)
    expect((await s.get()).counts).toMatchObject({ pending: 0 })
  })

  it('a number the network refuses is failed with the reason, never counted as delivered', async () => {
    const s = await setup(2)
    await t.db('contact_list_items').where({ number: s.numbers[1] }).update({ number: '5547990000000' })
    expect(await engine.tick(s.T)).toBe(2)
    await until(async () => (await s.recipients()).every((r) => r.status !== 'queued'))
    const byNumber = Object.fromEntries((await s.recipients()).map((r) => [r.number, r]))
    expect(byNumber['5547990000000']).toMatchObject({ status: 'failed' })
    expect(byNumber['5547990000000'].error).toContain('not on WhatsApp')
    expect((await s.get()).counts).toMatchObject({ total: 2, failed: 1, sent: 1 })
    // The campaign's messages sit on tickets nobody has to pick up.
    const tickets = await t.db('tickets').where({ companyId: s.companyId })
    expect(tickets.every((x) => x.status === 'closed')).toBe(true)
  })

  it('honours the longer pause: nothing before it ends, the next message when it does', async () => {
    const s = await setup(3, { longerIntervalAfter: 1, greaterInterval: 60 })
    expect(await engine.tick(s.T)).toBe(1)
    expect(await engine.tick(at(s.T, 59))).toBe(0)
    expect(await engine.tick(at(s.T, 60))).toBe(1)
    expect(await engine.tick(at(s.T, 119))).toBe(0)
    expect(await engine.tick(at(s.T, 120))).toBe(1)
  })

  it('cancel stops before the next message; restart goes on without sending anyone twice', async () => {
    const s = await setup(4, { longerIntervalAfter: 1, greaterInterval: 60 })
    expect(await engine.tick(s.T)).toBe(1)
    await s.ok(s.call('POST', `/api/campaigns/${s.campaign.id}/cancel`))
    expect(await engine.tick(at(s.T, 600))).toBe(0)
    expect((await s.get()).status).toBe('CANCELADA')
    expect((await s.ok(s.call('POST', `/api/campaigns/${s.campaign.id}/restart`))).status).toBe('EM_ANDAMENTO')
    let sent = 1
    for (let minute = 11; sent < 4; minute++) sent += await engine.tick(at(s.T, minute * 60))
    await until(async () => (await s.outbox()).length === 4)
    expect(new Set((await s.outbox()).map((m) => m.to)).size).toBe(4)
  })

  it('holds at the daily limit and outside the window, saying why', async () => {
    const s = await setup(3, { dailyLimit: 2 })
    expect(await engine.tick(s.T)).toBe(2)
    expect(await engine.tick(at(s.T, 1))).toBe(0)
    expect(await s.get()).toMatchObject({
      pauseReason: 'Limite diário da conexão atingido (2)',
      pause: { code: 'dailyLimit', values: { limit: 2 } },
    })
    // Its last number on the next day: then nobody is left, and once that message has left it
    // finishes though the limit is reached again.
    const left = async (x: typeof s) =>
      until(async () => (await x.recipients()).every((r) => ['sent', 'delivered', 'read'].includes(r.status)))
    expect(await engine.tick(at(s.T, 24 * 3600))).toBe(1)
    await left(s)
    expect(await engine.tick(at(s.T, 24 * 3600 + 1))).toBe(0)
    expect((await s.get()).status).toBe('FINALIZADA')
    // A list exactly the size of the limit finishes as soon as its messages leave (the limit holds nobody).
    const exact = await setup(2, { dailyLimit: 2 })
    expect(await engine.tick(exact.T)).toBe(2)
    await left(exact)
    expect(await engine.tick(at(exact.T, 1))).toBe(0)
    expect((await exact.get()).status).toBe('FINALIZADA')
    const w = await setup(2, { windowStart: '00:00', windowEnd: '00:01' })
    // Unless the clock happens to read 00:00, T is outside that window.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(w.T)
    if (local !== '00:00') {
      expect(await engine.tick(w.T)).toBe(0)
      expect(await w.get()).toMatchObject({
        pauseReason: 'Fora da janela de envio (00:00–00:01)',
        pause: { code: 'window', values: { start: '00:00', end: '00:01' } },
      })
    }
  })

  it('two engines at once never send a number twice', async () => {
    const s = await setup(30)
    const [a, b] = await Promise.all([engine.tick(s.T), engine.tick(s.T)])
    expect(a + b).toBe(30)
    await until(async () => (await s.outbox()).length === 30)
    expect(new Set((await s.outbox()).map((m) => m.to)).size).toBe(30)
    expect((await s.recipients()).every((r) => r.status !== 'pending')).toBe(true)
  })

  it('pauses itself when failures jump (over 5 % of the last sends), saying why', async () => {
    const s = await setup(30, { longerIntervalAfter: 20, greaterInterval: 60 })
    // Two of the first twenty are numbers the network refuses (the simulator: ending in 0000).
    for (const i of [3, 11])
      await t
        .db('contact_list_items')
        .where({ number: s.numbers[i] })
        .update({ number: `55479880${i}0000` })
    expect(await engine.tick(s.T)).toBe(20)
    await until(async () => (await s.get()).status === 'CANCELADA')
    expect((await s.get()).pauseReason).toContain('Pausada automaticamente: 2 de 20 envios falharam')
    expect((await s.get()).pause).toEqual({ code: 'failures', values: { failed: 2, of: 20 } })
    expect(await engine.tick(at(s.T, 600))).toBe(0)
    // Restarted, it goes on with the ten it had left.
    await s.ok(s.call('POST', `/api/campaigns/${s.campaign.id}/restart`))
    expect(await engine.tick(at(s.T, 601))).toBe(10)
    expect(await s.get()).toMatchObject({ pauseReason: '', pause: null })
  })

  it('holds while its connection is not connected', async () => {
    const s = await setup(2)
    await s.ok(s.call('DELETE', `/api/whatsappsession/${s.w.id}`))
    await until(async () => (await t.db('whatsapps').where({ id: s.w.id }).first()).status !== 'CONNECTED')
    expect(await engine.tick(s.T)).toBe(0)
    expect(await s.get()).toMatchObject({
      pauseReason: 'A conexão não está conectada',
      pause: { code: 'disconnected', values: {} },
    })
  })

  it("a tag's audience: the contacts whose tickets carry it, once each, frozen at the start", async () => {
    const s = await setup(1)
    const people = ['5547981110001', '5547981110002', '5547981110003']
    for (const from of people)
      await s.ok(s.call('POST', `/api/simulator/${s.w.id}/inbound`, { from, name: `P ${from.slice(-1)}`, body: 'oi' }))
    const ticketOf = async (number: string) =>
      (
        await t
          .db('tickets')
          .join('contacts', 'contacts.id', 'tickets.contactId')
          .where({ 'contacts.number': number, 'tickets.companyId': s.companyId })
          .first('tickets.id')
      ).id
    const vip = await s.ok(s.call('POST', '/api/tags', { name: 'Clientes VIP' }))
    for (const number of people.slice(0, 2))
      await s.ok(s.call('POST', '/api/tags/sync', { ticketId: await ticketOf(number), tags: [vip.id] }))
    const campaign = await s.ok(
      s.call('POST', '/api/campaigns', {
        name: 'Para a tag',
        message1: 'Olá {nome}, novidade!',
        scheduledAt: s.T.toISOString(),
        whatsappId: s.w.id,
        tagListId: vip.id,
      }),
    )
    expect(await engine.tick(s.T)).toBe(3) // the list campaign's one number, and the tag's two
    const rows = await t.db('campaign_recipients').where({ campaignId: campaign.id }).orderBy('number')
    expect(rows.map((r) => r.number)).toEqual(people.slice(0, 2))
    expect(rows[0].message).toBe('Olá P 1, novidade!')
    // Tagged after the start: not in the frozen audience.
    await s.ok(s.call('POST', '/api/tags/sync', { ticketId: await ticketOf(people[2]), tags: [vip.id] }))
    // Once its two messages have left (not before: queued is not sent), the next tick finishes it.
    await until(async () =>
      (await t.db('campaign_recipients').where({ campaignId: campaign.id })).every((r) =>
        ['sent', 'delivered', 'read'].includes(r.status),
      ),
    )
    expect(await engine.tick(at(s.T, 1))).toBe(0)
    expect((await s.ok(s.call('GET', `/api/campaigns/${campaign.id}`))).status).toBe('FINALIZADA')
    // A tag of another company is refused by name.
    const other = await companyWithUser(t.app, { profile: 'admin' })
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: other.headers as Headers,
      payload: { name: 'Deles' },
    })
    const res = await s.call('POST', '/api/campaigns', { name: 'Alheia', tagListId: theirs.json().id })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ field: 'tagListId' })
  })

  it("sends the file list's files after each message, once each, the list's message on the first", async () => {
    const s = await setup(2)
    const list = await s.ok(
      s.call('POST', '/api/files', {
        name: 'Catálogo',
        message: 'Segue o catálogo',
        options: [{ name: 'Foto' }, { name: 'Tabela' }],
      }),
    )
    const body = multipart([
      { field: 'files', fileName: 'foto.png', mimetype: 'image/png', data: PNG },
      { field: 'id', value: String(list.options[0].id) },
      { field: 'files', fileName: 'tabela.pdf', mimetype: 'application/pdf', data: PDF },
      { field: 'id', value: String(list.options[1].id) },
    ])
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/files/uploadList/${list.id}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    })
    expect(up.statusCode, up.body).toBe(200)
    const res = await s.call('PUT', `/api/campaigns/${s.campaign.id}`, { name: s.campaign.name, fileListId: list.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().fileListId).toBe(list.id)
    // A list of another company, or none at all, is refused by name.
    const bad = await s.call('PUT', `/api/campaigns/${s.campaign.id}`, { name: 'Outra', fileListId: 999_999 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ field: 'fileListId' })
    expect(await engine.tick(s.T)).toBe(2)
    await until(async () => (await s.outbox()).length === 6)
    const box = (await s.outbox()) as { to: string; body: string; media?: { mimetype?: string } }[]
    for (const number of s.numbers) {
      const mine = box.filter((m) => m.to === number)
      expect(mine.map((m) => m.media?.mimetype ?? null)).toEqual([null, 'image/png', 'application/pdf'])
      expect(mine[1].body).toBe('Segue o catálogo')
      expect(mine[2].body).toBe('')
    }
    // Kept once per number (nothing more on a later tick).
    expect(await engine.tick(at(s.T, 5))).toBe(0)
    expect((await s.outbox()).length).toBe(6)
  })
})
