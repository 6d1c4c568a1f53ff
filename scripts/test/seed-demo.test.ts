import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, login, type TestApp } from '@atende/kernel/testing'
import {
  DEMO,
  DEMO_CONTACTS,
  DEMO_CONVERSATIONS,
  DEMO_HELPS,
  DEMO_QUEUES,
  DEMO_QUICK_MESSAGES,
  DEMO_TAGS,
  seedDemo,
  seedDemoConversations,
  seedDemoSetup,
} from '../seed-demo.ts'

describe('demo seed', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('seeds once, with customers waiting that the attendant sees', async () => {
    const first = await seedDemo(t.app.kernel)
    expect(first.created).toEqual([
      `company ${DEMO.company.name}`,
      ...DEMO.users.map((u) => `user ${u.email}`),
      'campaigns and flows switched on',
    ])
    // The demo admin sees campaigns, contact lists and the flow builder (they hang on this switch).
    expect(await t.app.kernel.settings.get(first.companyId, 'campaignsEnabled')).toBe('true')
    expect(await seedDemoConversations(t.app, first.companyId)).toEqual([
      'connection WhatsApp Demo',
      `${DEMO_CONVERSATIONS.length} customers waiting`,
    ])

    const again = await seedDemo(t.app.kernel)
    expect(again).toEqual({ companyId: first.companyId, created: [] })
    expect(await seedDemoConversations(t.app, first.companyId)).toEqual([])

    const attendant = await login(t.app, DEMO.company.cnpj, 'atendente@demo.com', DEMO.password)
    const res = await t.app.inject({ method: 'GET', url: '/api/tickets?status=pending', headers: attendant.headers })
    expect(res.statusCode).toBe(200)
    const names = (res.json().tickets as { contact: { name: string } }[]).map((x) => x.contact.name).sort()
    expect(names).toEqual(DEMO_CONVERSATIONS.map((c) => c.name).sort())
    // The seed's own session is gone: only people's sessions remain.
    expect(Number((await t.db('user_sessions').whereNull('revokedAt').count({ n: '*' }).first())!.n)).toBe(1)
  })

  it('gives every screen something real: queues with a chatbot menu, tags, quick messages, contacts, help videos; once', async () => {
    const { companyId } = await seedDemo(t.app.kernel)
    expect(await seedDemoSetup(t.app, companyId)).toEqual([
      `${DEMO_QUEUES.length} queues with a chatbot menu`,
      `${DEMO_TAGS.length} tags`,
      `${DEMO_QUICK_MESSAGES.length} quick messages`,
      `${DEMO_CONTACTS.length} contacts`,
      `${DEMO_HELPS.length} help videos`,
    ])
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          [
            'queues',
            'queue_options',
            'tags',
            'quick_messages',
            'contacts',
            'attendant_queues',
            'whatsapp_queues',
            'ticket_tags',
          ].map(async (table) => [
            table,
            Number((await t.db(table).where({ companyId }).count({ n: '*' }).first())!.n),
          ]),
        ),
      )
    // Help videos are the platform's, not the company's.
    const helps = async () => Number((await t.db('helps').count({ n: '*' }).first())!.n)
    const before = await counts()
    expect(await helps()).toBe(DEMO_HELPS.length)
    // A second start adds nothing.
    expect(await seedDemoSetup(t.app, companyId)).toEqual([])
    expect(await counts()).toEqual(before)
    expect(await helps()).toBe(DEMO_HELPS.length)
    expect(before).toMatchObject({
      queues: 2,
      queue_options: 4,
      tags: 3,
      quick_messages: 3,
      contacts: DEMO_CONVERSATIONS.length + DEMO_CONTACTS.length,
      attendant_queues: 4,
      whatsapp_queues: 2,
    })

    // What the attendant sees, through the same routes the screens use.
    const attendant = await login(t.app, DEMO.company.cnpj, 'atendente@demo.com', DEMO.password)
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: attendant.headers })
      expect(res.statusCode, url).toBe(200)
      return res.json()
    }
    const queues = (await get('/api/queue')) as Array<{
      id: number
      name: string
      color: string
      greetingMessage: string
    }>
    expect(queues.map((q) => ({ name: q.name, color: q.color }))).toEqual(
      DEMO_QUEUES.map((q) => ({ name: q.name, color: q.color })),
    )
    expect(queues.every((q) => q.greetingMessage.length > 0)).toBe(true)
    const options = (await get(`/api/queue-options?queueId=${queues[0]!.id}`)) as Array<{
      title: string
      option: number
    }>
    expect(options.map((o) => [o.option, o.title])).toEqual(DEMO_QUEUES[0]!.options.map((o, i) => [i + 1, o.title]))
    expect(attendant.user.queueIds).toEqual(queues.map((q) => q.id).sort((a, b) => a - b))
    // The transfer dialog's choices: a queue, and its users.
    const connection = await t.db('whatsapps').where({ companyId }).first('id')
    expect((await get(`/api/whatsapp/${connection.id}`)).queueIds.sort()).toEqual(queues.map((q) => q.id).sort())
    const tags = (await get('/api/tags/list')) as Array<{ name: string }>
    expect(tags.map((x) => x.name).sort()).toEqual(DEMO_TAGS.map((x) => x.name).sort())
    const quick = (await get('/api/quick-messages')) as
      Array<{ shortcode: string }> | { records: Array<{ shortcode: string }> }
    expect((Array.isArray(quick) ? quick : quick.records).map((m) => m.shortcode).sort()).toEqual(
      DEMO_QUICK_MESSAGES.map((m) => m.shortcode).sort(),
    )
    // The Ajuda screen (GET /helps/list) shows them: a title, a description and a video each.
    const shown = (await get('/api/helps/list')) as Array<{ title: string; description: string; video: string }>
    expect(shown.map((h) => h.title).sort()).toEqual(DEMO_HELPS.map((h) => h.title).sort())
    for (const h of shown) {
      expect(h.description.length).toBeGreaterThan(20)
      expect(h.video).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/)
    }
    // The seed's sessions (the demo admin's, the super user's) are gone.
    expect(
      Number(
        (await t
          .db('user_sessions')
          .whereNull('revokedAt')
          .whereIn('userId', t.db('users').where({ super: true }).select('id'))
          .count({ n: '*' })
          .first())!.n,
      ),
    ).toBe(0)
    const contacts = (await get('/api/contacts')).contacts as Array<{ name: string }>
    expect(contacts.map((c) => c.name)).toEqual(expect.arrayContaining(DEMO_CONTACTS.map((c) => c.name)))
    const pending = (await get('/api/tickets?status=pending')).tickets as Array<{
      contact: { name: string }
      tags?: Array<{ name: string }>
    }>
    expect(
      pending
        .find((x) => x.contact.name === 'Rafael Souza')
        ?.tags?.map((tag) => tag.name)
        .sort(),
    ).toEqual(['Pós-venda', 'Urgente'])

    // The transfer the dialog makes is possible now: the attendant takes a ticket and hands it to Suporte.
    const ticket = await t.db('tickets').where({ companyId, status: 'pending' }).orderBy('id').first('id')
    const suporte = queues.find((q) => q.name === 'Suporte')!
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticket.id}`,
      headers: attendant.headers,
      payload: { queueId: suporte.id, status: 'pending' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ queueId: suporte.id })
  })
})
