import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'
import contactsPlugin from '../src/index.ts'
import { csvCell, exportNumber } from '../src/csv.ts'
import { ANNOUNCE_EACH_MAX } from '../src/upload.ts'

interface Frame {
  event: string
  data?: { action: string; contact?: { id: number; name: string }; contactId?: number; count?: number }
}

/** Upload of spreadsheet rows, the CSV export, the address-book import, and the live contact frames. */
describe('contacts import, export and live events', () => {
  let t: TestApp
  let admin: Headers
  let companyId: number
  let other: Headers
  let otherCompanyId: number
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as object })

  beforeAll(async () => {
    t = await createTestApp({ plugins: [contactsPlugin] })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const a = await companyWithUser(t.app, { profile: 'admin' })
    ;({ headers: admin, companyId } = a)
    const b = await companyWithUser(t.app, { profile: 'admin' })
    ;({ headers: other, companyId: otherCompanyId } = b)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('uploads good rows in bulk and reports each bad one with its row and reason', async () => {
    const existing = (await call('POST', '/api/contacts', admin, { name: 'Já Existe', number: '5547911110000' })).json()
    const rows = [
      { row: 2, name: 'Ana Paula', number: '(47) 99111-2222', email: 'ANA@x.com' },
      { row: 3, name: 'B', number: '5547991113333' },
      { row: 4, name: 'Sem Número', number: '12' },
      { row: 5, name: 'Email Ruim', number: '5547991114444', email: 'ruim@' },
      { row: 6, name: 'Ana de Novo', number: '+55 47 99111-2222' },
      { row: 7, name: 'Cliente Antigo', number: '47 91111-0000' },
      { row: 8, name: 'x'.repeat(60), number: '5547991115555' },
      { row: 9, name: 'Carlos', number: 5547991116666 as unknown as string },
    ]
    const res = await call('POST', '/api/contacts/upload', admin, rows)
    expect(res.statusCode, res.body).toBe(200)
    const { newContacts, errorBag } = res.json()
    expect(
      newContacts.map((c: { name: string; number: string; email: string }) => [c.name, c.number, c.email]),
    ).toEqual([
      ['Ana Paula', '5547991112222', 'ana@x.com'],
      ['Carlos', '5547991116666', ''],
    ])
    expect(errorBag.map((e: { row: number; reason: string }) => [e.row, e.reason])).toEqual([
      [3, 'nameTooShort'],
      [4, 'invalidNumber'],
      [5, 'invalidEmail'],
      [6, 'duplicateInFile'],
      [7, 'alreadyExists'],
      [8, 'nameTooLong'],
    ])
    expect(errorBag.find((e: { row: number }) => e.row === 6)).toMatchObject({
      firstRow: 2,
      name: 'Ana de Novo',
      number: '+55 47 99111-2222',
    })
    expect(errorBag.find((e: { row: number }) => e.row === 7)).toMatchObject({
      contact: { id: existing.id, name: 'Já Existe', number: '5547911110000' },
    })
    // Rows without a `row` are numbered by position; uploading the same rows again creates nothing.
    const again = (
      await call('POST', '/api/contacts/upload', admin, [{ name: 'Ana Paula', number: '5547991112222' }])
    ).json()
    expect(again).toMatchObject({ newContacts: [], errorBag: [{ row: 1, reason: 'alreadyExists' }] })
    // The other company is untouched and may have the same numbers.
    expect((await call('GET', '/api/contacts?searchParam=ana', other)).json().contacts).toEqual([])
    expect(
      (await call('POST', '/api/contacts/upload', other, [{ name: 'Ana Paula', number: '5547991112222' }])).json()
        .newContacts,
    ).toHaveLength(1)
  })

  it('refuses more than 10,000 rows in one request', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => ({
      name: `Row ${i}`,
      number: `55479${String(i).padStart(8, '0')}`,
    }))
    const res = await call('POST', '/api/contacts/upload', admin, rows)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('ERR_VALIDATION')
  })

  it('exports contatos.csv with a BOM, semicolons, CRLF and quoting that Excel reads back', async () => {
    await call('POST', '/api/contacts', admin, {
      name: 'Zé "Aspas"; Ltda',
      number: '5547922223333',
      email: 'ze@x.com',
      companyName: 'Linha\nDupla',
    })
    await call('POST', '/api/contacts', admin, { name: '=HYPERLINK("http://x")', number: '14155550123' })
    const res = await call('GET', '/api/contacts/export', admin)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="contatos.csv"')
    const bytes = res.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8').slice(1)
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('name;number;email;cnpj;custumerCode;companyName')
    expect(lines.at(-1)).toBe('')
    expect(text).toContain('"Zé ""Aspas""; Ltda";55 (47) 92222-3333;ze@x.com;;;"Linha\nDupla"\r\n')
    expect(text).toContain(`"'=HYPERLINK(""http://x"")";14155550123;;;;\r\n`)
    const rows = (await call('GET', '/api/contacts', admin)).json().count
    expect(lines.length - 2 + 1).toBeGreaterThanOrEqual(rows) // a quoted line break adds one split
    // The filters apply; bad dates are a 400 before any byte.
    const filtered = (await call('GET', '/api/contacts/export?searchParam=aspas', admin)).body
    expect(filtered.split('\r\n').filter(Boolean)).toHaveLength(2)
    expect((await call('GET', '/api/contacts/export?dateStart=2020-02-31x', admin)).statusCode).toBe(400)
  })

  it('exports large books in batches, every row once', async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      name: `Lote ${String(i).padStart(4, '0')}`,
      number: `55488${String(i).padStart(8, '0')}`,
    }))
    expect((await call('POST', '/api/contacts/upload', other, rows)).json().newContacts).toHaveLength(4500)
    const csv = (await call('GET', '/api/contacts/export?searchParam=lote', other)).body
    const names = csv
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(';')[0])
    expect(names).toEqual(rows.map((r) => r.name))
  })

  it('writes cells and numbers the Excel way', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell(' lead')).toBe('" lead"')
    expect(csvCell('-1+1')).toBe("'-1+1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell(null)).toBe('')
    expect(exportNumber('554733334444')).toBe('55 (47) 3333-4444')
    expect(exportNumber('120363-0001')).toBe('120363-0001')
  })

  it('answers the address-book import with a clear code while no provider offers it', async () => {
    const res = await call('POST', '/api/contacts/import', admin)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('ERR_ADDRESS_BOOK_UNAVAILABLE')
  })

  it("sends create, update, delete and reload frames to the company's sockets only", async () => {
    const addr = t.app.server.address() as { port: number }
    const token = async (h: Headers) => h.authorization.slice(7)
    const open = async (h: Headers) => {
      const ws = new WebSocket(`ws://127.0.0.1:${addr.port}/socket?token=${await token(h)}`)
      const frames: Frame[] = []
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve())
        ws.once('error', reject)
      })
      return { ws, frames }
    }
    const mine = await open(admin)
    const theirs = await open(other)
    try {
      const ev = `company-${companyId}-contact`
      const created = (await call('POST', '/api/contacts', admin, { name: 'Ao Vivo', number: '5547933334444' })).json()
      await call('PUT', `/api/contacts/${created.id}`, admin, { name: 'Ao Vivo Editado' })
      await call('DELETE', `/api/contacts/${created.id}`, admin)
      const many = Array.from({ length: ANNOUNCE_EACH_MAX + 1 }, (_, i) => ({
        name: `Massa ${i}`,
        number: `55477${String(i).padStart(8, '0')}`,
      }))
      await call('POST', '/api/contacts/upload', admin, many)
      await until(() => mine.frames.filter((f) => f.event === ev).length >= 4)
      expect(mine.frames.filter((f) => f.event === ev).map((f) => f.data)).toEqual([
        { action: 'create', contact: expect.objectContaining({ id: created.id, name: 'Ao Vivo' }) },
        { action: 'update', contact: expect.objectContaining({ id: created.id, name: 'Ao Vivo Editado' }) },
        { action: 'delete', contactId: created.id },
        { action: 'reload', count: ANNOUNCE_EACH_MAX + 1 },
      ])
      await call('POST', '/api/contacts', other, { name: 'Deles', number: '5547933335555' })
      await until(() => theirs.frames.some((f) => f.event === `company-${otherCompanyId}-contact`))
      expect(theirs.frames.some((f) => f.event === ev)).toBe(false)
      expect(mine.frames.some((f) => f.event === `company-${otherCompanyId}-contact`)).toBe(false)
    } finally {
      mine.ws.terminate()
      theirs.ws.terminate()
    }
  })
})
