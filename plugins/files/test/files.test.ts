import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { createTestApp, companyWithUser, userIn, type Headers, type TestApp } from '@atende/kernel/testing'
import plugin from '../src/index.ts'
import type { FileList, FileListsRef } from '../src/api.ts'
import { PDF, PNG, multipart, until, type Part } from './support.ts'

const MAX = 64 * 1024

/** The real kernel with this plugin alone, a database of this file's own, HTTP through app.inject(). */
describe('file lists', () => {
  let t: TestApp
  let dataDir: string
  let admin: Awaited<ReturnType<typeof companyWithUser>>
  const events: { name: string; payload: any }[] = []
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-files-'))
    t = await createTestApp({ plugins: [plugin], config: { dataDir, mediaMaxBytes: MAX } })
    admin = await companyWithUser(t.app, { profile: 'admin' })
    for (const name of ['fileList.created', 'fileList.updated', 'fileList.deleted'] as const)
      t.app.kernel.bus.on(name, (payload) => {
        events.push({ name, payload })
      })
  })
  afterAll(async () => {
    await t?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const create = async (h: Headers, body: object): Promise<FileList> => {
    const res = await call('POST', '/api/files', h, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const upload = (h: Headers, id: number, parts: Part[]) => {
    const body = multipart(parts)
    return t.app.inject({
      method: 'POST',
      url: `/api/files/uploadList/${id}`,
      headers: { ...h, ...body.headers },
      payload: body.payload,
    })
  }
  const png = (fileName = 'foto.png'): Part => ({ field: 'files', fileName, mimetype: 'image/png', data: PNG })
  const pdf = (fileName = 'tabela.pdf'): Part => ({ field: 'files', fileName, mimetype: 'application/pdf', data: PDF })
  const stored = async () =>
    existsSync(join(dataDir, 'media'))
      ? (await readdir(join(dataDir, 'media'), { recursive: true, withFileTypes: true })).filter((d) => d.isFile())
          .length
      : 0
  const keyOf = (signed: string) => decodeURIComponent(/^\/api\/media\/([^?]+)\?/.exec(signed)![1]!)

  it('creates a list with options, uploads their files, edits, and deletes it with its files', async () => {
    const { headers: h, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    expect((await call('GET', '/api/files', h)).json()).toEqual({ files: [], count: 0, hasMore: false })
    const list = await create(h, {
      name: '  Catálogo  ',
      message: 'Segue o catálogo',
      options: [{ name: 'Foto' }, { name: 'Tabela' }],
    })
    expect(list).toMatchObject({ name: 'Catálogo', message: 'Segue o catálogo', companyId })
    expect(list.options.map((o) => [o.name, o.path, o.fileId])).toEqual([
      ['Foto', null, list.id],
      ['Tabela', null, list.id],
    ])
    const [foto, tabela] = list.options
    // Fields after their file, as the spec's client sends them; the n-th value goes with the n-th file.
    const up = await upload(h, list.id, [
      png(),
      { field: 'id', value: String(foto!.id) },
      { field: 'name', value: 'Foto' },
      { field: 'mediaType', value: 'image/png' },
      { field: 'id', value: String(tabela!.id) },
      { field: 'name', value: 'Tabela de preços' },
      pdf(),
      { field: 'typeArch', value: 'fileList' },
    ])
    expect(up.statusCode, up.body).toBe(200)
    const withFiles: FileList = up.json()
    expect(withFiles.options).toMatchObject([
      { id: foto!.id, name: 'Foto', mediaType: 'image', mimetype: 'image/png', mediaName: 'foto.png' },
      { id: tabela!.id, name: 'Tabela de preços', mediaType: 'document', mimetype: 'application/pdf' },
    ])
    for (const o of withFiles.options) expect(o.path).toMatch(/^\/api\/media\/\d+\/file-lists\/.+\?exp=\d+&sig=/)
    const served = await t.app.inject({ method: 'GET', url: withFiles.options[0]!.path! })
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png'])
    expect(served.rawPayload).toEqual(PNG)
    expect((await call('GET', `/api/files/${list.id}`, h)).json()).toMatchObject({
      id: list.id,
      options: [{ id: foto!.id }, { id: tabela!.id }],
    })

    // A new file for an option replaces its old one, which is removed.
    const oldFoto = keyOf(withFiles.options[0]!.path!)
    const replaced = await upload(h, list.id, [{ field: 'id', value: String(foto!.id) }, png('nova.png')])
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json().options[0]).toMatchObject({ id: foto!.id, name: 'Foto', mediaName: 'nova.png' })
    await until(() => !existsSync(t.app.kernel.storage.path(oldFoto)))
    // Without an id a file is a new option at the end, named by `name` or by the file.
    const added = (await upload(h, list.id, [pdf('extra.pdf')])).json() as FileList
    expect(added.options.map((o) => o.name)).toEqual(['Foto', 'Tabela de preços', 'extra.pdf'])

    // Edit: rename, drop an option (its file goes), keep the others in a new order.
    const tabelaKey = keyOf(added.options[1]!.path!)
    const edited = await call('PUT', `/api/files/${list.id}`, h, {
      name: 'Catálogo 2026',
      options: [{ id: added.options[2]!.id, name: 'Extra' }, { id: foto!.id, name: 'Foto' }, { name: 'Vazia' }],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ name: 'Catálogo 2026', message: 'Segue o catálogo' })
    expect(edited.json().options.map((o: { name: string; path: string | null }) => [o.name, !!o.path])).toEqual([
      ['Extra', true],
      ['Foto', true],
      ['Vazia', false],
    ])
    await until(() => !existsSync(t.app.kernel.storage.path(tabelaKey)))

    const keys = (edited.json() as FileList).options.filter((o) => o.path).map((o) => keyOf(o.path!))
    expect((await call('DELETE', `/api/files/${list.id}`, h)).statusCode).toBe(200)
    for (const key of keys) expect(existsSync(t.app.kernel.storage.path(key))).toBe(false)
    const gone = await call('GET', `/api/files/${list.id}`, h)
    expect([gone.statusCode, gone.json().error]).toEqual([404, 'ERR_NO_FILE_FOUND'])
  })

  it('lists by name a page at a time as { files, count, hasMore }, searchable', async () => {
    const { headers: h } = await companyWithUser(t.app, { profile: 'admin' })
    for (let i = 21; i >= 1; i--)
      await create(h, { name: `Lista ${String(i).padStart(2, '0')}`, message: i === 7 ? 'a da sorte' : 'texto' })
    const p1 = (await call('GET', '/api/files?companyId=999', h)).json()
    expect(p1).toMatchObject({ hasMore: true, count: 21 })
    expect(p1.files).toHaveLength(20)
    expect(p1.files[0].name).toBe('Lista 01')
    const p2 = (await call('GET', '/api/files?pageNumber=2', h)).json()
    expect(p2.files.map((r: FileList) => r.name)).toEqual(['Lista 21'])
    expect(p2.hasMore).toBe(false)
    const found = (await call('GET', '/api/files?searchParam=SORTE', h)).json()
    expect([found.count, found.files.map((r: FileList) => r.name)]).toEqual([1, ['Lista 07']])
  })

  it('validates: name of 3+ characters, message required, names unique (400/409 naming the field)', async () => {
    const cases: [object, string][] = [
      [{ message: 'm' }, 'name'],
      [{ name: '', message: 'm' }, 'name'],
      [{ name: '  ab  ', message: 'm' }, 'name'],
      [{ name: 'x'.repeat(101), message: 'm' }, 'name'],
      [{ name: 'Lista' }, 'message'],
      [{ name: 'Lista', message: '   ' }, 'message'],
      [{ name: 'Lista', message: 'm', options: [{ name: 'ok' }, { name: ' ' }] }, 'options.1.name'],
    ]
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/files', admin.headers, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: 'ERR_VALIDATION', field })
    }
    const tooMany = await call('POST', '/api/files', admin.headers, {
      name: 'Muitas',
      message: 'm',
      options: Array.from({ length: 21 }, (_, i) => ({ name: `o${i}` })),
    })
    expect(tooMany.statusCode).toBe(400)
    expect((await call('GET', '/api/files/abc', admin.headers)).statusCode).toBe(400)

    const first = await create(admin.headers, { name: 'Promoções', message: 'm' })
    const other = await create(admin.headers, { name: 'Outra lista', message: 'm' })
    const dup = await call('POST', '/api/files', admin.headers, { name: ' promoções ', message: 'x' })
    expect([dup.statusCode, dup.json().error, dup.json().field]).toEqual([409, 'ERR_FILE_LIST_NAME_IN_USE', 'name'])
    const rename = await call('PUT', `/api/files/${other.id}`, admin.headers, { name: 'PROMOÇÕES' })
    expect([rename.statusCode, rename.json().error]).toEqual([409, 'ERR_FILE_LIST_NAME_IN_USE'])
    // Another company may use the same name; renaming to its own name is fine.
    const b = await companyWithUser(t.app, { profile: 'admin' })
    await create(b.headers, { name: 'Promoções', message: 'm' })
    expect((await call('PUT', `/api/files/${first.id}`, admin.headers, { name: 'Promoções' })).statusCode).toBe(200)
    // An edit never takes undeclared fields (companyId, id) into the row.
    const sneaky = await call('PUT', `/api/files/${first.id}`, admin.headers, {
      message: 'nova',
      companyId: b.companyId,
      id: 999999,
    })
    expect(sneaky.json()).toMatchObject({ id: first.id, companyId: admin.companyId, message: 'nova' })
  })

  it('reads the type from the bytes and enforces the size limit, storing nothing it refuses', async () => {
    const list = await create(admin.headers, { name: 'Uploads', message: 'm' })
    const before = await stored()
    const refused: [Part[], string][] = [
      // Text claiming to be an image.
      [
        [
          {
            field: 'files',
            fileName: 'foto.png',
            mimetype: 'image/png',
            data: Buffer.from('not a picture at all, sorry'),
          },
        ],
        'ERR_FILE_TYPE_NOT_ALLOWED',
      ],
      // A program under any name.
      [
        [
          {
            field: 'files',
            fileName: 'setup.pdf',
            mimetype: 'application/pdf',
            data: Buffer.from([
              0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0,
              0, 0, 0, 0, 0, 0,
            ]),
          },
        ],
        'ERR_FILE_TYPE_NOT_ALLOWED',
      ],
      // Over MEDIA_MAX_BYTES (here 64 KiB), after a good file that must not stay either.
      [
        [
          png(),
          {
            field: 'files',
            fileName: 'grande.pdf',
            mimetype: 'application/pdf',
            data: Buffer.concat([PDF, Buffer.alloc(MAX + 10, 0x20)]),
          },
        ],
        'ERR_FILE_TOO_LARGE',
      ],
      [[{ field: 'name', value: 'sem arquivo' }], 'ERR_VALIDATION'],
    ]
    for (const [parts, error] of refused) {
      const res = await upload(admin.headers, list.id, parts)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json(), error).toMatchObject({ error, field: 'files' })
    }
    // An option name over 100 is refused naming the limit, never cut; its file is not kept.
    const long = await upload(admin.headers, list.id, [{ field: 'name', value: 'x'.repeat(101) }, pdf()])
    expect(long.statusCode, long.body).toBe(400)
    expect(long.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'options.0.name', max: 100 })
    const notMultipart = await call('POST', `/api/files/uploadList/${list.id}`, admin.headers, { files: [] })
    expect(notMultipart.statusCode).toBe(400)
    await until(async () => (await stored()) === before)
    expect((await call('GET', `/api/files/${list.id}`, admin.headers)).json().options).toEqual([])

    // The browser's word does not count: a PDF sent as an image is stored and named as a PDF.
    const res = await upload(admin.headers, list.id, [
      { field: 'files', fileName: 'foto.png', mimetype: 'image/png', data: PDF },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const option = res.json().options[0]
    expect(option).toMatchObject({ mediaType: 'document', mimetype: 'application/pdf' })
    expect(option.path).toMatch(/foto\.png\.pdf\?/)

    // A name of exactly 100 is kept whole; with no name sent, the option takes its file's name, as
    // much of it as a name holds (the whole file name stays its mediaName).
    const exact = await upload(admin.headers, list.id, [{ field: 'name', value: 'n'.repeat(100) }, pdf()])
    expect(exact.statusCode, exact.body).toBe(200)
    const fileName = `${'y'.repeat(120)}.pdf`
    const nameless = await upload(admin.headers, list.id, [pdf(fileName)])
    expect(nameless.statusCode, nameless.body).toBe(200)
    expect(nameless.json().options.map((o: { name: string; mediaName: string }) => [o.name, o.mediaName])).toEqual([
      ['foto.png', 'foto.png'],
      ['n'.repeat(100), 'tabela.pdf'],
      ['y'.repeat(100), fileName],
    ])
  })

  it('lets every user of the company read and only admins write (files:manage)', async () => {
    const list = await create(admin.headers, { name: 'Compartilhada', message: 'm', options: [{ name: 'a' }] })
    const user = (await userIn(t.app, admin.companyId, 'user')).headers
    expect((await call('GET', `/api/files/${list.id}`, user)).statusCode).toBe(200)
    expect((await call('GET', '/api/files', user)).statusCode).toBe(200)
    for (const [method, url, payload] of [
      ['POST', '/api/files', { name: 'xyz', message: 'm' }],
      ['PUT', `/api/files/${list.id}`, { name: 'xyz' }],
      ['DELETE', `/api/files/${list.id}`],
    ] as const) {
      const res = await call(method, url, user, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    const up = await upload(user, list.id, [png()])
    expect([up.statusCode, up.json().error]).toEqual([403, 'ERR_NO_PERMISSION'])
  })

  it("keeps other companies' lists and options out of reach (404 / 400) and unchanged", async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    const b = await companyWithUser(t.app, { profile: 'admin' })
    const secret = await create(a.headers, { name: 'Segredo de A', message: 'm', options: [{ name: 'opção de A' }] })
    const aOption = secret.options[0]!.id
    expect((await call('GET', '/api/files?searchParam=Segredo', b.headers)).json().files).toEqual([])
    for (const [method, payload] of [['GET'], ['PUT', { name: 'Tomada' }], ['DELETE']] as const) {
      const res = await call(method, `/api/files/${secret.id}`, b.headers, payload)
      expect(res.statusCode, method).toBe(404)
      expect(res.json().error).toBe('ERR_NO_FILE_FOUND')
    }
    expect((await upload(b.headers, secret.id, [png()])).statusCode).toBe(404)
    // B's own list cannot take A's option, neither by edit nor by upload.
    const mine = await create(b.headers, { name: 'Lista de B', message: 'm' })
    const byEdit = await call('PUT', `/api/files/${mine.id}`, b.headers, { options: [{ id: aOption, name: 'x' }] })
    expect([byEdit.statusCode, byEdit.json().error, byEdit.json().field]).toEqual([
      400,
      'ERR_NO_FILE_OPTION_FOUND',
      'options.0.id',
    ])
    const byUpload = await upload(b.headers, mine.id, [{ field: 'id', value: String(aOption) }, png()])
    expect([byUpload.statusCode, byUpload.json().error]).toEqual([400, 'ERR_NO_FILE_OPTION_FOUND'])
    expect((await call('GET', `/api/files/${secret.id}`, a.headers)).json()).toEqual(secret)
  })

  it('publishes fileLists: a list with its files as storage keys, null for another company, inside a unit of work too', async () => {
    const list = await create(admin.headers, {
      name: 'Para campanhas',
      message: 'Olá',
      options: [{ name: 'Sem arquivo' }],
    })
    await upload(admin.headers, list.id, [{ field: 'name', value: 'Folheto' }, pdf('folheto.pdf')])
    const api = t.app.kernel.services.get<FileListsRef>('fileLists')
    const got = await api.get(admin.companyId, list.id)
    expect(got).toMatchObject({
      id: list.id,
      name: 'Para campanhas',
      message: 'Olá',
      options: [{ name: 'Folheto', mediaType: 'document', mimetype: 'application/pdf', fileName: 'folheto.pdf' }],
    })
    expect(got!.options).toHaveLength(1)
    expect(t.app.kernel.storage.companyOf(got!.options[0]!.mediaKey)).toBe(admin.companyId)
    expect(existsSync(t.app.kernel.storage.path(got!.options[0]!.mediaKey))).toBe(true)
    const other = await companyWithUser(t.app, { profile: 'admin' })
    expect(await api.get(other.companyId, list.id)).toBeNull()
    expect(await api.exists(other.companyId, list.id)).toBe(false)
    const inside = await t.app.kernel.unitOfWork(admin.companyId, async (uow) => [
      await api.exists(admin.companyId, list.id, uow),
      (await api.get(admin.companyId, list.id, uow))?.options.length,
    ])
    expect(inside).toEqual([true, 1])
  })

  it('answers GET /api/files/{id} as a list and old signed /api/files/<key> links as files', async () => {
    const list = await create(admin.headers, { name: 'Rotas', message: 'm' })
    const up = (await upload(admin.headers, list.id, [png()])).json() as FileList
    const media = up.options[0]!.path!
    const legacy = media.replace(/^\/api\/media\//, '/api/files/')
    for (const url of [media, legacy]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect([res.statusCode, res.headers['content-type']], url).toEqual([200, 'image/png'])
      expect(res.rawPayload).toEqual(PNG)
    }
    // No bearer: a list id is not a file link, and a key without its signature is refused.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${list.id}` })).statusCode).toBe(401)
    expect((await call('GET', `/api/files/${list.id}`, admin.headers)).json().name).toBe('Rotas')
    expect((await t.app.inject({ method: 'GET', url: legacy.split('?')[0]! })).statusCode).toBe(403)
    // The legacy wildcard never serves list routes' paths.
    expect((await call('GET', `/api/files/${list.id}?exp=1&sig=x`, admin.headers)).json().name).toBe('Rotas')
  })

  it("sends create, update and delete to the company's company-{id}-file channel only", async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    const b = await companyWithUser(t.app, { profile: 'admin' })
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
      return { ws, frames }
    }
    const sa = await open(a.headers)
    const sb = await open(b.headers)
    try {
      const list = await create(a.headers, { name: 'Ao vivo', message: 'm' })
      await call('PUT', `/api/files/${list.id}`, a.headers, { message: 'editada' })
      await upload(a.headers, list.id, [png()])
      await call('DELETE', `/api/files/${list.id}`, a.headers)
      const mine = () => sa.frames.filter((f) => f.event === `company-${a.companyId}-file`).map((f) => f.data)
      await until(() => mine().length === 4)
      expect(mine().map((d) => [d.action, d.record?.message ?? d.id])).toEqual([
        ['create', 'm'],
        ['update', 'editada'],
        ['update', 'editada'],
        ['delete', list.id],
      ])
      expect(mine()[2].record.options).toHaveLength(1)
      expect(events.filter((e) => e.payload.companyId === a.companyId).map((e) => e.name)).toEqual([
        'fileList.created',
        'fileList.updated',
        'fileList.updated',
        'fileList.deleted',
      ])
      expect(JSON.stringify(sb.frames)).not.toContain('Ao vivo')
      expect(sb.frames.some((f) => String(f.event).endsWith('-file'))).toBe(false)
    } finally {
      sa.ws.terminate()
      sb.ws.terminate()
    }
  })
})
