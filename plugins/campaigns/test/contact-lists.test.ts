import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import XLSX from 'xlsx'
import { createTestApp, companyWithUser, until, userIn, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import plugin from '../src/index.ts'

type Res = { statusCode: number; body: string; json(): any }

/** A spreadsheet made here, as a user's Excel would save it. */
function sheet(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos')
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer
}

function multipart(fileName: string, data: Buffer, field = 'file') {
  const boundary = '----atende-cl-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe('contact lists API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, plugin],
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const inject = (h: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h, payload }) as Promise<Res>
  const ok = async (p: Promise<Res>) => {
    const res = await p
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const upload = (h: Headers, listId: number, fileName: string, data: Buffer, field = 'file') => {
    const m = multipart(fileName, data, field)
    return t.app.inject({
      method: 'POST',
      url: `/api/contact-lists/${listId}/upload`,
      headers: { ...h, ...m.headers },
      payload: m.payload,
    }) as Promise<Res>
  }
  async function admin() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      inject(headers, method, url, payload)
    return { headers, companyId, call }
  }

  it('creates, lists with contactsCount, searches, pages, renames and deletes lists', async () => {
    const { call, companyId } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: '  Clientes VIP ', companyId: 999 }))
    expect(list).toMatchObject({ companyId, name: 'Clientes VIP', contactsCount: 0 })
    for (const n of ['5511988880001', '5511988880002'])
      await ok(call('POST', '/api/contact-list-items', { name: 'Ana', number: n, contactListId: list.id }))
    for (let i = 0; i < 21; i++)
      await ok(call('POST', '/api/contact-lists', { name: `Lista ${String(i).padStart(2, '0')}` }))

    const first = await ok(call('GET', '/api/contact-lists'))
    expect(first.records).toHaveLength(20)
    expect(first.hasMore).toBe(true)
    expect(first.records[0]).toMatchObject({ id: list.id, contactsCount: 2 })
    const second = await ok(call('GET', '/api/contact-lists?pageNumber=2'))
    expect(second.records).toHaveLength(2)
    expect(second.hasMore).toBe(false)
    const found = await ok(call('GET', '/api/contact-lists?searchParam=vip'))
    expect(found.records.map((r: { id: number }) => r.id)).toEqual([list.id])
    const choices = await ok(call('GET', '/api/contact-lists/list'))
    expect(choices).toHaveLength(22)
    expect(choices[0]).toEqual({ id: list.id, name: 'Clientes VIP' })

    expect(await ok(call('GET', `/api/contact-lists/${list.id}`))).toMatchObject({
      name: 'Clientes VIP',
      contactsCount: 2,
    })
    const renamed = await ok(call('PUT', `/api/contact-lists/${list.id}`, { name: 'Clientes' }))
    expect(renamed).toMatchObject({ id: list.id, name: 'Clientes', contactsCount: 2 })
    await ok(call('DELETE', `/api/contact-lists/${list.id}`))
    expect((await call('GET', `/api/contact-lists/${list.id}`)).statusCode).toBe(404)
    expect(await t.db('contact_list_items').where({ contactListId: list.id })).toEqual([])
  })

  it('validates list names (2 to 50, required)', async () => {
    const { call } = await admin()
    for (const name of ['', ' a ', 'x'.repeat(51)]) {
      const res = await call('POST', '/api/contact-lists', { name })
      expect(res.statusCode, name).toBe(400)
      expect(res.json().field).toBe('name')
    }
    expect((await call('POST', '/api/contact-lists', {})).statusCode).toBe(400)
    const l = await ok(call('POST', '/api/contact-lists', { name: 'ab' }))
    expect((await call('PUT', `/api/contact-lists/${l.id}`, { name: 'a' })).json().field).toBe('name')
  })

  it('adds, reads, searches, edits and validates items; numbers normalised, one per list', async () => {
    const { call, companyId } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Leads' }))
    const other = await ok(call('POST', '/api/contact-lists', { name: 'Outros' }))
    const item = await ok(
      call('POST', '/api/contact-list-items', {
        name: 'Bruno',
        number: '+55 (47) 9999-8888',
        email: 'bruno@example.com',
        contactListId: list.id,
      }),
    )
    // The contacts plugin's rule: country code and ninth digit added.
    expect(item).toMatchObject({
      companyId,
      contactListId: list.id,
      name: 'Bruno',
      number: '5547999998888',
      email: 'bruno@example.com',
      isWhatsappValid: null,
    })
    expect(await ok(call('GET', `/api/contact-list-items/${item.id}`))).toEqual(item)

    const dup = await call('POST', '/api/contact-list-items', {
      name: 'Outro',
      number: '5547999998888',
      contactListId: list.id,
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ error: 'ERR_CONTACT_LIST_ITEM_NUMBER_IN_USE', field: 'number' })
    // The same number in another list is fine.
    await ok(
      call('POST', '/api/contact-list-items', { name: 'Bruno', number: '5547999998888', contactListId: other.id }),
    )

    const bad: [object, string][] = [
      [{ name: 'B', number: '5547999990001' }, 'name'],
      [{ name: 'x'.repeat(51), number: '5547999990001' }, 'name'],
      [{ name: 'Bia', number: '1234567' }, 'number'],
      [{ name: 'Bia', number: '1'.repeat(51) }, 'number'],
      [{ name: 'Bia', number: '5547999990001', email: 'not-an-email' }, 'email'],
    ]
    for (const [body, field] of bad) {
      const res = await call('POST', '/api/contact-list-items', { ...body, contactListId: list.id })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().field).toBe(field)
    }
    await ok(
      call('POST', '/api/contact-list-items', {
        name: 'Carla',
        number: '5547999990002',
        email: '',
        contactListId: list.id,
      }),
    )

    const page = await ok(call('GET', `/api/contact-list-items?contactListId=${list.id}`))
    expect(page.hasMore).toBe(false)
    expect(page.contacts.map((c: { name: string }) => c.name)).toEqual(['Bruno', 'Carla'])
    const byNumber = await ok(call('GET', `/api/contact-list-items?contactListId=${list.id}&searchParam=9888`))
    expect(byNumber.contacts.map((c: { id: number }) => c.id)).toEqual([item.id])
    const byEmail = await ok(call('GET', `/api/contact-list-items?contactListId=${list.id}&searchParam=BRUNO%40`))
    expect(byEmail.contacts).toHaveLength(1)

    const edited = await ok(call('PUT', `/api/contact-list-items/${item.id}`, { name: 'Bruno Lima', email: '' }))
    expect(edited).toMatchObject({ id: item.id, name: 'Bruno Lima', email: '', number: '5547999998888' })
    const clash = await call('PUT', `/api/contact-list-items/${item.id}`, { number: '5547999990002' })
    expect(clash.statusCode).toBe(409)
    expect((await call('PUT', `/api/contact-list-items/${item.id}`, { email: 'x@' })).json().field).toBe('email')
  })

  it('gates deleting an item by contacts-page:deleteContact; lists are for admins', async () => {
    const { call, companyId } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Gate' }))
    const item = await ok(
      call('POST', '/api/contact-list-items', { name: 'Dora', number: '5511977770001', contactListId: list.id }),
    )
    const { headers: attendant } = await userIn(t.app, companyId, 'user')
    const denied = await inject(attendant, 'DELETE', `/api/contact-list-items/${item.id}`)
    expect(denied.statusCode).toBe(403)
    expect((await inject(attendant, 'GET', '/api/contact-lists')).statusCode).toBe(403)
    expect((await inject(attendant, 'POST', '/api/contact-lists', { name: 'Nope' })).statusCode).toBe(403)
    await ok(call('DELETE', `/api/contact-list-items/${item.id}`))
    expect((await call('GET', `/api/contact-list-items/${item.id}`)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/contact-list-items/${item.id}`)).statusCode).toBe(404)
    expect((await ok(call('GET', `/api/contact-lists/${list.id}`))).contactsCount).toBe(0)
  })

  it('keeps tenants apart on every route', async () => {
    const a = await admin()
    const b = await admin()
    const list = await ok(a.call('POST', '/api/contact-lists', { name: 'Da A' }))
    const item = await ok(
      a.call('POST', '/api/contact-list-items', { name: 'Eva', number: '5511966660001', contactListId: list.id }),
    )
    expect((await b.call('GET', `/api/contact-lists/${list.id}`)).statusCode).toBe(404)
    expect((await b.call('PUT', `/api/contact-lists/${list.id}`, { name: 'Minha' })).statusCode).toBe(404)
    expect((await b.call('DELETE', `/api/contact-lists/${list.id}`)).statusCode).toBe(404)
    expect((await ok(b.call('GET', '/api/contact-lists'))).records).toEqual([])
    expect(await ok(b.call('GET', '/api/contact-lists/list'))).toEqual([])
    expect((await b.call('GET', `/api/contact-list-items/${item.id}`)).statusCode).toBe(404)
    expect((await b.call('PUT', `/api/contact-list-items/${item.id}`, { name: 'Minha' })).statusCode).toBe(404)
    expect((await b.call('DELETE', `/api/contact-list-items/${item.id}`)).statusCode).toBe(404)
    const items = await b.call('GET', `/api/contact-list-items?contactListId=${list.id}`)
    expect(items.statusCode).toBe(400)
    expect(items.json().field).toBe('contactListId')
    const into = await b.call('POST', '/api/contact-list-items', {
      name: 'Fia',
      number: '5511966660002',
      contactListId: list.id,
    })
    expect(into.statusCode).toBe(400)
    expect(into.json().field).toBe('contactListId')
    const own = await ok(b.call('POST', '/api/contact-lists', { name: 'Da B' }))
    const mine = await ok(
      b.call('POST', '/api/contact-list-items', { name: 'Gil', number: '5511966660003', contactListId: own.id }),
    )
    const move = await b.call('PUT', `/api/contact-list-items/${mine.id}`, { contactListId: list.id })
    expect(move.statusCode).toBe(400)
    expect((await upload(b.headers, list.id, 'l.xlsx', sheet([['numero'], ['5511966660004']]))).statusCode).toBe(404)
    expect(await t.db('contact_list_items').where({ contactListId: list.id })).toHaveLength(1)
  })

  it('serves the example spreadsheet, which imports as is', async () => {
    const { call, headers } = await admin()
    const res = await t.app.inject({ method: 'GET', url: '/api/contact-lists/example', headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toContain('.xlsx')
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Exemplo' }))
    const result = await ok(upload(headers, list.id, 'planilha_exemplo.xlsx', res.rawPayload))
    expect(result).toEqual({ created: 2, updated: 0, errors: [] })
  })

  it('imports by header name: upserts by number, reports row errors, takes .xls too', async () => {
    const { call, headers } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Importada' }))
    const existing = await ok(
      call('POST', '/api/contact-list-items', { name: 'Antigo', number: '5511955550001', contactListId: list.id }),
    )
    const file = sheet([
      ['E-MAIL', 'NÚMERO', 'Nome'],
      ['novo@example.com', 5511955550001, 'Atualizado'],
      ['', '(11) 95555-0002', 'Beatriz'],
      [],
      ['ruim', '5511955550003', 'Caio'],
      ['', '123', 'Davi'],
      ['', '5511955550002', 'Repetida'],
      ['', '5511955550004', 'E'],
    ])
    const result = await ok(upload(headers, list.id, 'contatos.xlsx', file))
    expect(result.created).toBe(1)
    expect(result.updated).toBe(1)
    expect(result.errors).toEqual([
      { row: 5, field: 'email', message: expect.any(String) },
      { row: 6, field: 'number', message: expect.any(String) },
      { row: 7, field: 'number', message: expect.stringContaining('row 3') },
      { row: 8, field: 'name', message: expect.any(String) },
    ])
    const page = await ok(call('GET', `/api/contact-list-items?contactListId=${list.id}`))
    expect(page.contacts.map((c: any) => [c.name, c.number, c.email])).toEqual([
      ['Atualizado', '5511955550001', 'novo@example.com'],
      ['Beatriz', '5511955550002', ''],
    ])
    expect(page.contacts[0].id).toBe(existing.id)
    expect((await ok(call('GET', `/api/contact-lists/${list.id}`))).contactsCount).toBe(2)

    const xls = sheet(
      [
        ['name', 'number'],
        ['Fábio', '5511955550005'],
      ],
      'biff8',
    )
    expect(await ok(upload(headers, list.id, 'antiga.xls', xls))).toEqual({ created: 1, updated: 0, errors: [] })
  })

  it('imports 5,000 rows in one go', async () => {
    const { call, headers } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Grande' }))
    const rows: unknown[][] = [['nome', 'numero', 'email']]
    for (let i = 0; i < 5000; i++) rows.push([`Pessoa ${i}`, `55119${String(i).padStart(8, '0')}`, `p${i}@example.com`])
    const result = await ok(upload(headers, list.id, 'grande.xlsx', sheet(rows)))
    expect(result).toEqual({ created: 5000, updated: 0, errors: [] })
    expect((await ok(call('GET', `/api/contact-lists/${list.id}`))).contactsCount).toBe(5000)
  }, 60_000)

  it('refuses what is not a readable spreadsheet with a 400 on file', async () => {
    const { call, headers } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Arquivos' }))
    const cases: [string, Buffer, string][] = [
      ['notas.txt', Buffer.from('nome,numero\nAna,5511944440001\n'), 'ERR_SPREADSHEET_INVALID'],
      ['disfarce.xlsx', Buffer.from('nome,numero\nAna,5511944440001\n'), 'ERR_SPREADSHEET_INVALID'],
      [
        'quebrado.xlsx',
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
        'ERR_SPREADSHEET_INVALID',
      ],
      [
        'sem-numero.xlsx',
        sheet([
          ['nome', 'email'],
          ['Ana', 'a@b.com'],
        ]),
        'ERR_SPREADSHEET_NO_NUMBER_COLUMN',
      ],
    ]
    for (const [name, data, code] of cases) {
      const res = await upload(headers, list.id, name, data)
      expect(res.statusCode, name).toBe(400)
      expect(res.json(), name).toMatchObject({ error: code, field: 'file' })
    }
    const missing = await upload(headers, list.id, 'x.xlsx', sheet([['numero']]), 'other')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().field).toBe('file')
    const json = await call('POST', `/api/contact-lists/${list.id}/upload`, { file: 'x' })
    expect(json.statusCode).toBe(400)
    expect(await t.db('contact_list_items').where({ contactListId: list.id })).toEqual([])
  })

  it('refuses a spreadsheet of more than 10,000 rows', async () => {
    const { call, headers } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Enorme' }))
    const rows: unknown[][] = [['numero']]
    for (let i = 0; i <= 10_000; i++) rows.push([`55119${String(i).padStart(8, '0')}`])
    const res = await upload(headers, list.id, 'enorme.xlsx', sheet(rows))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'ERR_SPREADSHEET_TOO_LARGE', field: 'file' })
    expect(await t.db('contact_list_items').where({ contactListId: list.id })).toEqual([])
  }, 60_000)

  it("stops a parse at the worker's time limit (CONTACT_LIST_IMPORT_TIMEOUT_MS)", async () => {
    const { call, headers } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Lenta' }))
    const before = process.env.CONTACT_LIST_IMPORT_TIMEOUT_MS
    process.env.CONTACT_LIST_IMPORT_TIMEOUT_MS = '1'
    try {
      const rows: unknown[][] = [['nome', 'numero']]
      for (let i = 0; i < 3000; i++) rows.push([`P ${i}`, `55119${String(i).padStart(8, '0')}`])
      const res = await upload(headers, list.id, 'lenta.xlsx', sheet(rows))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_SPREADSHEET_TIMEOUT', field: 'file' })
    } finally {
      if (before === undefined) delete process.env.CONTACT_LIST_IMPORT_TIMEOUT_MS
      else process.env.CONTACT_LIST_IMPORT_TIMEOUT_MS = before
    }
    expect(await t.db('contact_list_items').where({ contactListId: list.id })).toEqual([])
    // The next import, with the default limit, works.
    expect(
      (
        await ok(
          upload(
            headers,
            list.id,
            'ok.xlsx',
            sheet([
              ['numero', 'nome'],
              ['5511933330001', 'Ok'],
            ]),
          ),
        )
      ).created,
    ).toBe(1)
  })

  it("fills isWhatsappValid through the company's connected session (the simulator: numbers ending in 0000 have none)", async () => {
    const { call, headers } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Checada' }))
    // No connection connected yet: not checked.
    const early = await ok(
      call('POST', '/api/contact-list-items', { name: 'Cedo', number: '5511911115555', contactListId: list.id }),
    )
    expect(early.isWhatsappValid).toBeNull()
    const w = await ok(call('POST', '/api/whatsapp', { name: 'Checa', provider: 'simulator' }))
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    await ok(call('POST', '/api/contact-list-items', { name: 'Zé', number: '5511911110000', contactListId: list.id }))
    await ok(
      upload(
        headers,
        list.id,
        'c.xlsx',
        sheet([
          ['numero', 'nome'],
          ['5511911112222', 'Valido'],
        ]),
      ),
    )
    const state = async () =>
      Object.fromEntries(
        (await t.db('contact_list_items').where({ contactListId: list.id })).map((r: any) => [
          r.name,
          r.isWhatsappValid,
        ]),
      )
    await until(async () => (await state())['Valido'] === true && (await state())['Zé'] === false)
    expect(await state()).toEqual({ Cedo: null, Zé: false, Valido: true })
  })

  it('answers hostile input with 4xx and the error shape, never 5xx', async () => {
    const { call, headers } = await admin()
    const list = await ok(call('POST', '/api/contact-lists', { name: 'Hostil' }))
    const item = await ok(
      call('POST', '/api/contact-list-items', { name: 'Ok', number: '5511900000001', contactListId: list.id }),
    )
    const odd = ['a\u0000b', 'x'.repeat(100_000), 'ção \uD800 \u202Eevil 🧪', '']
    const bodies: object[] = [
      ...odd.map((name) => ({ name })),
      { name: 5 },
      { name: null },
      JSON.parse('{"__proto__": {"polluted": true}, "name": "Proto"}'),
      ...odd.map((v) => ({ name: v, number: v, email: v, contactListId: list.id })),
      { name: 'Ok', number: '5511900000002', contactListId: 2147483648 },
      { name: 'Ok', number: 5511900000002, contactListId: list.id },
    ]
    const urls: ['POST' | 'PUT', string][] = [
      ['POST', '/api/contact-lists'],
      ['PUT', `/api/contact-lists/${list.id}`],
      ['POST', '/api/contact-list-items'],
      ['PUT', `/api/contact-list-items/${item.id}`],
    ]
    for (const [method, url] of urls)
      for (const body of bodies) {
        const res = await call(method, url, body)
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500)
        if (res.statusCode >= 400) expect(res.json().error).toMatch(/^ERR_/)
      }
    for (const q of [
      'pageNumber=0',
      'pageNumber=abc',
      'searchParam=%00',
      `searchParam=${'%25'.repeat(300)}`,
      'contactListId=abc',
    ]) {
      for (const path of ['/api/contact-lists', `/api/contact-list-items?contactListId=${list.id}&`]) {
        const res = await call('GET', `${path}${path.includes('?') ? '' : '?'}${q}`)
        expect(res.statusCode, `${path} ${q}`).toBeLessThan(500)
      }
    }
    for (const id of ['0', '-1', '2147483648', 'abc'])
      expect((await call('GET', `/api/contact-lists/${id}`)).statusCode).toBeLessThan(500)
    const garbage = await t.app.inject({
      method: 'POST',
      url: `/api/contact-lists/${list.id}/upload`,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=nope' },
      payload: 'not multipart at all',
    })
    expect(garbage.statusCode).toBe(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('sends ContactList and ContactListItem frames to the company room', async () => {
    const { headers: h, companyId, call } = await admin()
    const outsider = await companyWithUser(t.app, { profile: 'admin' })
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
    const mine = await open(h)
    const theirs = await open(outsider.headers)
    try {
      const lists = `company-${companyId}-ContactList`
      const items = `company-${companyId}-ContactListItem`
      const of = (ch: string) => mine.frames.filter((f) => f.event === ch).map((f) => f.data)
      const list = await ok(call('POST', '/api/contact-lists', { name: 'Ao vivo' }))
      const item = await ok(
        call('POST', '/api/contact-list-items', { name: 'Ivo', number: '5511922220001', contactListId: list.id }),
      )
      await ok(call('PUT', `/api/contact-list-items/${item.id}`, { name: 'Ivo 2' }))
      await ok(call('DELETE', `/api/contact-list-items/${item.id}`))
      await ok(
        upload(
          h,
          list.id,
          'a.xlsx',
          sheet([
            ['numero', 'nome'],
            ['5511922220002', 'Jo'],
          ]),
        ),
      )
      await ok(call('DELETE', `/api/contact-lists/${list.id}`))
      await until(() => of(items).length === 4 && of(lists).some((d) => d.action === 'delete'))
      expect(of(items)).toEqual([
        { action: 'create', record: item },
        { action: 'update', record: expect.objectContaining({ id: item.id, name: 'Ivo 2' }) },
        { action: 'delete', id: item.id, contactListId: list.id },
        { action: 'reload', contactListId: list.id },
      ])
      expect(of(lists)[0]).toEqual({ action: 'create', record: list })
      expect(of(lists)).toContainEqual({
        action: 'update',
        record: expect.objectContaining({ id: list.id, contactsCount: 1 }),
      })
      expect(of(lists).at(-1)).toEqual({ action: 'delete', id: list.id })
      expect(theirs.frames.filter((f) => f.event !== 'pong')).toEqual([])
    } finally {
      mine.ws.terminate()
      theirs.ws.terminate()
    }
  })
})
