import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import {
  createTestApp,
  companyWithUser,
  superHeaders,
  until,
  userIn,
  type Headers,
  type TestApp,
} from '@atende/kernel/testing'
import plugin from '../src/index.ts'
import type { Announcement, AnnouncementFrame } from '../src/api.ts'
import { GIF, HTML, PNG, multipart } from './support.ts'

/** The real kernel with this plugin alone, a database of this file's own, HTTP through app.inject(). */
describe('announcements', () => {
  let t: TestApp
  let sup: Headers
  let admin: Headers
  let user: Headers
  beforeAll(async () => {
    t = await createTestApp({ plugins: [plugin] })
    sup = await superHeaders(t.app)
    const company = await companyWithUser(t.app, { profile: 'admin' })
    admin = company.headers
    user = (await userIn(t.app, company.companyId, 'user')).headers
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const create = (body: object): Promise<Announcement> => ok('POST', '/api/announcements', sup, body)
  const upload = (id: number, field: string, fileName: string, mimetype: string, data: Buffer, headers = sup) => {
    const parts = [
      { field, fileName, mimetype, data },
      ...(field === 'richContentImage' ? [{ field: 'blockId', value: 'b2' }] : []),
    ]
    const body = multipart(parts)
    const path = field === 'file' ? 'media-upload' : 'rich-content-upload'
    return t.app.inject({
      method: 'POST',
      url: `/api/announcements/${id}/${path}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    })
  }
  const richUrl = async (id: number) => {
    const res = await upload(id, 'richContentImage', 'pic.png', 'image/png', PNG)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { url: string; blockId: string }
  }

  it('lets the super user create, read, edit and delete; everyone reads the active ones', async () => {
    const record = await create({ title: '  Maintenance  ', text: 'Sunday 02:00' })
    expect(record).toMatchObject({
      title: 'Maintenance',
      text: 'Sunday 02:00',
      priority: 3,
      status: true,
      richContent: [],
      mediaPath: null,
      mediaName: null,
    })
    expect(await ok('GET', `/api/announcements/${record.id}`, user)).toEqual(record)
    const edited = await ok('PUT', `/api/announcements/${record.id}`, sup, { priority: 1, text: 'Saturday' })
    expect(edited).toMatchObject({ id: record.id, title: 'Maintenance', text: 'Saturday', priority: 1 })
    await ok('DELETE', `/api/announcements/${record.id}`, sup)
    const gone = await call('GET', `/api/announcements/${record.id}`, sup)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error).toBe('ERR_NO_ANNOUNCEMENT_FOUND')
    expect((await call('PUT', `/api/announcements/${record.id}`, sup, { title: 'x' })).statusCode).toBe(404)
    expect((await call('DELETE', `/api/announcements/${record.id}`, sup)).statusCode).toBe(404)
  })

  it('lets only the super user manage (403 ERR_NO_PERMISSION for admins and users)', async () => {
    const record = await create({ title: 'Only super', text: 'x' })
    for (const h of [admin, user]) {
      for (const [method, url, payload] of [
        ['POST', '/api/announcements', { title: 'x', text: 'y' }],
        ['PUT', `/api/announcements/${record.id}`, { title: 'x' }],
        ['DELETE', `/api/announcements/${record.id}`],
        ['DELETE', `/api/announcements/${record.id}/media-upload`],
      ] as const) {
        const res = await call(method, url, h, payload)
        expect(res.statusCode, `${method} ${url}`).toBe(403)
        expect(res.json().error).toBe('ERR_NO_PERMISSION')
      }
      for (const field of ['file', 'richContentImage']) {
        const res = await upload(record.id, field, 'a.png', 'image/png', PNG, h)
        expect(res.statusCode, field).toBe(403)
        expect(res.json().error).toBe('ERR_NO_PERMISSION')
      }
    }
    expect((await ok('GET', `/api/announcements/${record.id}`, sup)).title).toBe('Only super')
    await ok('DELETE', `/api/announcements/${record.id}`, sup)
  })

  it('lists by priority then newest; non-super users see only the active ones', async () => {
    const low = await create({ title: 'Low', text: 'x', priority: 3 })
    const high = await create({ title: 'High', text: 'x', priority: 1 })
    const mid = await create({ title: 'Mid', text: 'x', priority: 2 })
    const newerHigh = await create({ title: 'Newer high', text: 'x', priority: 1 })
    const hidden = await create({ title: 'Hidden draft', text: 'secret', status: false })
    const titles = (page: { records: Announcement[] }) => page.records.map((r) => r.title)
    const forUser = await ok('GET', '/api/announcements', user)
    expect(titles(forUser)).toEqual(['Newer high', 'High', 'Mid', 'Low'])
    expect(forUser).toMatchObject({ count: 4, hasMore: false })
    expect(titles(await ok('GET', '/api/announcements', sup))).toEqual([
      'Newer high',
      'High',
      'Mid',
      'Hidden draft',
      'Low',
    ])
    expect(titles(await ok('GET', '/api/announcements?searchParam=SECRET', sup))).toEqual(['Hidden draft'])
    expect(titles(await ok('GET', '/api/announcements?searchParam=SECRET', admin))).toEqual([])
    const res = await call('GET', `/api/announcements/${hidden.id}`, admin)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('ERR_NO_ANNOUNCEMENT_FOUND')
    // Deactivating (the screen's action) takes it from everyone but the super user.
    await ok('PUT', `/api/announcements/${mid.id}`, sup, { status: false })
    expect(titles(await ok('GET', '/api/announcements', user))).toEqual(['Newer high', 'High', 'Low'])
    for (const r of [low, high, mid, newerHigh, hidden]) await ok('DELETE', `/api/announcements/${r.id}`, sup)
  })

  it('pages 20 at a time', async () => {
    const made: Announcement[] = []
    for (let i = 0; i < 21; i++) made.push(await create({ title: `Page ${i}`, text: 'x' }))
    const p1 = await ok('GET', '/api/announcements', user)
    expect(p1.records).toHaveLength(20)
    expect(p1).toMatchObject({ hasMore: true, count: 21 })
    const p2 = await ok('GET', '/api/announcements?pageNumber=2', user)
    expect(p2.records.map((r: Announcement) => r.title)).toEqual(['Page 0'])
    for (const r of made) await ok('DELETE', `/api/announcements/${r.id}`, sup)
  })

  it('validates the body and its blocks with 400 naming the field', async () => {
    const cases: [object, string, string?][] = [
      [{}, 'title'],
      [{ title: '   ', text: 'x' }, 'title'],
      [{ title: 'x'.repeat(201), text: 'x' }, 'title'],
      [{ title: 'No content' }, 'text', 'É necessário adicionar conteúdo ao informativo'],
      [{ title: 'No content', text: '   ', richContent: [] }, 'text', 'É necessário adicionar conteúdo ao informativo'],
      [{ title: 'P', text: 'x', priority: 0 }, 'priority'],
      [{ title: 'P', text: 'x', priority: 4 }, 'priority'],
      [{ title: 'B', richContent: [{ id: 'a', type: 'video', content: 'x' }] }, 'richContent.0.type'],
      [{ title: 'B', richContent: [{ id: 'a', type: 'html', content: '<script>' }] }, 'richContent.0.type'],
      [{ title: 'B', richContent: [{ id: 'a', type: 'text', content: 'x', style: 'h1' }] }, 'richContent.0.style'],
      [{ title: 'B', richContent: [{ id: 'a', type: 'text', content: '  ' }] }, 'richContent.0.content'],
      [
        {
          title: 'B',
          richContent: [
            { id: 'a', type: 'text', content: 'x' },
            { id: 'a', type: 'text', content: 'y' },
          ],
        },
        'richContent.1.id',
      ],
      [{ title: 'B', richContent: [{ id: 'a', type: 'image', content: 'x', size: 'huge' }] }, 'richContent.0.size'],
      [
        { title: 'B', richContent: [{ id: 'a', type: 'image', content: 'x', position: 'top' }] },
        'richContent.0.position',
      ],
      [
        { title: 'B', richContent: [{ id: 'a', type: 'image', content: 'x', size: 'custom', customWidth: 49 }] },
        'richContent.0.customWidth',
      ],
      [
        { title: 'B', richContent: [{ id: 'a', type: 'image', content: 'x', size: 'custom', customWidth: 1001 }] },
        'richContent.0.customWidth',
      ],
      [
        {
          title: 'B',
          richContent: [{ id: 'a', type: 'image', content: 'x', size: 'custom', customWidth: 300, customHeight: 801 }],
        },
        'richContent.0.customHeight',
      ],
      [
        {
          title: 'B',
          richContent: [{ id: 'a', type: 'image', content: 'x', size: 'custom', customWidth: 300, customHeight: 49 }],
        },
        'richContent.0.customHeight',
      ],
    ]
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/announcements', sup, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: 'ERR_VALIDATION', field })
      if (message) expect(res.json().message).toBe(message)
    }
    expect((await call('GET', '/api/announcements/abc', sup)).statusCode).toBe(400)
  })

  it('takes images in blocks only from its own rich-content upload, and signs them on every read', async () => {
    const record = await create({ title: 'With images', text: 'x' })
    const { url, blockId } = await richUrl(record.id)
    expect(blockId).toBe('b2')
    expect(url).toMatch(/^\/api\/media\/\d+\/announcements\/.+\?exp=\d+&sig=/)
    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toContain('image/png')

    const key = url.slice('/api/media/'.length).split('?')[0]
    const forged = [
      'https://evil.example/a.png',
      'javascript:alert(1)',
      `data:image/png;base64,${PNG.toString('base64')}`,
      `/api/media/${key}`,
      `/api/media/${key.replace('announcements', 'media')}?exp=9999999999&sig=${'a'.repeat(43)}`,
      `/api/media/${key.replace(/[^/]+$/, 'missing.png')}?exp=9999999999&sig=${'a'.repeat(43)}`,
      `/api/media/../../etc/passwd?exp=9999999999&sig=${'a'.repeat(43)}`,
    ]
    for (const content of forged) {
      const res = await call('PUT', `/api/announcements/${record.id}`, sup, {
        richContent: [{ id: 'i', type: 'image', content }],
      })
      expect(res.statusCode, content).toBe(400)
      expect(res.json().field).toBe('richContent.0.content')
    }

    const saved = await ok('PUT', `/api/announcements/${record.id}`, sup, {
      text: '',
      richContent: [
        { id: 't1', type: 'text', content: 'Hello <b>all</b>', style: 'title', size: 'large' },
        {
          id: 'b2',
          type: 'image',
          content: url,
          size: 'custom',
          customWidth: 320,
          customHeight: 200,
          caption: 'Our team',
        },
      ],
    })
    // Text comes from the text blocks; fields of the other kind are dropped; the text is kept as text.
    expect(saved.text).toBe('Hello <b>all</b>')
    expect(saved.richContent[0]).toEqual({ id: 't1', type: 'text', content: 'Hello <b>all</b>', style: 'title' })
    expect(saved.richContent[1]).toMatchObject({
      id: 'b2',
      type: 'image',
      size: 'custom',
      customWidth: 320,
      customHeight: 200,
      position: 'center',
      textWrap: false,
      caption: 'Our team',
    })
    const stored = await t.db('announcements').where({ id: record.id }).first('richContent')
    const blocks = typeof stored.richContent === 'string' ? JSON.parse(stored.richContent) : stored.richContent
    expect(blocks[1].content).toBe(key)
    const read = await ok('GET', `/api/announcements/${record.id}`, user)
    expect(read.richContent[1].content).toMatch(new RegExp(`^/api/media/${key.replace(/[.]/g, '\\.')}\\?exp=`))
    expect((await t.app.inject({ method: 'GET', url: read.richContent[1].content })).statusCode).toBe(200)
    // Saving back what was read keeps the image (the signed URL is taken again).
    await ok('PUT', `/api/announcements/${record.id}`, sup, { richContent: read.richContent })

    // Only images (by their bytes, whatever the name says).
    for (const [name, type, data] of [
      ['page.png', 'image/png', HTML],
      ['page.html', 'text/html', HTML],
    ] as const) {
      const res = await upload(record.id, 'richContentImage', name, type, data)
      expect(res.statusCode, name).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED', field: 'richContentImage' })
    }
    expect((await upload(record.id, 'richContentImage', 'a.gif', 'image/gif', GIF)).statusCode).toBe(200)
    const none = await upload(999_999, 'richContentImage', 'a.png', 'image/png', PNG)
    expect(none.statusCode).toBe(404)
    await ok('DELETE', `/api/announcements/${record.id}`, sup)
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
  })

  it('attaches and removes a png/jpg file', async () => {
    const record = await create({ title: 'Attachment', text: 'x' })
    const res = await upload(record.id, 'file', 'poster.png', 'image/png', PNG)
    expect(res.statusCode, res.body).toBe(200)
    const withFile: Announcement = res.json()
    expect(withFile.mediaName).toBe('poster.png')
    expect(withFile.mediaPath).toMatch(/^\/api\/media\/.+\?exp=/)
    expect((await t.app.inject({ method: 'GET', url: withFile.mediaPath! })).statusCode).toBe(200)
    const gif = await upload(record.id, 'file', 'a.gif', 'image/gif', GIF)
    expect(gif.statusCode).toBe(400)
    expect(gif.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED', field: 'file' })
    const detached = await ok('DELETE', `/api/announcements/${record.id}/media-upload`, sup)
    expect(detached).toMatchObject({ mediaPath: null, mediaName: null })
    expect((await t.app.inject({ method: 'GET', url: withFile.mediaPath! })).statusCode).toBe(404)
    expect((await upload(999_999, 'file', 'a.png', 'image/png', PNG)).statusCode).toBe(404)
    await ok('DELETE', `/api/announcements/${record.id}`, sup)
  })

  it("reaches every company's users live: active ones whole, deactivated and deleted ones as delete", async () => {
    const a = await companyWithUser(t.app, { profile: 'user' })
    const b = await companyWithUser(t.app, { profile: 'admin' })
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const open = async (headers: Headers, companyId: number) => {
      const ws = new WebSocket(
        `${addr.replace('http', 'ws')}/socket?token=${encodeURIComponent(headers.authorization.slice(7))}`,
      )
      const frames: { event: string; data: AnnouncementFrame }[] = []
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve())
        ws.once('error', reject)
      })
      ws.send(JSON.stringify({ type: 'ping' }))
      await until(() => frames.some((f) => f.event === 'pong'))
      const data = () => frames.filter((f) => f.event === `company-${companyId}-announcement`).map((f) => f.data)
      return { ws, data, all: () => frames.filter((f) => f.event.endsWith('-announcement')) }
    }
    const sa = await open(a.headers, a.companyId)
    const sb = await open(b.headers, b.companyId)
    try {
      const record = await create({ title: 'Live', text: 'hello', priority: 1 })
      await ok('PUT', `/api/announcements/${record.id}`, sup, { title: 'Live 2' })
      await ok('PUT', `/api/announcements/${record.id}`, sup, { status: false })
      const draft = await create({ title: 'Draft', text: 'x', status: false })
      await ok('DELETE', `/api/announcements/${record.id}`, sup)
      await until(() => sa.data().length === 5 && sb.data().length === 5)
      for (const s of [sa, sb]) {
        expect(s.data()).toEqual([
          { action: 'create', record: expect.objectContaining({ id: record.id, title: 'Live', priority: 1 }) },
          { action: 'update', record: expect.objectContaining({ id: record.id, title: 'Live 2' }) },
          { action: 'delete', id: record.id },
          { action: 'delete', id: draft.id },
          { action: 'delete', id: record.id },
        ])
        // Each socket hears only its own company's channel.
        expect(s.all()).toHaveLength(5)
      }
      await ok('DELETE', `/api/announcements/${draft.id}`, sup)
    } finally {
      sa.ws.terminate()
      sb.ws.terminate()
    }
  })

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const ops = Object.fromEntries(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>)
        .filter(([path]) => path.startsWith('/api/announcements'))
        .map(([path, methods]) => [path, Object.keys(methods).sort()]),
    )
    expect(ops).toEqual({
      '/api/announcements': ['get', 'post'],
      '/api/announcements/{id}': ['delete', 'get', 'put'],
      '/api/announcements/{id}/media-upload': ['delete', 'post'],
      '/api/announcements/{id}/rich-content-upload': ['post'],
    })
  })
})
