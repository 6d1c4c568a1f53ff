import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { userIn } from '@atende/kernel/testing'
import { createTestApp, pairedSimulator, pipelinePlugins, type TestApp } from './support.ts'

/**
 * The simulated phone speaks for a customer and shows everything the connection sent, whatever the
 * ticket rules say: every one of its routes is an admin's.
 */
describe('the simulator phone is an admin tool', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('refuses an attendant every simulator route, and lets the admin use them', async () => {
    const sim = await pairedSimulator(t)
    const attendant = await userIn(t.app, sim.whatsapp.companyId, 'user')
    const routes = [
      ['POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from: '5547981113333', body: 'oi' }],
      ['GET', `/api/simulator/${sim.whatsapp.id}/outbox`, undefined],
      ['POST', `/api/simulator/${sim.whatsapp.id}/scan`, {}],
      ['POST', `/api/simulator/${sim.whatsapp.id}/disconnect`, undefined],
    ] as const
    for (const [method, url, payload] of routes) {
      const res = await t.app.inject({ method, url, headers: attendant.headers, payload })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
    for (const [method, url, payload] of routes) {
      const res = await sim.call(method, url, payload)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200)
    }
  })
})
