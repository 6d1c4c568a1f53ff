import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, until, type TestApp } from '@atende/kernel/testing'
import type { EventMap } from '@atende/sdk'
import contactsPlugin from '../src/index.ts'
import type { ContactsService, ContactsRef } from '../src/api.ts'
import { normaliseNumber } from '../src/number.ts'

describe('normaliseNumber: one canonical form per number', () => {
  it.each([
    ['+55 (47) 99999-9999', '5547999999999'],
    ['5547999999999', '5547999999999'],
    ['554799999999', '5547999999999'], // a mobile reported without its ninth digit
    ['(47) 99999-9999', '5547999999999'], // national, no country code
    ['4733334444', '554733334444'], // national landline
    ['554733334444', '554733334444'], // landlines have no ninth digit
    ['0055 47 99999 9999', '5547999999999'],
    ['14155550123', '14155550123'], // US: left as given
    ['351912345678', '351912345678'], // Portugal
  ])('%s → %s', (raw, want) => expect(normaliseNumber(raw)).toBe(want))

  it('keeps group ids as they are', () =>
    expect(normaliseNumber('120363-0001@g.us', { isGroup: true })).toBe('120363-0001'))
})

describe('contacts service: bulk upsert', () => {
  let t: TestApp
  let companyId: number
  let other: number
  const svc = () => t.app.kernel.services.get<ContactsRef>('contacts')
  const events: EventMap['contact.updated'][] = []
  const upsert = (cid: number, s: Parameters<ContactsService['upsertMany']>[1]) =>
    t.app.kernel.unitOfWork(cid, (uow) => svc().upsertMany(uow, s))
  beforeAll(async () => {
    t = await createTestApp({ plugins: [contactsPlugin] })
    companyId = (await companyWithUser(t.app)).companyId
    other = (await companyWithUser(t.app)).companyId
    t.app.kernel.bus.on('contact.updated', (p) => {
      events.push(p)
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('creates once per number, in input order, and announces only what changed', async () => {
    const r = await upsert(companyId, [
      { number: '5547998112222', name: 'Ana' },
      { number: '+55 47 91111-3333' },
      { number: '554798112222' },
    ])
    expect(r.map((x) => x.contact.number)).toEqual(['5547998112222', '5547911113333', '5547998112222'])
    expect(r[0].contact.id).toBe(r[2].contact.id)
    expect(r[1].contact.name).toBe('5547911113333') // no name yet: named after the number
    expect(r.every((x) => x.changed)).toBe(true)
    const again = await upsert(companyId, [{ number: '5547998112222', name: 'Other push name' }])
    expect(again[0]).toMatchObject({ changed: false, contact: { name: 'Ana' } }) // a real name is kept
    const named = await upsert(companyId, [{ number: '5547911113333', name: 'Bruno' }])
    expect(named[0]).toMatchObject({ changed: true, contact: { name: 'Bruno' } })
    await until(() => events.some((e) => e.contact.number === '5547911113333' && e.contact.name === 'Bruno'))
    expect(events.filter((e) => e.contact.number === '5547911113333').map((e) => e.contact.name)).toEqual([
      '5547911113333',
      'Bruno',
    ])
  })

  it('resolves a LID and a phone number of one person to ONE contact', async () => {
    const [byPhone] = await upsert(companyId, [{ number: '5547922223333', name: 'Caio', lid: '123456789012345' }])
    const [byLidOnly] = await upsert(companyId, [{ number: '123456789012345', lid: '123456789012345' }])
    expect(byLidOnly.contact.id).toBe(byPhone.contact.id)
    // LID learned later fills the contact found by number.
    await upsert(companyId, [{ number: '5547933334444', name: 'Duda' }])
    const [learned] = await upsert(companyId, [{ number: '5547933334444', lid: '999888777666555' }])
    expect(learned.contact.lid).toBe('999888777666555')
    const [viaLid] = await upsert(companyId, [{ number: '999888777666555', lid: '999888777666555' }])
    expect(viaLid.contact.id).toBe(learned.contact.id)
  })

  it('reads a contact once per unit of work, again after an upsert in it, and only in its tenant', async () => {
    const [{ contact }] = await upsert(companyId, [{ number: '5547998330001', name: 'Carla' }])
    const reads: string[] = []
    const count = (q: { sql: string }) => {
      if (/from "contacts"/.test(q.sql)) reads.push(q.sql)
    }
    t.db.on('query', count)
    try {
      const names = await t.app.kernel.unitOfWork(companyId, async (uow) => {
        const first = await svc().get(companyId, contact.id, uow)
        first!.name = 'changed by a caller'
        const second = await svc().get(companyId, contact.id, uow)
        await svc().upsertMany(uow, [{ number: '5547998330001', name: 'Carla' }])
        const third = await svc().get(companyId, contact.id, uow)
        return [second?.name, third?.name]
      })
      expect(names).toEqual(['Carla', 'Carla'])
      // One read before the upsert, the upsert's own, one after it.
      expect(reads.filter((s) => s.startsWith('select "id", "companyId"'))).toHaveLength(3)
      // Another company's unit of work does not see this one's contact.
      expect(await t.app.kernel.unitOfWork(other, (uow) => svc().get(other, contact.id, uow))).toBeNull()
    } finally {
      t.db.off('query', count)
    }
  })

  it('keeps tenants apart: the same number is another contact in another company', async () => {
    const [a] = await upsert(companyId, [{ number: '5547944445555' }])
    const [b] = await upsert(other, [{ number: '5547944445555' }])
    expect(b.contact.id).not.toBe(a.contact.id)
    expect(b.contact.companyId).toBe(other)
    expect(await svc().get(other, a.contact.id)).toBeNull()
  })

  it('survives concurrent upserts of the same new numbers (one row each)', async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => `55479555${String(i).padStart(5, '0')}`)
    await Promise.all(
      Array.from({ length: 5 }, () =>
        upsert(
          companyId,
          numbers.map((n) => ({ number: n })),
        ),
      ),
    )
    const rows = await t.app.kernel.db('contacts').where({ companyId }).whereIn('number', numbers)
    expect(rows).toHaveLength(20)
  })

  it('bulkUpsert (integrators): creates and updates by number, keeps left-out fields, reports rows, stays in its tenant', async () => {
    await svc().create(companyId, { name: 'Já Existe', number: '5547999550001', email: 'keep@x.com' })
    await svc().create(other, { name: 'Outra Empresa', number: '5547999550002' })
    const r = await svc().bulkUpsert(companyId, [
      { name: 'Renomeado', number: '47 99955-0001' },
      { name: 'Novo', number: '5547999550002', cnpj: '123' },
      { name: 'Dup', number: '+55 47 99955-0002' },
      { name: 'Ruim', number: '1' },
    ])
    expect(r.map((x) => x.status)).toEqual(['updated', 'created', 'error', 'error'])
    expect(r[2].error).toMatchObject({ code: 'ERR_DUPLICATED_CONTACT', field: 'number' })
    expect(r[3].error).toMatchObject({ code: 'ERR_INVALID_NUMBER', field: 'number' })
    expect(await svc().get(companyId, r[0].id!)).toMatchObject({ name: 'Renomeado', email: 'keep@x.com' })
    expect(await svc().findOne(companyId, { number: '5547999550002' })).toMatchObject({ id: r[1].id, cnpj: '123' })
    // The other company's contact with that number is untouched.
    expect((await svc().findOne(other, { number: '5547999550002' }))!.name).toBe('Outra Empresa')
    expect((await svc().stats(companyId)).total).toBeGreaterThanOrEqual(2)
  })
})
