import { describe, it, expect, afterAll } from 'vitest'
import { createTestApp, login, type TestApp } from '@atende/kernel/testing'
import { DEMO, DEMO_CONVERSATIONS, seedDemo, seedDemoConversations } from '../seed-demo.ts'

describe('demo seed', () => {
  let t: TestApp
  afterAll(async () => { await t?.close() })

  it('seeds once, with customers waiting that the attendant sees', async () => {
    t = await createTestApp()
    const first = await seedDemo(t.app.kernel)
    expect(first.created).toEqual([`company ${DEMO.company.name}`, ...DEMO.users.map((u) => `user ${u.email}`)])
    expect(await seedDemoConversations(t.app, first.companyId)).toEqual(['connection WhatsApp Demo', `${DEMO_CONVERSATIONS.length} customers waiting`])

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
})
