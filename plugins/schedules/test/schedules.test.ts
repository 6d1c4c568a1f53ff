import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import { companyWithUser, userIn, until, type Headers, type TestApp } from '@atende/kernel/testing'
import type { Schedule } from '../src/api.ts'
import type { Dispatcher } from '../src/dispatch.ts'
import { JPEG, PNG, inMinutes, multipartBody, schedulesApp } from './support.ts'
import type { ServiceRef } from '@atende/sdk'

/** The routes through app.inject() on the real kernel: rules, permissions, the tenant boundary, live frames. */
describe('schedules API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await schedulesApp()
  })
  afterAll(async () => {
    delete process.env.SCHEDULE_TICK_MS
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const ok = async (p: ReturnType<typeof call>) => {
    const res = await p
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  let seq = 0
  /** A company with an admin, a second user and a contact. */
  async function company() {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    const user = await userIn(t.app, admin.companyId, 'user')
    const other = await userIn(t.app, admin.companyId, 'user')
    const res = await call('POST', '/api/contacts', admin.headers, {
      name: `Maria Silva ${++seq}`,
      number: `5547988${String(seq).padStart(6, '0')}`,
    })
    expect(res.statusCode, res.body).toBe(201)
    const contact = res.json()
    return { admin, user, other, contact, companyId: admin.companyId }
  }
  const valid = (contactId: number, over: object = {}) => ({
    body: 'Olá {{firstName}}, lembrete!',
    description: 'Lembrete de consulta',
    contactId,
    scheduleDate: inMinutes(120),
    sendAt: inMinutes(60),
    ...over,
  })
  const create = (h: Headers, body: object): Promise<Schedule> => ok(call('POST', '/api/schedules', h, body))
  const markSent = (id: number) => t.db('schedules').where({ id }).update({ status: 'ENVIADA', sentAt: new Date() })

  it('creates, reads, edits and deletes, with the contact and the author', async () => {
    const c = await company()
    expect((await call('GET', '/api/schedules', c.admin.headers)).json()).toEqual({
      schedules: [],
      hasMore: false,
      count: 0,
      counts: { PENDENTE: 0, ENVIADA: 0, ERRO: 0 },
    })
    const s = await create(c.user.headers, valid(c.contact.id, { body: '  Olá, tudo bem?  ' }))
    expect(s).toMatchObject({
      body: 'Olá, tudo bem?',
      status: 'PENDENTE',
      sentAt: null,
      contactId: c.contact.id,
      contact: { id: c.contact.id, name: c.contact.name, number: c.contact.number },
      userId: c.user.userId,
      user: { id: c.user.userId },
      companyId: c.companyId,
    })
    expect(await ok(call('GET', `/api/schedules/${s.id}`, c.other.headers))).toEqual(s)
    const edited = await ok(call('PUT', `/api/schedules/${s.id}`, c.user.headers, { description: 'Outra descrição' }))
    expect(edited).toMatchObject({ id: s.id, description: 'Outra descrição', body: 'Olá, tudo bem?' })
    expect((await call('DELETE', `/api/schedules/${s.id}`, c.user.headers)).statusCode).toBe(200)
    const gone = await call('GET', `/api/schedules/${s.id}`, c.admin.headers)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_SCHEDULE_FOUND')
  })

  it("a deleted contact's schedules go with it, each announced", async () => {
    const c = await company()
    const a = await create(c.admin.headers, valid(c.contact.id))
    const b = await create(c.admin.headers, valid(c.contact.id, { description: 'Outro lembrete' }))
    const gone: number[] = []
    const off = t.app.kernel.bus.on('schedule.deleted', (p) => {
      gone.push(p.scheduleId)
    })
    expect((await call('DELETE', `/api/contacts/${c.contact.id}`, c.admin.headers)).statusCode).toBe(200)
    await until(() => gone.length >= 2)
    off()
    expect(gone.sort((x, y) => x - y)).toEqual([a.id, b.id])
    expect(await t.db('schedules').whereIn('id', [a.id, b.id])).toEqual([])
  })

  it('lists by date a page at a time, searchable, filtered by status and date range, with counters', async () => {
    const c = await company()
    const base = Date.now() + 3600_000
    const ids: number[] = []
    for (let i = 0; i < 22; i++)
      ids.push(
        (
          await create(
            c.admin.headers,
            valid(c.contact.id, {
              scheduleDate: inMinutes(i * 60, base),
              sendAt: inMinutes(i * 60 - 30, base),
              description: i === 7 ? 'a consulta especial' : `Lembrete ${i}`,
            }),
          )
        ).id,
      )
    await markSent(ids[0])
    await t.db('schedules').where({ id: ids[1] }).update({ status: 'ERRO', error: 'expired' })
    const p1 = await ok(call('GET', '/api/schedules', c.admin.headers))
    expect(p1).toMatchObject({ hasMore: true, count: 22, counts: { PENDENTE: 20, ENVIADA: 1, ERRO: 1 } })
    expect(p1.schedules.map((s: Schedule) => s.id)).toEqual(ids.slice(0, 20))
    const p2 = await ok(call('GET', '/api/schedules?pageNumber=2', c.admin.headers))
    expect(p2.schedules.map((s: Schedule) => s.id)).toEqual(ids.slice(20))
    expect(p2.hasMore).toBe(false)
    expect((await ok(call('GET', '/api/schedules?limit=100', c.admin.headers))).schedules).toHaveLength(22)
    const search = await ok(call('GET', '/api/schedules?searchParam=ESPECIAL', c.admin.headers))
    expect(search.schedules.map((s: Schedule) => s.id)).toEqual([ids[7]])
    const byContact = await ok(
      call('GET', `/api/schedules?searchParam=${encodeURIComponent(c.contact.name)}`, c.admin.headers),
    )
    expect(byContact.count).toBe(22)
    const sent = await ok(call('GET', '/api/schedules?status=ENVIADA', c.admin.headers))
    expect(sent).toMatchObject({ count: 1, counts: { PENDENTE: 20, ENVIADA: 1, ERRO: 1 } })
    expect(sent.schedules.map((s: Schedule) => s.id)).toEqual([ids[0]])
    const range = await ok(
      call(
        'GET',
        `/api/schedules?from=${encodeURIComponent(inMinutes(2 * 60, base))}&to=${encodeURIComponent(inMinutes(5 * 60, base))}`,
        c.admin.headers,
      ),
    )
    expect(range.schedules.map((s: Schedule) => s.id)).toEqual(ids.slice(2, 5))
    const pending = await ok(call('GET', '/api/schedules?status=PENDENTE&limit=500', c.admin.headers))
    expect(pending.schedules).toHaveLength(20)
    expect((await call('GET', '/api/schedules?status=SENT', c.admin.headers)).statusCode).toBe(400)
    expect((await call('GET', '/api/schedules?limit=501', c.admin.headers)).statusCode).toBe(400)
  })

  it("answers bad input with 400 naming the field and the spec's message", async () => {
    const c = await company()
    const cases: [object, string, string?][] = [
      [valid(c.contact.id, { body: '' }), 'body', 'Obrigatório'],
      [valid(c.contact.id, { body: '    ' }), 'body', 'Obrigatório'],
      [valid(c.contact.id, { body: 'Olá' }), 'body', 'Mensagem muito curta'],
      [valid(c.contact.id, { description: '' }), 'description', 'Obrigatório'],
      [valid(c.contact.id, { description: 'ab' }), 'description', 'Descrição muito curta'],
      [valid(c.contact.id, { scheduleDate: '26/11/2026 10:00' }), 'scheduleDate', 'Data inválida'],
      [valid(c.contact.id, { sendAt: '2026-13-45T99:99' }), 'sendAt', 'Data inválida'],
      [valid(c.contact.id, { sendAt: '' }), 'sendAt', 'Data inválida'],
      // A day the month lacks is refused, not rolled into the next month.
      [valid(c.contact.id, { scheduleDate: '2030-02-30T10:00' }), 'scheduleDate', 'Data inválida'],
      [valid(c.contact.id, { sendAt: '0000-01-01T10:00' }), 'sendAt', 'Data inválida'],
      [{ ...valid(c.contact.id), contactId: undefined }, 'contactId'],
      [{ ...valid(c.contact.id), body: undefined }, 'body'],
      [{ ...valid(c.contact.id), sendAt: undefined }, 'sendAt'],
      [valid(c.contact.id, { body: 'x'.repeat(10_001) }), 'body'],
    ]
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/schedules', c.admin.headers, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field })
      if (message) expect(res.json().message).toBe(message)
    }
    // The form's YYYY-MM-DDTHH:mm is taken as is.
    const s = await create(
      c.admin.headers,
      valid(c.contact.id, { scheduleDate: '2030-01-02T10:30', sendAt: '2030-01-02T09:30' }),
    )
    expect(new Date(s.sendAt).getTime()).toBe(new Date('2030-01-02T09:30').getTime())
    const bad = await call('PUT', `/api/schedules/${s.id}`, c.admin.headers, { body: 'oi' })
    expect(bad.json()).toMatchObject({ field: 'body', message: 'Mensagem muito curta' })
    // status, sentAt, companyId in a body are not the caller's to set.
    const res = await call('POST', '/api/schedules', c.admin.headers, {
      ...valid(c.contact.id),
      status: 'ENVIADA',
      sentAt: new Date().toISOString(),
      companyId: 1,
    })
    expect(res.json()).toMatchObject({ status: 'PENDENTE', sentAt: null, companyId: c.companyId })
    expect((await call('GET', '/api/schedules/abc', c.admin.headers)).statusCode).toBe(400)
  })

  it('editing a sent schedule takes date changes only and puts it back to PENDENTE; changing sendAt clears sentAt', async () => {
    const c = await company()
    const s = await create(c.user.headers, valid(c.contact.id))
    await markSent(s.id)
    const sent = await ok(call('GET', `/api/schedules/${s.id}`, c.user.headers))
    expect(sent.status).toBe('ENVIADA')
    for (const [field, value] of [
      ['body', 'Outra mensagem aqui'],
      ['description', 'Outra descrição'],
    ] as const) {
      const res = await call('PUT', `/api/schedules/${s.id}`, c.user.headers, { [field]: value })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_SCHEDULE_ALREADY_SENT', field })
    }
    // The form sends every field back: unchanged ones are not changes, and nothing changed is no reset.
    const same = await ok(
      call('PUT', `/api/schedules/${s.id}`, c.user.headers, {
        body: s.body,
        description: s.description,
        contactId: s.contactId,
        sendAt: s.sendAt,
        scheduleDate: s.scheduleDate,
      }),
    )
    expect(same).toMatchObject({ status: 'ENVIADA' })
    expect(same.sentAt).not.toBeNull()
    const moved = await ok(
      call('PUT', `/api/schedules/${s.id}`, c.user.headers, {
        body: s.body,
        sendAt: inMinutes(180),
        scheduleDate: inMinutes(240),
      }),
    )
    expect(moved).toMatchObject({ status: 'PENDENTE', sentAt: null, sendAt: inMinutes(180) })
    const round = await t.db('schedules').where({ id: s.id }).first('round')
    expect(round.round).toBe(1)
    // A failed one is put back by any change too, its reason cleared.
    await t.db('schedules').where({ id: s.id }).update({ status: 'ERRO', error: 'not on WhatsApp' })
    const retried = await ok(call('PUT', `/api/schedules/${s.id}`, c.user.headers, { body: 'Nova mensagem certa' }))
    expect(retried).toMatchObject({ status: 'PENDENTE', error: null, body: 'Nova mensagem certa' })
    // Nor its image.
    await markSent(s.id)
    const up = multipartBody('a.png', 'image/png', PNG)
    const img = await t.app.inject({
      method: 'POST',
      url: `/api/schedules/${s.id}/media-upload`,
      headers: { ...c.user.headers, ...up.headers },
      payload: up.payload,
    })
    expect(img.statusCode).toBe(400)
    expect(img.json().error).toBe('ERR_SCHEDULE_ALREADY_SENT')
  })

  it('the author or an admin edits; an admin deletes any, the author only while not sent', async () => {
    const c = await company()
    const s = await create(c.user.headers, valid(c.contact.id))
    const notMine = await call('PUT', `/api/schedules/${s.id}`, c.other.headers, { description: 'Tomada' })
    expect(notMine.statusCode).toBe(403)
    expect(notMine.json().error).toBe('ERR_NO_PERMISSION')
    expect((await call('DELETE', `/api/schedules/${s.id}`, c.other.headers)).statusCode).toBe(403)
    const up = multipartBody('a.png', 'image/png', PNG)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/schedules/${s.id}/media-upload`,
          headers: { ...c.other.headers, ...up.headers },
          payload: up.payload,
        })
      ).statusCode,
    ).toBe(403)
    expect((await call('DELETE', `/api/schedules/${s.id}/media-upload`, c.other.headers)).statusCode).toBe(403)
    expect(
      (await ok(call('PUT', `/api/schedules/${s.id}`, c.admin.headers, { description: 'Pelo admin' }))).description,
    ).toBe('Pelo admin')
    await markSent(s.id)
    const refused = await call('DELETE', `/api/schedules/${s.id}`, c.user.headers)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('ERR_NO_SCHEDULE_FOUND')
    expect((await call('DELETE', `/api/schedules/${s.id}`, c.admin.headers)).statusCode).toBe(200)
    const mine = await create(c.other.headers, valid(c.contact.id))
    await t.db('schedules').where({ id: mine.id }).update({ status: 'ERRO', error: 'x' })
    expect((await call('DELETE', `/api/schedules/${mine.id}`, c.other.headers)).statusCode).toBe(200)
  })

  it('attaches a png or jpeg read from its bytes, replaces and removes it', async () => {
    const c = await company()
    const s = await create(c.user.headers, valid(c.contact.id))
    const upload = (name: string, type: string, data: Buffer) => {
      const b = multipartBody(name, type, data)
      return t.app.inject({
        method: 'POST',
        url: `/api/schedules/${s.id}/media-upload`,
        headers: { ...c.user.headers, ...b.headers },
        payload: b.payload,
      })
    }
    const withPng = (await upload('foto.png', 'image/png', PNG)).json()
    expect(withPng).toMatchObject({ mediaName: 'foto.png' })
    expect(withPng.mediaPath).toMatch(/^\/api\/media\/.+sig=/)
    const key1 = (await t.db('schedules').where({ id: s.id }).first('mediaPath')).mediaPath
    // A JPEG named .png is stored as what it is.
    const withJpeg = (await upload('outra.png', 'image/png', JPEG)).json()
    expect(withJpeg.mediaName).toBe('outra.jpg')
    const key2 = (await t.db('schedules').where({ id: s.id }).first('mediaPath')).mediaPath
    expect(key2).not.toBe(key1)
    expect(t.app.kernel.storage.mimetypeOf(key2)).toBe('image/jpeg')
    for (const [name, type, data] of [
      ['doc.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
      ['fake.png', 'image/png', Buffer.from('not an image at all')],
      ['anim.gif', 'image/gif', Buffer.from('GIF89a0000000000')],
    ] as const) {
      const res = await upload(name, type, data)
      expect(res.statusCode, name).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED', field: 'file' })
    }
    const noFile = await call('POST', `/api/schedules/${s.id}/media-upload`, c.user.headers, {})
    expect(noFile.json().field).toBe('file')
    const removed = await ok(call('DELETE', `/api/schedules/${s.id}/media-upload`, c.user.headers))
    expect(removed).toMatchObject({ mediaPath: null, mediaName: null })
  })

  it("keeps companies apart: another company's schedule is not found, its contact not usable", async () => {
    const a = await company()
    const b = await company()
    const s = await create(a.admin.headers, valid(a.contact.id, { description: 'Segredo de A' }))
    expect((await ok(call('GET', '/api/schedules?searchParam=Segredo', b.admin.headers))).schedules).toEqual([])
    const up = multipartBody('a.png', 'image/png', PNG)
    for (const [method, url, payload] of [
      ['GET', `/api/schedules/${s.id}`],
      ['PUT', `/api/schedules/${s.id}`, { description: 'Tomada' }],
      ['DELETE', `/api/schedules/${s.id}`],
      ['DELETE', `/api/schedules/${s.id}/media-upload`],
    ] as const) {
      const res = await call(method, url, b.admin.headers, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().error).toBe('ERR_NO_SCHEDULE_FOUND')
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/schedules/${s.id}/media-upload`,
          headers: { ...b.admin.headers, ...up.headers },
          payload: up.payload,
        })
      ).statusCode,
    ).toBe(404)
    for (const res of [
      await call('POST', '/api/schedules', b.admin.headers, valid(a.contact.id)),
      await call('PUT', `/api/schedules/${s.id}`, a.admin.headers, { contactId: b.contact.id }),
      await call('POST', '/api/schedules', a.admin.headers, valid(999_999)),
    ]) {
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_NO_CONTACT_FOUND', field: 'contactId' })
    }
    expect((await ok(call('GET', `/api/schedules/${s.id}`, a.admin.headers))).description).toBe('Segredo de A')
  })

  it('is switched off by the plan (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Without schedules ${Date.now()}`, users: 5 })
      .returning('id')
    await t.db('plan_modules').insert({ planId: plan.id, module: 'useSchedules', enabled: false })
    t.app.kernel.invalidatePlanCache()
    const { headers: h } = await companyWithUser(t.app, { planId: plan.id })
    const res = await call('GET', '/api/schedules', h)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })

  it('pushes create, update (also when sent) and delete on company-{id}-schedule', async () => {
    const c = await company()
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const ws = new WebSocket(
      `${addr.replace('http', 'ws')}/socket?token=${encodeURIComponent(c.user.headers.authorization.slice(7))}`,
    )
    const frames: { event: string; data: any }[] = []
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    ws.send(JSON.stringify({ type: 'ping' }))
    await until(() => frames.some((f) => f.event === 'pong'))
    const data = () => frames.filter((f) => f.event === `company-${c.companyId}-schedule`).map((f) => f.data)
    try {
      const s = await create(c.user.headers, valid(c.contact.id, { sendAt: inMinutes(-1) }))
      await call('PUT', `/api/schedules/${s.id}`, c.user.headers, { description: 'Mudou aqui' })
      // The dispatcher's send is announced too (no connection here: it fails, saying why).
      await t.app.kernel.services.get<ServiceRef<'schedules.dispatcher', Dispatcher>>('schedules.dispatcher').tick()
      await call('DELETE', `/api/schedules/${s.id}`, c.admin.headers)
      await until(() => data().length === 4)
      expect(data().map((d) => [d.action, d.schedule?.description ?? d.id])).toEqual([
        ['create', 'Lembrete de consulta'],
        ['update', 'Mudou aqui'],
        ['update', 'Mudou aqui'],
        ['delete', s.id],
      ])
      expect(data()[2].schedule).toMatchObject({ status: 'ERRO' })
      expect(data()[2].schedule.error).toContain('no connection')
    } finally {
      ws.terminate()
    }
  })
})
