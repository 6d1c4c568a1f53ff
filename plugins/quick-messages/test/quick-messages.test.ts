import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { createTestApp, companyWithUser, userIn, type TestApp, type Headers } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import quickMessagesPlugin from '../src/index.ts'
import { PNG, multipartBody, until } from './support.ts'

type Who = Awaited<ReturnType<typeof companyWithUser>>
type Record = {
  id: number
  shortcode: string
  message: string
  geral: boolean
  status: boolean
  userId: number | null
  isMedia: boolean
  mediaPath: string | null
  mediaName: string | null
  mediaType: string | null
}

describe('quick messages', () => {
  let t: TestApp
  let dataDir: string
  let admin: Who
  let ana: Who // a user of admin's company
  let bia: Who // another user of the same company
  const events: { name: string; payload: any }[] = []
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-qm-'))
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, quickMessagesPlugin],
      config: { dataDir },
    })
    admin = await companyWithUser(t.app, { profile: 'admin' })
    ana = await userIn(t.app, admin.companyId, 'user')
    bia = await userIn(t.app, admin.companyId, 'user')
    for (const name of ['quickMessage.created', 'quickMessage.updated', 'quickMessage.deleted'] as const) {
      t.app.kernel.bus.on(name, (payload) => {
        events.push({ name, payload })
      })
    }
  })
  afterAll(async () => {
    await t?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const create = async (h: Headers, body: object): Promise<Record> => {
    const res = await call('POST', '/api/quick-messages', h, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const upload = (h: Headers, id: number, name: string, type: string, data: Buffer, field = 'file') => {
    const body = multipartBody(name, type, data, field)
    return t.app.inject({
      method: 'POST',
      url: `/api/quick-messages/${id}/media-upload`,
      headers: { ...h, ...body.headers },
      payload: body.payload,
    })
  }
  const shortcodes = async (h: Headers, query = '') =>
    (await call('GET', `/api/quick-messages${query}`, h)).json().records.map((r: Record) => r.shortcode)
  const keyOf = async (id: number) =>
    (await t.db('quick_messages').where({ id }).first('mediaPath')).mediaPath as string | null

  it('creates, reads, edits and deletes, announcing each change', async () => {
    const { headers: h, companyId, userId } = await companyWithUser(t.app, { profile: 'user' })
    const qm = await create(h, {
      shortcode: ' /ola ',
      message: 'Olá! Como posso ajudar?',
      isMedia: true,
      mediaPath: '1/quick-messages/2024-01/x-evil.png',
    })
    expect(qm).toMatchObject({
      shortcode: 'ola',
      message: 'Olá! Como posso ajudar?',
      geral: false,
      status: true,
      userId,
      isMedia: false,
      mediaPath: null,
      mediaName: null,
    })
    expect((await call('GET', `/api/quick-messages/${qm.id}`, h)).json()).toEqual(qm)
    const edited = await call('PUT', `/api/quick-messages/${qm.id}`, h, { shortcode: 'oi', status: false, geral: true })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({
      id: qm.id,
      shortcode: 'oi',
      message: 'Olá! Como posso ajudar?',
      status: false,
      geral: true,
    })
    expect((await call('DELETE', `/api/quick-messages/${qm.id}`, h)).statusCode).toBe(200)
    const gone = await call('GET', `/api/quick-messages/${qm.id}`, h)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_QUICK_MESSAGE_FOUND')
    expect((await call('PUT', `/api/quick-messages/${qm.id}`, h, { message: 'x' })).statusCode).toBe(404)
    expect((await call('DELETE', `/api/quick-messages/${qm.id}`, h)).statusCode).toBe(404)

    await until(() => events.some((e) => e.name === 'quickMessage.deleted' && e.payload.id === qm.id))
    expect(
      events
        .filter((e) => e.payload.companyId === companyId)
        .map((e) => [e.name, e.payload.record?.shortcode ?? e.payload.id]),
    ).toEqual([
      ['quickMessage.created', 'ola'],
      ['quickMessage.updated', 'oi'],
      ['quickMessage.deleted', qm.id],
    ])
    expect(
      events.find((e) => e.name === 'quickMessage.updated' && e.payload.record.id === qm.id)!.payload.wasGeral,
    ).toBe(false)
    expect(events.find((e) => e.name === 'quickMessage.deleted' && e.payload.id === qm.id)!.payload).toEqual({
      companyId,
      id: qm.id,
      userId,
      geral: true,
    })
  })

  it('requires the shortcode and names the field', async () => {
    const cases: [object, string][] = [
      [{}, 'shortcode'],
      [{ shortcode: '' }, 'shortcode'],
      [{ shortcode: '   ' }, 'shortcode'],
      [{ shortcode: '//' }, 'shortcode'],
      [{ shortcode: 'x'.repeat(101) }, 'shortcode'],
      [{ shortcode: 'ok', message: 'x'.repeat(10_001) }, 'message'],
      [{ shortcode: 'ok', geral: 'maybe' }, 'geral'],
      [{ shortcode: 'ok', status: 'no way' }, 'status'],
    ]
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/quick-messages', ana.headers, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: 'ERR_VALIDATION', field })
    }
    expect((await call('POST', '/api/quick-messages', ana.headers, { shortcode: '   ' })).json().message).toMatch(
      /required/i,
    )
    expect((await call('PUT', '/api/quick-messages/1', ana.headers, { shortcode: '' })).json()).toMatchObject({
      error: 'ERR_VALIDATION',
      field: 'shortcode',
    })
    // Only the shortcode is required.
    expect(await create(ana.headers, { shortcode: 'vazia' })).toMatchObject({ message: '', status: true, geral: false })
  })

  it('shows each user their own and the company-wide ones; the author or an admin changes them', async () => {
    const own = await create(ana.headers, { shortcode: 'so-da-ana', message: 'private' })
    const shared = await create(ana.headers, { shortcode: 'da-empresa', message: 'for all', geral: true })
    const bias = await create(bia.headers, { shortcode: 'so-da-bia' })

    expect(await shortcodes(ana.headers)).toEqual(expect.arrayContaining(['so-da-ana', 'da-empresa']))
    expect(await shortcodes(ana.headers)).not.toContain('so-da-bia')
    expect(await shortcodes(bia.headers)).toEqual(['da-empresa', 'so-da-bia'])
    // Admins see the same: their own plus company-wide; another user's private one is not there.
    expect(await shortcodes(admin.headers)).toEqual(['da-empresa'])
    // The spec's userId parameter does not open another user's list.
    expect(await shortcodes(bia.headers, `?userId=${ana.userId}`)).toEqual(['da-empresa', 'so-da-bia'])
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { message: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/quick-messages/${own.id}`, bia.headers, payload)
      expect(res.statusCode, method).toBe(404)
      expect(
        (await call(method, `/api/quick-messages/${own.id}`, admin.headers, payload)).statusCode,
        `admin ${method}`,
      ).toBe(404)
    }
    // A company-wide one is read by everyone, changed by its author or an admin only.
    expect((await call('GET', `/api/quick-messages/${shared.id}`, bia.headers)).statusCode).toBe(200)
    for (const [method, payload] of [
      ['PUT', { message: 'hijack' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/quick-messages/${shared.id}`, bia.headers, payload)
      expect(res.statusCode, method).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await upload(bia.headers, shared.id, 'a.png', 'image/png', PNG)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/quick-messages/${shared.id}/media-upload`, bia.headers)).statusCode).toBe(403)
    const byAdmin = await call('PUT', `/api/quick-messages/${shared.id}`, admin.headers, { message: 'edited by admin' })
    expect(byAdmin.json()).toMatchObject({ message: 'edited by admin', userId: ana.userId })
    // Made private again, it leaves the others' lists.
    await call('PUT', `/api/quick-messages/${shared.id}`, ana.headers, { geral: false })
    expect(await shortcodes(bia.headers)).toEqual(['so-da-bia'])
    expect((await call('DELETE', `/api/quick-messages/${bias.id}`, bia.headers)).statusCode).toBe(200)
    expect((await call('DELETE', `/api/quick-messages/${shared.id}`, ana.headers)).statusCode).toBe(200)
    expect((await call('DELETE', `/api/quick-messages/${own.id}`, ana.headers)).statusCode).toBe(200)
  })

  it('keeps shortcodes unique among what their author sees, in any case (409)', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const u1 = await userIn(t.app, companyId, 'user')
    const u2 = await userIn(t.app, companyId, 'user')
    const conflict = async (res: { statusCode: number; json: () => any }) => {
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ error: 'ERR_QUICK_MESSAGE_SHORTCODE_IN_USE', field: 'shortcode' })
    }
    const mine = await create(u1.headers, { shortcode: 'Preco' })
    await conflict(await call('POST', '/api/quick-messages', u1.headers, { shortcode: '/preco' }))
    // Another user's private shortcode stays private: no clash for u2, even company-wide.
    const theirs = await create(u2.headers, { shortcode: 'preco', geral: true })
    // A company-wide one clashes with everything its author sees and everyone's new ones.
    await conflict(await call('POST', '/api/quick-messages', h, { shortcode: 'PRECO' }))
    // u1 now sees two: sharing theirs as well would make two company-wide ones.
    await conflict(await call('PUT', `/api/quick-messages/${mine.id}`, u1.headers, { geral: true }))
    // Edits that keep the shortcode are fine; renaming onto another one is not.
    expect((await call('PUT', `/api/quick-messages/${mine.id}`, u1.headers, { message: 'R$ 10' })).statusCode).toBe(200)
    const other = await create(u1.headers, { shortcode: 'prazo' })
    await conflict(
      await call('PUT', `/api/quick-messages/${other.id}`, u1.headers, {
        shortcode: 'PREÇO'.normalize('NFD').replace(/\p{M}/gu, ''),
      }),
    )
    expect(
      (await call('PUT', `/api/quick-messages/${theirs.id}`, u2.headers, { shortcode: 'PRECO' })).json().shortcode,
    ).toBe('PRECO')
    // Another company is another world.
    const b = await companyWithUser(t.app)
    expect((await call('POST', '/api/quick-messages', b.headers, { shortcode: 'preco', geral: true })).statusCode).toBe(
      200,
    )
    // Concurrent creates of one shortcode: one wins, the others 409 (never a 500).
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/quick-messages', h, { shortcode: 'corrida', geral: true })),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409])
  })

  it('pages by shortcode and searches shortcode and message; a new search starts at page 1', async () => {
    const { headers: h } = await companyWithUser(t.app, { profile: 'user' })
    for (let i = 25; i >= 1; i--)
      await create(h, {
        shortcode: `msg${String(i).padStart(2, '0')}`,
        message: i % 5 === 0 ? 'promoção de natal' : 'texto',
      })
    const p1 = (await call('GET', '/api/quick-messages?pageNumber=1', h)).json()
    expect(p1.records).toHaveLength(20)
    expect(p1).toMatchObject({ hasMore: true, count: 25 })
    expect(p1.records[0].shortcode).toBe('msg01')
    const p2 = (await call('GET', '/api/quick-messages?pageNumber=2', h)).json()
    expect(p2.records.map((r: Record) => r.shortcode)).toEqual(['msg21', 'msg22', 'msg23', 'msg24', 'msg25'])
    expect(p2.hasMore).toBe(false)
    expect(await shortcodes(h, `?searchParam=${encodeURIComponent('NATAL')}`)).toEqual([
      'msg05',
      'msg10',
      'msg15',
      'msg20',
      'msg25',
    ])
    expect(await shortcodes(h, '?searchParam=msg1&pageNumber=1')).toEqual([
      'msg10',
      'msg11',
      'msg12',
      'msg13',
      'msg14',
      'msg15',
      'msg16',
      'msg17',
      'msg18',
      'msg19',
    ])
    expect((await call('GET', '/api/quick-messages?searchParam=%25', h)).json()).toEqual({
      records: [],
      hasMore: false,
      count: 0,
    })
  })

  it('suggests active ones for the composer, the shortcodes starting with the text first', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'user' })
    const colleague = await userIn(t.app, companyId, 'user')
    await create(h, { shortcode: 'bomdia', message: 'Bom dia!' })
    await create(h, { shortcode: 'dia-util', message: 'Dias úteis' })
    await create(h, { shortcode: 'diaria', message: 'inactive', status: false })
    await create(colleague.headers, { shortcode: 'dia-da-colega', message: 'private' })
    await create(colleague.headers, { shortcode: 'dia-geral', message: 'shared', geral: true })
    const list = async (q: string) =>
      (await call('GET', `/api/quick-messages/list${q}`, h)).json().map((r: Record) => r.shortcode)
    expect(await list('')).toEqual(['bomdia', 'dia-geral', 'dia-util'])
    expect(await list('?searchParam=/dia')).toEqual(['dia-geral', 'dia-util', 'bomdia'])
    expect(await list(`?searchParam=dia&limit=1&userId=${colleague.userId}&companyId=1`)).toEqual(['dia-geral'])
    expect((await call('GET', '/api/quick-messages/list?limit=0', h)).statusCode).toBe(400)
  })

  it('attaches a file (replacing the old one), serves it by signed URL, and removes it', async () => {
    const { headers: h } = await companyWithUser(t.app, { profile: 'user' })
    const qm = await create(h, { shortcode: 'catalogo', message: 'Nosso catálogo' })
    const res = await upload(h, qm.id, 'catálogo 2024.png', 'image/png', PNG)
    expect(res.statusCode, res.body).toBe(200)
    const withImage: Record = res.json()
    expect(withImage).toMatchObject({ id: qm.id, isMedia: true, mediaName: 'catálogo 2024.png', mediaType: 'image' })
    expect(withImage.mediaPath).toMatch(/^\/api\/media\/\d+\/quick-messages\/.+\?exp=\d+&sig=/)
    const served = await t.app.inject({ method: 'GET', url: withImage.mediaPath! })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload).toEqual(PNG)
    const firstKey = (await keyOf(qm.id))!
    expect(firstKey).toMatch(/^\d+\/quick-messages\//)
    expect(existsSync(t.app.kernel.storage.path(firstKey))).toBe(true)
    // The list shows it too.
    expect((await call('GET', `/api/quick-messages?searchParam=catalogo`, h)).json().records[0]).toMatchObject({
      isMedia: true,
      mediaName: 'catálogo 2024.png',
    })

    const pdf = await upload(h, qm.id, 'tabela.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'))
    expect(pdf.json()).toMatchObject({ mediaName: 'tabela.pdf', mediaType: 'document' })
    expect(existsSync(t.app.kernel.storage.path(firstKey))).toBe(false)
    const secondKey = (await keyOf(qm.id))!

    const removed = await call('DELETE', `/api/quick-messages/${qm.id}/media-upload`, h)
    expect(removed.json()).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null, mediaType: null })
    expect(existsSync(t.app.kernel.storage.path(secondKey))).toBe(false)
    // Removing again is harmless.
    expect((await call('DELETE', `/api/quick-messages/${qm.id}/media-upload`, h)).statusCode).toBe(200)

    // Deleting the message deletes its file.
    await upload(h, qm.id, 'audio.ogg', 'audio/ogg', Buffer.from('OggS'))
    const thirdKey = (await keyOf(qm.id))!
    expect((await call('GET', `/api/quick-messages/${qm.id}`, h)).json().mediaType).toBe('audio')
    await call('DELETE', `/api/quick-messages/${qm.id}`, h)
    expect(existsSync(t.app.kernel.storage.path(thirdKey))).toBe(false)
  })

  it('refuses uploads without a file, of a refused type, or to a message out of reach, storing nothing', async () => {
    const { headers: h } = await companyWithUser(t.app, { profile: 'user' })
    const qm = await create(h, { shortcode: 'sem-arquivo' })
    const noFile = await upload(h, qm.id, 'a.png', 'image/png', PNG, 'other')
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'file' })
    const json = await call('POST', `/api/quick-messages/${qm.id}/media-upload`, h, { file: 'x' })
    expect(json.json()).toMatchObject({ statusCode: 400, field: 'file' })
    const bad = await upload(h, qm.id, 'x.bin', 'chemical/x-pdb', Buffer.alloc(10))
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'ERR_FILE_TYPE_NOT_ALLOWED', field: 'file' })
    expect((await upload(h, 999_999, 'a.png', 'image/png', PNG)).statusCode).toBe(404)
    expect(await keyOf(qm.id)).toBeNull()
  })

  it("deletes a deleted user's private messages with their files, keeping their company-wide ones", async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const leaving = await userIn(t.app, companyId, 'user')
    const priv = await create(leaving.headers, { shortcode: 'minha' })
    await upload(leaving.headers, priv.id, 'a.png', 'image/png', PNG)
    const key = (await keyOf(priv.id))!
    const shared = await create(leaving.headers, { shortcode: 'de-todos', geral: true })
    expect((await call('DELETE', `/api/users/${leaving.userId}`, h)).statusCode).toBe(200)
    await until(async () => !(await t.db('quick_messages').where({ id: priv.id }).first()))
    expect(existsSync(t.app.kernel.storage.path(key))).toBe(false)
    expect((await call('GET', `/api/quick-messages/${shared.id}`, h)).json()).toMatchObject({
      shortcode: 'de-todos',
      userId: null,
    })
    // Nobody is its author any more: admins keep it tidy.
    expect((await call('PUT', `/api/quick-messages/${shared.id}`, h, { message: 'kept' })).statusCode).toBe(200)
  })

  it("hides other companies' quick messages (404)", async () => {
    const a = await companyWithUser(t.app)
    const b = await companyWithUser(t.app)
    const qm = await create(a.headers, { shortcode: 'da-a', message: 'Segredo', geral: true })
    for (const url of [
      '/api/quick-messages',
      '/api/quick-messages/list',
      `/api/quick-messages?companyId=${a.companyId}&userId=${a.userId}`,
      `/api/quick-messages/list?companyId=${a.companyId}`,
    ]) {
      expect((await call('GET', url, b.headers)).body, url).not.toContain('Segredo')
    }
    for (const [method, url, payload] of [
      ['GET', `/api/quick-messages/${qm.id}`, undefined],
      ['PUT', `/api/quick-messages/${qm.id}`, { message: 'x' }],
      ['DELETE', `/api/quick-messages/${qm.id}`, undefined],
      ['DELETE', `/api/quick-messages/${qm.id}/media-upload`, undefined],
    ] as const) {
      const res = await call(method, url, b.headers, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().error).toBe('ERR_NO_QUICK_MESSAGE_FOUND')
    }
    expect((await upload(b.headers, qm.id, 'a.png', 'image/png', PNG)).statusCode).toBe(404)
    expect((await call('GET', `/api/quick-messages/${qm.id}`, a.headers)).json().message).toBe('Segredo')
  })

  it('delivers company-wide changes to the company and private ones to their author only', async () => {
    const { companyId } = admin
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const open = async (headers: Headers) => {
      const ws = new WebSocket(
        `${addr.replace('http', 'ws')}/socket?token=${encodeURIComponent(headers.authorization.slice(7))}`,
      )
      const frames: { event: string; data: any }[] = []
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve())
        ws.once('error', reject)
      })
      ws.send(JSON.stringify({ type: 'ping' }))
      await until(() => frames.some((f) => f.event === 'pong'))
      return {
        ws,
        frames,
        data: () => frames.filter((f) => f.event === `company-${companyId}-quickemessage`).map((f) => f.data),
      }
    }
    const annaSocket = await open(ana.headers)
    const biaSocket = await open(bia.headers)
    try {
      const priv = await create(ana.headers, { shortcode: 'rt-privada' })
      const shared = await create(ana.headers, { shortcode: 'rt-geral', geral: true })
      await call('PUT', `/api/quick-messages/${shared.id}`, ana.headers, { geral: false })
      await call('DELETE', `/api/quick-messages/${priv.id}`, ana.headers)
      await call('DELETE', `/api/quick-messages/${shared.id}`, ana.headers)
      await until(() => annaSocket.data().length === 6)
      expect(annaSocket.data().map((d) => [d.action, d.record?.shortcode ?? d.id])).toEqual([
        ['create', 'rt-privada'],
        ['create', 'rt-geral'],
        // No longer company-wide: everyone drops it, its author gets it back.
        ['delete', shared.id],
        ['update', 'rt-geral'],
        ['delete', priv.id],
        ['delete', shared.id],
      ])
      await until(() => biaSocket.data().length === 2)
      expect(biaSocket.data()).toEqual([
        { action: 'create', record: shared },
        { action: 'delete', id: shared.id },
      ])
      expect(JSON.stringify(biaSocket.frames)).not.toContain('rt-privada')
    } finally {
      annaSocket.ws.terminate()
      biaSocket.ws.terminate()
    }
  })
})
