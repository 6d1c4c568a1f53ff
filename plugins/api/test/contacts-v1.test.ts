import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { TestApp } from '@atende/kernel/testing'
import { apiApp, company, type Company } from './support.ts'

/** Contacts API v1 with a company token: CRUD, find, stats, bulk-sync, and the company boundary. */
describe('contacts API v1', () => {
  let t: TestApp
  let a: Company
  let token: string
  let base: string
  beforeAll(async () => {
    t = await apiApp()
    a = await company(t)
    token = (await a.token('CRM')).token
    base = `/api/v1/companies/${a.companyId}/contacts`
  })
  afterAll(async () => {
    await t?.close()
  })
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    a.as(token, method, url, payload)
  const ok = async (p: ReturnType<typeof call>, status = 200) => {
    const res = await p
    expect(res.statusCode, res.body).toBe(status)
    return res.json()
  }

  it('creates, reads, finds, changes and deletes a contact', async () => {
    const c = await ok(
      call('POST', base, {
        name: ' Ana  Lima ',
        number: '(47) 99911-0001',
        email: 'ANA@Loja.com',
        cnpj: '12345678000199',
        custumerCode: 'C-1',
        companyName: 'Loja da Ana',
      }),
      201,
    )
    expect(c).toMatchObject({
      name: 'Ana Lima',
      number: '5547999110001',
      email: 'ana@loja.com',
      cnpj: '12345678000199',
      custumerCode: 'C-1',
      companyName: 'Loja da Ana',
    })
    expect(await ok(call('GET', `${base}/${c.id}`))).toEqual(c)
    expect((await ok(call('GET', `${base}/find?number=+55 47 99911-0001`))).id).toBe(c.id)
    expect((await ok(call('GET', `${base}/find?email=ana@loja.com`))).id).toBe(c.id)
    const missing = await call('GET', `${base}/find?number=5547900000000`)
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'ERR_NO_CONTACT_FOUND'])
    expect((await call('GET', `${base}/find`)).statusCode).toBe(400)
    const changed = await ok(call('PUT', `${base}/${c.id}`, { companyName: 'Ana & Filhos' }))
    expect(changed).toMatchObject({ name: 'Ana Lima', email: 'ana@loja.com', companyName: 'Ana & Filhos' })
    // The screen's rules and the duplicate check apply.
    const dup = await call('POST', base, { name: 'Outra', number: '5547999110001' })
    expect([dup.statusCode, dup.json().error, dup.json().field]).toEqual([409, 'ERR_DUPLICATED_CONTACT', 'number'])
    const short = await call('POST', base, { name: 'A', number: '5547999110002' })
    expect([short.statusCode, short.json().field]).toEqual([400, 'name'])
    const badNumber = await call('PUT', `${base}/${c.id}`, { number: '12' })
    expect([badNumber.statusCode, badNumber.json().error]).toEqual([400, 'ERR_INVALID_NUMBER'])
    expect((await ok(call('DELETE', `${base}/${c.id}`))).message).toBeTruthy()
    const gone = await call('GET', `${base}/${c.id}`)
    expect([gone.statusCode, gone.json().error]).toEqual([404, 'ERR_NO_CONTACT_FOUND'])
    expect((await call('DELETE', `${base}/${c.id}`)).statusCode).toBe(404)
  })

  it('lists by pages of at most 100', async () => {
    const c = await company(t)
    const tk = (await c.token()).token
    const url = `/api/v1/companies/${c.companyId}/contacts`
    await c.ok(
      c.as(tk, 'POST', `${url}/bulk-sync`, {
        contacts: Array.from({ length: 25 }, (_, i) => ({
          name: `Pessoa ${i}`,
          number: `55479887${String(i).padStart(5, '0')}`,
        })),
      }),
    )
    const p1 = await c.ok(c.as(tk, 'GET', `${url}?page=1&limit=10`))
    expect([p1.contacts.length, p1.count, p1.hasMore]).toEqual([10, 25, true])
    const p3 = await c.ok(c.as(tk, 'GET', `${url}?page=3&limit=10`))
    expect([p3.contacts.length, p3.hasMore]).toEqual([5, false])
    expect(new Set([...p1.contacts, ...p3.contacts].map((x: { id: number }) => x.id)).size).toBe(15)
    const tooMany = await c.as(tk, 'GET', `${url}?limit=101`)
    expect([tooMany.statusCode, tooMany.json().field]).toEqual([400, 'limit'])
  })

  it('bulk-sync creates and updates by number and reports each row', async () => {
    await ok(call('POST', base, { name: 'Existente', number: '5547999220001', email: 'keep@x.com' }), 201)
    const res = await ok(
      call('POST', `${base}/bulk-sync`, {
        contacts: [
          { name: 'Novo Um', number: '47 99922-0002', companyName: 'ACME' },
          { name: 'Existente Renomeado', number: '+55 47 99922-0001' },
          { name: 'X', number: '5547999220003' },
          { name: 'Número Ruim', number: '12' },
          { name: 'Repetido', number: '5547999220002' },
          { name: 'Email Ruim', number: '5547999220004', email: 'nope' },
          { name: 'Cnpj Longo', number: '5547999220005', cnpj: 'x'.repeat(20) + 'y' },
        ],
      }),
    )
    expect([res.created, res.updated, res.errors]).toEqual([1, 1, 5])
    const r = res.results
    expect(r[0]).toMatchObject({ row: 1, status: 'created' })
    expect(r[1]).toMatchObject({ row: 2, status: 'updated' })
    expect(r[2]).toMatchObject({ row: 3, status: 'error', error: { field: 'name' } })
    expect(r[3]).toMatchObject({ row: 4, status: 'error', error: { field: 'number', code: 'ERR_INVALID_NUMBER' } })
    expect(r[4]).toMatchObject({ row: 5, status: 'error', error: { field: 'number', code: 'ERR_DUPLICATED_CONTACT' } })
    expect(r[5]).toMatchObject({ row: 6, status: 'error', error: { field: 'email' } })
    expect(r[6]).toMatchObject({ row: 7, status: 'error', error: { field: 'cnpj' } })
    const updated = await ok(call('GET', `${base}/${r[1].id}`))
    // Fields a row leaves out keep their value.
    expect(updated).toMatchObject({ name: 'Existente Renomeado', email: 'keep@x.com' })
    expect(await ok(call('GET', `${base}/${r[0].id}`))).toMatchObject({ number: '5547999220002', companyName: 'ACME' })
    const empty = await call('POST', `${base}/bulk-sync`, { contacts: [] })
    expect(empty.statusCode).toBe(400)
  })

  it('bulk-sync takes 10,000 contacts in one call', async () => {
    const c = await company(t)
    const tk = (await c.token()).token
    const contacts = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Cliente ${i}`,
      number: `55119${String(i).padStart(8, '0')}`,
      email: `c${i}@x.com`,
    }))
    const url = `/api/v1/companies/${c.companyId}/contacts`
    const first = await c.ok(c.as(tk, 'POST', `${url}/bulk-sync`, { contacts }))
    expect([first.created, first.updated, first.errors]).toEqual([10_000, 0, 0])
    // Updates cross a chunk boundary (2,000 rows a statement) too; kept smaller to spare the suite.
    contacts[0].name = 'Cliente Zero'
    const again = await c.ok(c.as(tk, 'POST', `${url}/bulk-sync`, { contacts: contacts.slice(0, 2_500) }))
    expect([again.created, again.updated, again.errors]).toEqual([0, 2_500, 0])
    expect((await c.ok(c.as(tk, 'GET', `${url}/${again.results[0].id}`))).name).toBe('Cliente Zero')
    const tooMany = await c.as(tk, 'POST', `${url}/bulk-sync`, { contacts: [...contacts, contacts[0]] })
    expect(tooMany.statusCode).toBe(400)
  })

  it('stats count the company’s contacts', async () => {
    const c = await company(t)
    const tk = (await c.token()).token
    const url = `/api/v1/companies/${c.companyId}/contacts`
    await c.ok(
      c.as(tk, 'POST', `${url}/bulk-sync`, {
        contacts: [
          { name: 'Com Email', number: '5547999330001', email: 'a@b.com' },
          { name: 'Com Empresa', number: '5547999330002', companyName: 'ACME' },
          { name: 'Antigo', number: '5547999330003' },
        ],
      }),
    )
    await t
      .db('contacts')
      .where({ companyId: c.companyId, number: '5547999330003' })
      .update({ createdAt: new Date('2020-01-01') })
    expect(await c.ok(c.as(tk, 'GET', `${url}/stats`))).toEqual({
      total: 3,
      createdLast30Days: 2,
      withEmail: 1,
      withCompanyInfo: 1,
    })
  })

  it("another company's id in the path is 403 ERR_API_TOKEN_COMPANY, whatever the id", async () => {
    const b = await company(t)
    const theirs = await b.ok(b.call('POST', '/api/contacts', { name: 'Deles', number: '5547999440001' }), 201)
    for (const [method, url, payload] of [
      ['GET', `/api/v1/companies/${b.companyId}/contacts`],
      ['GET', `/api/v1/companies/${b.companyId}/contacts/${theirs.id}`],
      ['PUT', `/api/v1/companies/${b.companyId}/contacts/${theirs.id}`, { name: 'Mudado' }],
      ['DELETE', `/api/v1/companies/${b.companyId}/contacts/${theirs.id}`],
      ['POST', `/api/v1/companies/${b.companyId}/contacts`, { name: 'Novo', number: '5547999440002' }],
      [
        'POST',
        `/api/v1/companies/${b.companyId}/contacts/bulk-sync`,
        { contacts: [{ name: 'Novo', number: '5547999440003' }] },
      ],
      ['GET', `/api/v1/companies/${b.companyId}/contacts/stats`],
      ['GET', `/api/v1/companies/${b.companyId}/contacts/find?number=5547999440001`],
      ['GET', `/api/v1/companies/999999/contacts`],
    ] as const) {
      const res = await a.as(token, method, url, payload as object | undefined)
      expect([res.statusCode, res.json().error], `${method} ${url}`).toEqual([403, 'ERR_API_TOKEN_COMPANY'])
    }
    // Their contact, read through our own company's path, is simply not found.
    expect((await call('GET', `${base}/${theirs.id}`)).statusCode).toBe(404)
    expect((await call('PUT', `${base}/${theirs.id}`, { name: 'Mudado' })).statusCode).toBe(404)
    expect((await call('DELETE', `${base}/${theirs.id}`)).statusCode).toBe(404)
    expect((await t.db('contacts').where({ id: theirs.id }).first()).name).toBe('Deles')
    expect(await t.db('contacts').where({ companyId: b.companyId }).count({ n: '*' }).first()).toEqual({
      n: expect.anything(),
    })
    expect(Number((await t.db('contacts').where({ companyId: b.companyId }).count({ n: '*' }).first())!.n)).toBe(1)
  })

  it('hostile input is refused with the error shape, never a 5xx', async () => {
    const raw = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string, type = 'application/json') =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': type } : {}) },
      })
    const cases = [
      raw('GET', `${base}/2147483648`),
      raw('GET', `${base}/99999999999999999999`),
      raw('GET', `${base}/abc`),
      raw('GET', `${base}?page=99999999999999999999`),
      raw('GET', `${base}?page=1000000&limit=100`),
      raw('GET', `${base}/find?number=%00`),
      raw('GET', `${base}/find?email=${'a'.repeat(300)}`),
      raw('GET', `/api/v1/companies/2147483648/contacts`),
      raw('POST', base, '{"name":'),
      raw('POST', base, JSON.stringify({ name: 'a\u0000b', number: '5547999660001' })),
      raw('POST', base, JSON.stringify({ name: 'Ok Nome', number: '5'.repeat(100) })),
      raw('PUT', `${base}/1`, '[]'),
      raw('POST', `${base}/bulk-sync`, '{"contacts":{"__proto__":{"x":1}}}'),
      raw('POST', `${base}/bulk-sync`, JSON.stringify({ contacts: [{ name: 7, number: null }] })),
      raw('POST', `${base}/bulk-sync`, JSON.stringify({ contacts: [{ name: 'Ok Nome', number: '+-+' }] })),
      raw('POST', '/api/messages/send', '{"number":'),
      raw('POST', '/api/messages/send', 'null'),
      raw('POST', '/api/messages/send', JSON.stringify({ number: '5547999660001', body: 'a\u0000b' })),
      raw('POST', '/api/messages/send', '--x\r\nbroken', 'multipart/form-data; boundary=x'),
      raw('POST', '/api/messages/send', 'number=1', 'application/x-www-form-urlencoded'),
    ]
    const answers = await Promise.all(cases)
    // Page 1,000,000 is an empty page; bulk-sync reports bad rows per row.
    expect(answers.map((r) => r.statusCode)).toEqual([
      400, 400, 400, 400, 200, 400, 400, 403, 400, 400, 400, 400, 400, 200, 200, 400, 400, 400, 400, 415,
    ])
    for (const res of answers) {
      expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(500)
      if (res.statusCode >= 400) expect(res.json().error, res.body).toMatch(/^ERR_/)
    }

    const empty = await raw('GET', `${base}?page=1000000&limit=100`)
    expect(empty.json()).toMatchObject({ contacts: [], hasMore: false })
  })
})
