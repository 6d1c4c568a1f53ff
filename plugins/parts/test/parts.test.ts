import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import XLSX from 'xlsx'
import {
  createTestApp,
  companyWithUser,
  superHeaders,
  until,
  userIn,
  type Headers,
  type TestApp,
} from '@atende/kernel/testing'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import usersPlugin from '@atende/plugin-users'
import plugin from '../src/index.ts'
import { createGrants } from '../src/grants.ts'
import { PART_COLUMNS } from '../src/api.ts'

const HEADER = [...PART_COLUMNS]
const GOOD: unknown[][] = [
  HEADER,
  [
    'P-1',
    'Pastilha de freio',
    'Dianteira',
    '',
    '2010-2015',
    'Volkswagen',
    'Gol',
    'Freio',
    'Pastilha cerâmica',
    'Sim',
    'Centro',
  ],
  ['P-2', 'Farol', 'Dianteiro', 'Esquerdo', 2014, 'Chevrolet', 'Onix', 'Iluminação', '', 'Não', 'Norte'],
  ['P-3', 'Pastilha de freio', 'Traseira', '', '2016-2020', 'Volkswagen', 'Gol', 'Freio', '', 'Sim', 'Sul'],
]

function sheet(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Peças')
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer
}

/** A multipart body with the file and the companyId field, as the screen sends it. */
function multipart(fileName: string, data: Buffer, companyId: number | string) {
  const boundary = `----parts${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n${companyId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** The real kernel with the plugins a ticket needs (users, contacts, tickets, connections) and this one. */
describe('parts import and consult', () => {
  let t: TestApp
  let root: Headers
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, plugin] })
    root = await superHeaders(t.app)
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const upload = (h: Headers, fileName: string, data: Buffer, companyId: number | string) => {
    const m = multipart(fileName, data, companyId)
    return t.app.inject({
      method: 'POST',
      url: '/api/part-inventory/import-parts-excel',
      headers: { ...h, ...m.headers },
      payload: m.payload,
    })
  }
  const granted = async () => {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    expect((await call('PUT', `/api/part-inventory/grants/${admin.companyId}`, root)).statusCode).toBe(200)
    return admin
  }

  it('lets only the super user grant, list and revoke; without the grant every parts route is 403', async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    const url = `/api/part-inventory/grants/${a.companyId}`
    for (const [method, path] of [
      ['PUT', url],
      ['DELETE', url],
      ['GET', url],
      ['GET', '/api/part-inventory/grants'],
    ] as const) {
      const res = await call(method, path, a.headers)
      expect(res.statusCode, `${method} ${path}`).toBe(403)
      expect(res.json().error).toBe('ERR_NO_PERMISSION')
    }
    expect((await call('GET', '/api/part-inventory/access', a.headers)).json()).toEqual({ granted: false })
    const refused = [
      await upload(a.headers, 'p.xlsx', sheet(GOOD), a.companyId),
      await call('POST', '/api/part-inventory/start-parts-consult-flow', a.headers, {
        whatsappNumber: '5547999990000',
      }),
    ]
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().error).toBe('ERR_PARTS_NOT_GRANTED')
    }

    const mirrored = () => t.app.kernel.settings.get(a.companyId, 'partsGranted')
    expect(await mirrored()).toBe('false')
    expect((await call('PUT', url, root)).json()).toEqual({ companyId: a.companyId, granted: true })
    // The drawer's item follows the grant through the company's managed setting.
    expect(await mirrored()).toBe('true')
    expect((await call('PUT', url, root)).statusCode).toBe(200) // twice is once
    expect((await call('GET', url, root)).json()).toEqual({ companyId: a.companyId, granted: true })
    expect((await call('GET', '/api/part-inventory/grants', root)).json().companyIds).toContain(a.companyId)
    expect((await call('GET', '/api/part-inventory/access', a.headers)).json()).toEqual({ granted: true })
    expect((await upload(a.headers, 'p.xlsx', sheet(GOOD), a.companyId)).statusCode).toBe(200)

    expect((await call('DELETE', url, root)).json()).toEqual({ companyId: a.companyId, granted: false })
    expect(await mirrored()).toBe('false')
    expect((await call('GET', '/api/part-inventory/grants', root)).json().companyIds).not.toContain(a.companyId)
    expect((await upload(a.headers, 'p.xlsx', sheet(GOOD), a.companyId)).statusCode).toBe(403)

    const missing = await call('PUT', '/api/part-inventory/grants/999999999', root)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toBe('ERR_NO_COMPANY_FOUND')
  })

  it('mirrors at boot the grants given before the setting existed', async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    await t.app.kernel.tenant(a.companyId).insert('part_grants', {})
    expect(await t.app.kernel.settings.get(a.companyId, 'partsGranted')).toBe('false')
    await createGrants(t.app.kernel).mirrorAll()
    expect(await t.app.kernel.settings.get(a.companyId, 'partsGranted')).toBe('true')
  })

  it('imports a good spreadsheet (xlsx and xls) and updates by ID on re-import', async () => {
    const a = await granted()
    const first = await upload(a.headers, 'pecas.xlsx', sheet(GOOD), a.companyId)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ imported: 3, updated: 0, errors: [] })
    const rows = await t.db('parts').where({ companyId: a.companyId }).orderBy('sheetId')
    expect(rows.map((r) => [r.sheetId, r.name, r.year, r.inStock, r.branch])).toEqual([
      ['P-1', 'Pastilha de freio', '2010-2015', true, 'Centro'],
      ['P-2', 'Farol', '2014', false, 'Norte'],
      ['P-3', 'Pastilha de freio', '2016-2020', true, 'Sul'],
    ])
    expect(rows[0]).toMatchObject({
      position: 'Dianteira',
      brand: 'Volkswagen',
      model: 'Gol',
      specificPart: 'Pastilha cerâmica',
    })

    // P-2 now in stock elsewhere; P-4 is new; the .xls format reads the same.
    const again = sheet(
      [
        HEADER,
        ['P-2', 'Farol', 'Dianteiro', 'Esquerdo', 2014, 'Chevrolet', 'Onix', 'Iluminação', '', 'sim', 'Leste'],
        ['P-4', 'Retrovisor', '', 'Direito', '', 'Fiat', 'Uno', '', '', 'Não', 'Centro'],
      ],
      'biff8',
    )
    const second = await upload(a.headers, 'pecas.xls', again, a.companyId)
    expect(second.json()).toEqual({ imported: 1, updated: 1, errors: [] })
    expect(await t.db('parts').where({ companyId: a.companyId, sheetId: 'P-2' }).first()).toMatchObject({
      inStock: true,
      branch: 'Leste',
    })
    expect(Number((await t.db('parts').where({ companyId: a.companyId }).count({ n: '*' }).first())!.n)).toBe(4)

    // Same IDs in another company are another company's parts.
    const b = await granted()
    expect((await upload(b.headers, 'pecas.xlsx', sheet(GOOD), b.companyId)).json()).toMatchObject({
      imported: 3,
      updated: 0,
    })
    expect((await t.db('parts').where({ companyId: a.companyId, sheetId: 'P-1' }).first()).branch).toBe('Centro')
  })

  it('refuses other file types, wrong columns and another company; reports bad rows and imports the rest', async () => {
    const a = await granted()
    const cases: [string, Buffer, string][] = [
      ['pecas.csv', Buffer.from('ID,Peça\n1,Farol\n'), 'ERR_PARTS_FILE_TYPE'],
      ['disfarce.xlsx', Buffer.from('ID,Peça\n1,Farol\n'), 'ERR_PARTS_FILE_TYPE'],
      [
        'colunas.xlsx',
        sheet([
          ['ID', 'Peça', 'Ano'],
          ['1', 'Farol', '2014'],
        ]),
        'ERR_PARTS_COLUMNS',
      ],
      ['vazia.xlsx', sheet([]), 'ERR_PARTS_COLUMNS'],
      ['ordem.xlsx', sheet([[...HEADER].reverse()]), 'ERR_PARTS_COLUMNS'],
    ]
    for (const [name, data, code] of cases) {
      const res = await upload(a.headers, name, data, a.companyId)
      expect(res.statusCode, name).toBe(400)
      expect(res.json(), name).toMatchObject({ error: code, field: 'file' })
    }

    const b = await companyWithUser(t.app, { profile: 'admin' })
    const other = await upload(a.headers, 'pecas.xlsx', sheet(GOOD), b.companyId)
    expect(other.statusCode).toBe(403)
    expect(other.json().error).toBe('ERR_PARTS_OTHER_COMPANY')
    const noCompany = await upload(a.headers, 'pecas.xlsx', sheet(GOOD), '')
    expect(noCompany.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'companyId' })
    expect(await t.db('parts').where({ companyId: b.companyId }).first()).toBeUndefined()

    // Headers are matched without accents or case; the bad rows are reported with their Excel row number.
    const header = [
      'id',
      'PECA',
      'posicao',
      'lado',
      'ano',
      'marca',
      'modelo',
      'tipo',
      'peca especifica',
      'em estoque',
      'filial',
    ]
    const res = await upload(
      a.headers,
      'pecas.xlsx',
      sheet([
        header,
        ['B-1', 'Farol', '', '', '2014', 'Fiat', 'Uno', '', '', 'Sim', 'Centro'], // row 2: good
        ['', 'Sem ID', '', '', '', '', '', '', '', 'Sim', ''], // row 3
        ['B-2', '', '', '', '', '', '', '', '', 'Sim', ''], // row 4
        ['B-3', 'Lanterna', '', '', 'ontem', '', '', '', '', 'Sim', ''], // row 5
        ['B-4', 'Lanterna', '', '', '', '', '', '', '', 'talvez', ''], // row 6
        [], // row 7: blank, skipped
        ['B-1', 'Farol repetido', '', '', '', '', '', '', '', 'Não', ''], // row 8
        ['B-5', 'x'.repeat(201), '', '', '', '', '', '', '', 'Não', ''], // row 9
      ]),
      a.companyId,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      imported: 1,
      updated: 0,
      errors: [
        { row: 3, field: 'ID', code: 'required', message: expect.any(String) },
        { row: 4, field: 'Peça', code: 'required', message: expect.any(String) },
        { row: 5, field: 'Ano', code: 'year', message: expect.any(String) },
        { row: 6, field: 'Em Estoque?', code: 'stock', message: expect.any(String) },
        { row: 8, field: 'ID', code: 'duplicate', message: expect.any(String) },
        { row: 9, field: 'Peça', code: 'tooLong', message: expect.any(String) },
      ],
    })
    expect((await t.db('parts').where({ companyId: a.companyId }).select('sheetId')).map((r) => r.sheetId)).toEqual([
      'B-1',
    ])
  })

  it('imports only for admins (parts:import); attendants may start a consult', async () => {
    const a = await granted()
    const user = await userIn(t.app, a.companyId, 'user')
    const res = await upload(user.headers, 'pecas.xlsx', sheet(GOOD), a.companyId)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('ERR_NO_PERMISSION')
    const consult = await call('POST', '/api/part-inventory/start-parts-consult-flow', user.headers, {
      whatsappNumber: '+55 (47) 99999-0000',
    })
    expect(consult.statusCode).toBe(404)
    expect(consult.json().error).toBe('ERR_NO_PENDING_TICKET')
    const bad = await call('POST', '/api/part-inventory/start-parts-consult-flow', user.headers, { whatsappNumber: '' })
    expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'whatsappNumber' })
  })

  it('consults end to end through the simulator: part, model, year, then the matching parts with stock and branch', async () => {
    const a = await granted()
    expect((await upload(a.headers, 'pecas.xlsx', sheet(GOOD), a.companyId)).statusCode).toBe(200)
    const w = (await call('POST', '/api/whatsapp', a.headers, { name: 'Loja', provider: 'simulator' })).json()
    expect((await call('POST', `/api/simulator/${w.id}/scan`, a.headers, {})).statusCode).toBe(200)
    const from = '5547988887777'
    const outbox = async () =>
      (await call('GET', `/api/simulator/${w.id}/outbox?to=${from}`, a.headers)).json().messages as { body: string }[]
    let seen = 0
    /** The bot's next message on the customer's phone. */
    const next = async () => {
      await until(async () => (await outbox()).length > seen)
      const box = await outbox()
      seen = box.length
      return box[box.length - 1].body
    }
    const say = async (body: string) => {
      const res = await call('POST', `/api/simulator/${w.id}/inbound`, a.headers, { from, body })
      expect(res.statusCode, res.body).toBe(200)
    }
    const ticketOf = async () => {
      const contact = await t.db('contacts').where({ companyId: a.companyId, number: from }).first('id')
      return contact && t.db('tickets').where({ companyId: a.companyId, contactId: contact.id }).first()
    }

    await say('Oi, preciso de uma peça')
    await until(async () => (await ticketOf())?.status === 'pending')
    seen = (await outbox()).length

    // Another company's user cannot start it on this customer (not its ticket).
    const b = await granted()
    const foreign = await call('POST', '/api/part-inventory/start-parts-consult-flow', b.headers, {
      whatsappNumber: from,
    })
    expect(foreign.json().error).toBe('ERR_NO_PENDING_TICKET')

    const started = await call('POST', '/api/part-inventory/start-parts-consult-flow', a.headers, {
      whatsappNumber: '+55 47 98888-7777',
    })
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json()).toEqual({ ticketId: (await ticketOf()).id, started: true })
    expect(await next()).toMatch(/qual peça/i)
    await say('pastilha de freio')
    expect(await next()).toMatch(/modelo/i)
    await say('VW Gol')
    expect(await next()).toMatch(/ano/i)
    await say('2012')
    const answer = await next()
    expect(answer).toContain('Pastilha de freio')
    expect(answer).toContain('Dianteira')
    expect(answer).toContain('Em estoque: Sim')
    expect(answer).toContain('Filial: Centro')
    expect(answer).not.toContain('Sul') // P-3 is for 2016-2020
    expect(answer).not.toContain('Farol')
    expect((await ticketOf()).status).toBe('pending')
    expect(await t.db('part_consults').where({ companyId: a.companyId }).first()).toBeUndefined()

    // Over: the next message is the attendants' again (no bot answer, no consult row).
    await say('obrigado')
    await until(
      async () => (await t.db('messages').where({ companyId: a.companyId, body: 'obrigado' }).first()) != null,
    )
    expect(await t.db('part_consults').where({ companyId: a.companyId }).first()).toBeUndefined()

    // Nothing found: said so, with the handoff.
    await call('POST', '/api/part-inventory/start-parts-consult-flow', a.headers, { whatsappNumber: from })
    expect(await next()).toMatch(/qual peça/i)
    await say('volante')
    await next()
    await say('Uno')
    await next()
    await say('1999')
    expect(await next()).toMatch(/Não encontramos/)

    // An attendant accepts mid-consult: the customer's next message ends it and is left to people.
    await call('POST', '/api/part-inventory/start-parts-consult-flow', a.headers, { whatsappNumber: from })
    expect(await next()).toMatch(/qual peça/i)
    const ticket = await ticketOf()
    const accepted = await call('PUT', `/api/tickets/${ticket.id}`, a.headers, { status: 'open' })
    expect(accepted.statusCode, accepted.body).toBe(200)
    await say('farol')
    await until(async () => !(await t.db('part_consults').where({ ticketId: ticket.id }).first()))
    expect((await outbox()).length).toBe(seen)
  })
})
