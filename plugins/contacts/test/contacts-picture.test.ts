import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, until, type TestApp } from '@atende/kernel/testing'
import type { EventMap } from '@atende/sdk'
import contactsPlugin from '../src/index.ts'
import type { ContactsService, ContactsRef } from '../src/api.ts'

describe("contacts service: setProfilePicUrl (a channel's picture of a known contact)", () => {
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

  it('sets the URL, returns the previous one, and announces only a real change', async () => {
    const [{ contact }] = await upsert(companyId, [{ number: '5547981110001', name: 'Ana' }])
    await until(() => events.some((e) => e.contact.id === contact.id))
    const before = events.length
    const r = await svc().setProfilePicUrl(companyId, { number: '+55 47 98111-0001' }, '/api/files/x?exp=1&sig=a')
    expect(r).toMatchObject({
      previous: '',
      contact: { id: contact.id, profilePicUrl: '/api/files/x?exp=1&sig=a', name: 'Ana' },
    })
    const same = await svc().setProfilePicUrl(companyId, { number: '5547981110001' }, '/api/files/x?exp=1&sig=a')
    expect(same?.previous).toBe('/api/files/x?exp=1&sig=a')
    const cleared = await svc().setProfilePicUrl(companyId, { number: '5547981110001' }, '')
    expect(cleared).toMatchObject({ previous: '/api/files/x?exp=1&sig=a', contact: { profilePicUrl: '' } })
    // Events arrive in order: once the clearing one is here, an announcement of the unchanged call would be too.
    await until(() => events.slice(before).some((e) => e.contact.profilePicUrl === ''))
    expect(events.slice(before).map((e) => e.contact.profilePicUrl)).toEqual(['/api/files/x?exp=1&sig=a', ''])
  })

  it("finds by LID first (the number may be the LID's digits), and groups by their id", async () => {
    const [{ contact: person }] = await upsert(companyId, [{ number: '5547981110002', lid: '555666777888999' }])
    const byLid = await svc().setProfilePicUrl(companyId, { number: '555666777888999', lid: '555666777888999' }, 'u1')
    expect(byLid?.contact.id).toBe(person.id)
    const [{ contact: group }] = await upsert(companyId, [
      { number: '120363000000000099', isGroup: true, name: 'Team' },
    ])
    const g = await svc().setProfilePicUrl(companyId, { number: '120363000000000099', isGroup: true }, 'g1')
    expect(g?.contact).toMatchObject({ id: group.id, profilePicUrl: 'g1' })
  })

  it('never creates a contact, and stays inside its company', async () => {
    expect(await svc().setProfilePicUrl(companyId, { number: '5547981119999' }, 'u')).toBeNull()
    expect(await t.db('contacts').where({ number: '5547981119999' })).toHaveLength(0)
    await upsert(other, [{ number: '5547981110003' }])
    expect(await svc().setProfilePicUrl(companyId, { number: '5547981110003' }, 'u')).toBeNull()
    expect((await t.db('contacts').where({ number: '5547981110003', companyId: other }).first()).profilePicUrl).toBe('')
  })
})
