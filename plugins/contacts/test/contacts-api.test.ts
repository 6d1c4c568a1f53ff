import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  allPlugins,
  createTestApp,
  companyWithUser,
  userIn,
  until,
  type Headers,
  type TestApp,
} from '@atende/kernel/testing'
import type { ServiceRef, UnitOfWork } from '@atende/sdk'
import type { ContactsRef } from '../src/api.ts'
import { COUNT_CAP } from '../src/queries.ts'

/** What this test needs of the tickets plugin's published service (contacts does not depend on it). */
interface TicketsSlice {
  findOrOpen(
    uow: UnitOfWork,
    input: { contactId: number; whatsappId: number; userId: number | null; isGroup: boolean },
  ): Promise<{ id: number }>
  get(companyId: number, id: number): Promise<{ id: number } | null>
}

/** CRUD, the form's rules, duplicates, search, dates, pages and counts, the delete permission, tenancy. */
describe('contacts API', () => {
  let t: TestApp
  let admin: Headers
  let attendant: Headers
  let companyId: number
  let other: Headers
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as object })
  const create = async (body: Record<string, unknown>, h = admin) => {
    const res = await call('POST', '/api/contacts', h, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  beforeAll(async () => {
    // The tickets plugin too: it deletes a deleted contact's tickets.
    t = await createTestApp({
      plugins: (await allPlugins()).filter((p) => p.name === 'contacts' || p.name === 'tickets'),
    })
    const a = await companyWithUser(t.app, { profile: 'admin' })
    admin = a.headers
    companyId = a.companyId
    attendant = (await userIn(t.app, companyId, 'user')).headers
    other = (await companyWithUser(t.app, { profile: 'admin' })).headers
  })
  afterAll(async () => {
    await t?.close()
  })

  it('creates a contact from a formatted number, stores the canonical digits and its extra info', async () => {
    const c = await create({
      name: '  Márcia   Souza ',
      number: '+55 (47) 99999-1111',
      email: 'Marcia@Example.COM',
      cnpj: '11.222.333/0001-81',
      custumerCode: 'C-7',
      companyName: 'Loja',
      extraInfo: [
        { name: 'Aniversário', value: '10/05' },
        { name: '', value: '' },
      ],
    })
    expect(c).toMatchObject({
      name: 'Márcia Souza',
      number: '5547999991111',
      email: 'marcia@example.com',
      cnpj: '11.222.333/0001-81',
      custumerCode: 'C-7',
      companyName: 'Loja',
      isGroup: false,
      userId: null,
    })
    expect(c.extraInfo).toEqual([{ id: expect.any(Number), name: 'Aniversário', value: '10/05' }])
    expect(c).not.toHaveProperty('searchName')
    const got = (await call('GET', `/api/contacts/${c.id}`, attendant)).json()
    expect(got).toEqual(c)
  })

  it('refuses what the form refuses, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: 'A', number: '5547999990001' }, 'name', 'Too Short!', 'ERR_VALIDATION'],
      [{ name: 'x'.repeat(51), number: '5547999990001' }, 'name', 'Too Long!', 'ERR_VALIDATION'],
      [{ name: 'Ana', number: '123-45' }, 'number', 'Invalid number: 8 to 50 digits', 'ERR_INVALID_NUMBER'],
      [{ name: 'Ana', number: '5547999990001', email: 'nope@' }, 'email', 'Invalid email', 'ERR_VALIDATION'],
      [
        { name: 'Ana', number: '5547999990001', extraInfo: [{ name: '', value: 'orphan' }] },
        'extraInfo.0.name',
        'Extra information needs a name',
        'ERR_VALIDATION',
      ],
    ]
    for (const [body, field, message, error] of cases) {
      const res = await call('POST', '/api/contacts', admin, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json()).toMatchObject({ error, field, message })
    }
    const missing = await call('POST', '/api/contacts', admin, { name: 'Ana' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().field).toBe('number')
    const stranger = await call('POST', '/api/contacts', admin, {
      name: 'Ana',
      number: '5547999990001',
      userId: 999999,
    })
    expect(stranger.json()).toMatchObject({ error: 'ERR_NO_USER_FOUND', field: 'userId' })
  })

  it('a number already in the company, in any written form, is ERR_DUPLICATED_CONTACT naming that contact', async () => {
    const first = await create({ name: 'Bruno Lima', number: '5547988887777' })
    // The pre-2016 eight-digit mobile form is the same number.
    const res = await call('POST', '/api/contacts', admin, { name: 'Outro', number: '55 47 8888-7777' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      error: 'ERR_DUPLICATED_CONTACT',
      field: 'number',
      contact: { id: first.id, name: 'Bruno Lima', number: '5547988887777' },
    })
    expect(res.json().message).toContain('Bruno Lima')
    // The pipeline's upsert resolves the same number to the same contact.
    const [seen] = await t.app.kernel.unitOfWork(companyId, (uow) =>
      t.app.kernel.services.get<ContactsRef>('contacts').upsertMany(uow, [{ number: '554788887777' }]),
    )
    expect(seen.contact.id).toBe(first.id)
    // Another company may have the same number.
    expect(
      (await call('POST', '/api/contacts', other, { name: 'Bruno Lima', number: '5547988887777' })).statusCode,
    ).toBe(201)
    // Editing another contact onto the number is refused the same way.
    const second = await create({ name: 'Carla', number: '5547977776666' })
    const moved = await call('PUT', `/api/contacts/${second.id}`, admin, { number: '(47) 98888-7777' })
    expect(moved.statusCode).toBe(409)
    expect(moved.json().contact.id).toBe(first.id)
  })

  it('edits fields and replaces the extra info list by ids', async () => {
    const c = await create({
      name: 'Diego',
      number: '5547966665555',
      extraInfo: [
        { name: 'a', value: '1' },
        { name: 'b', value: '2' },
      ],
    })
    const [a, b] = c.extraInfo
    const res = await call('PUT', `/api/contacts/${c.id}`, attendant, {
      name: 'Diego Alves',
      number: '+55 (47) 96666-5555',
      email: '',
      extraInfo: [
        { id: a.id, name: 'a', value: 'changed' },
        { name: 'c', value: '3' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const u = res.json()
    expect(u).toMatchObject({ name: 'Diego Alves', number: '5547966665555' })
    expect(u.extraInfo.map((x: { id: number; name: string; value: string }) => [x.name, x.value])).toEqual([
      ['a', 'changed'],
      ['c', '3'],
    ])
    expect(u.extraInfo[0].id).toBe(a.id)
    expect(u.extraInfo.some((x: { id: number }) => x.id === b.id)).toBe(false)
    // Without extraInfo the list stays.
    const kept = (await call('PUT', `/api/contacts/${c.id}`, admin, { companyName: 'ACME' })).json()
    expect(kept.extraInfo).toHaveLength(2)
    expect((await call('PUT', `/api/contacts/${c.id}`, admin, { name: 'x' })).json()).toMatchObject({
      field: 'name',
      message: 'Too Short!',
    })
  })

  it('searches names without accents or case, emails, and number digits', async () => {
    const marcio = await create({ name: 'Márcio Gonçalves', number: '5511912340001', email: 'mg@empresa.com' })
    const names = async (q: string) =>
      (await call('GET', `/api/contacts?searchParam=${encodeURIComponent(q)}`, admin))
        .json()
        .contacts.map((c: { name: string }) => c.name)
    expect(await names('marcio')).toEqual(['Márcio Gonçalves'])
    expect(await names('GONCALVES')).toEqual(['Márcio Gonçalves'])
    expect(await names('márc')).toEqual(expect.arrayContaining(['Márcio Gonçalves', 'Márcia Souza']))
    expect(await names('@empresa')).toEqual(['Márcio Gonçalves'])
    expect(await names('(11) 91234-0001')).toEqual(['Márcio Gonçalves'])
    expect(await names('1234000')).toEqual(['Márcio Gonçalves'])
    // Letters with digits do not fall back to a loose number match; LIKE wildcards are plain text.
    expect(await names('zz 1')).toEqual([])
    expect(await names('%')).toEqual([])
    expect(await names('_')).toEqual([])
    const lookup = (await call('GET', '/api/contacts/list?searchParam=marcio', attendant)).json()
    expect(lookup).toEqual([
      {
        id: marcio.id,
        name: 'Márcio Gonçalves',
        number: '5511912340001',
        email: 'mg@empresa.com',
        profilePicUrl: '',
        isGroup: false,
      },
    ])
  })

  it('pages by 20 in name order with hasMore, and counts on page 1', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({
      name: `Zeta ${String(i).padStart(2, '0')}`,
      number: `55479000${String(i).padStart(5, '0')}`,
    }))
    expect((await call('POST', '/api/contacts/upload', admin, rows)).json().errorBag).toEqual([])
    const page = async (n: number) =>
      (await call('GET', `/api/contacts?searchParam=zeta&pageNumber=${n}`, admin)).json()
    const [p1, p2, p3] = [await page(1), await page(2), await page(3)]
    expect(p1).toMatchObject({ hasMore: true, count: 45, countCapped: false })
    expect(p1.contacts).toHaveLength(20)
    expect(p2).toMatchObject({ hasMore: true })
    expect(p2).not.toHaveProperty('count')
    expect(p3).toMatchObject({ hasMore: false })
    expect(p3.contacts).toHaveLength(5)
    const all = [...p1.contacts, ...p2.contacts, ...p3.contacts].map((c: { name: string }) => c.name)
    expect(all).toEqual(rows.map((r) => r.name))
    const everything = (await call('GET', '/api/contacts', admin)).json()
    const total = Number((await t.db('contacts').where({ companyId }).count({ n: '*' }).first())!.n)
    expect(everything.count).toBe(total)
    expect(COUNT_CAP).toBe(10_000)
  })

  it('filters by creation date: one day, a range, and refuses a bad date', async () => {
    const old = await create({ name: 'Ontem Antigo', number: '5547955554444' })
    await t
      .db('contacts')
      .where({ id: old.id })
      .update({ createdAt: new Date('2020-03-10T15:00:00Z') })
    const q = async (qs: string) => (await call('GET', `/api/contacts?${qs}`, admin)).json()
    expect((await q('date=2020-03-10')).contacts.map((c: { id: number }) => c.id)).toEqual([old.id])
    expect((await q('date=2020-03-11')).contacts).toEqual([])
    expect((await q('dateStart=2020-03-01&dateEnd=2020-03-10')).contacts.map((c: { id: number }) => c.id)).toEqual([
      old.id,
    ])
    expect((await q('dateStart=2020-03-10T15:00:01Z&dateEnd=2020-12-31')).contacts).toEqual([])
    const recent = await q('dateStart=2021-01-01')
    expect(recent.contacts.some((c: { id: number }) => c.id === old.id)).toBe(false)
    expect(recent.count).toBeGreaterThan(0)
    const bad = await call('GET', '/api/contacts?date=2020-13-45', admin)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().field).toBe('date')
    // Days that do not exist, and years the database does not hold (the export once failed midway on these).
    for (const [url, field] of [
      ['/api/contacts?date=2021-02-29', 'date'],
      ['/api/contacts?dateEnd=2020-03-10T24:00:00Z', 'dateEnd'],
      ['/api/contacts/export?dateStart=0000-01-01', 'dateStart'],
    ]) {
      const res = await call('GET', url, admin)
      expect([res.statusCode, res.json().field], url).toEqual([400, field])
    }
  })

  it("deletes only with contacts-page:deleteContact, and the contact's tickets go with it", async () => {
    const c = await create({ name: 'Elisa', number: '5547944443333', extraInfo: [{ name: 'k', value: 'v' }] })
    const tickets = t.app.kernel.services.get<ServiceRef<'tickets', TicketsSlice>>('tickets')
    const ticket = await t.app.kernel.unitOfWork(companyId, (uow) =>
      tickets.findOrOpen(uow, { contactId: c.id, whatsappId: 1, userId: null, isGroup: false }),
    )
    const deletedTickets: number[] = []
    t.app.kernel.bus.on('ticket.deleted', (p) => {
      deletedTickets.push(p.ticketId)
    })

    const denied = await call('DELETE', `/api/contacts/${c.id}`, attendant)
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error).toBe('ERR_NO_PERMISSION')
    expect((await call('DELETE', `/api/contacts/${c.id}`, other)).statusCode).toBe(404)

    const ok = await call('DELETE', `/api/contacts/${c.id}`, admin)
    expect(ok.statusCode).toBe(200)
    expect((await call('GET', `/api/contacts/${c.id}`, admin)).json().error).toBe('ERR_NO_CONTACT_FOUND')
    expect(await t.db('contact_extra_info').where({ contactId: c.id })).toEqual([])
    await until(() => deletedTickets.includes(ticket.id))
    expect(deletedTickets).toContain(ticket.id)
    expect(await tickets.get(companyId, ticket.id)).toBeNull()
    expect((await call('DELETE', `/api/contacts/${c.id}`, admin)).statusCode).toBe(404)
  })

  it('keeps tenants apart on every route', async () => {
    const mine = await create({ name: 'Somente Meu', number: '5547933332222' })
    expect((await call('GET', `/api/contacts/${mine.id}`, other)).statusCode).toBe(404)
    expect((await call('PUT', `/api/contacts/${mine.id}`, other, { name: 'Hacked' })).statusCode).toBe(404)
    const theirs = (await call('GET', '/api/contacts?searchParam=somente', other)).json()
    expect(theirs).toMatchObject({ contacts: [], hasMore: false, count: 0 })
    expect((await call('GET', '/api/contacts/list?searchParam=somente', other)).json()).toEqual([])
    const csv = (await call('GET', '/api/contacts/export', other)).body
    expect(csv).not.toContain('Somente Meu')
    expect((await call('GET', `/api/contacts/${mine.id}`, admin)).json().name).toBe('Somente Meu')
  })
})
