import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { TestApp } from '@atende/kernel/testing'
import { apiApp, company } from './support.ts'

/**
 * Guessing tokens: after API_TOKEN_FAILURES_MAX wrong bearers from one address, every bearer from
 * it is answered 429 with Retry-After — a right one too — while other addresses go on.
 */
describe('wrong bearers are limited per address', () => {
  let t: TestApp
  beforeAll(async () => {
    process.env.API_TOKEN_FAILURES_MAX = '5'
    t = await apiApp()
  })
  afterAll(async () => {
    delete process.env.API_TOKEN_FAILURES_MAX
    await t?.close()
  })

  it('company and connection tokens alike: 401 five times, then 429 for everything from there', async () => {
    const c = await company(t)
    const { token } = await c.token('ERP')
    const connectionToken = 'Kq2v9XbL0pR7sT4wYz1M'
    const w = await c.ok(
      c.call('POST', '/api/whatsapp', { name: 'Com token', provider: 'simulator', token: connectionToken }),
    )
    await c.ok(c.call('POST', `/api/simulator/${w.id}/scan`, {}))
    const from = (remoteAddress: string, bearer: string, url = `/api/v1/companies/${c.companyId}/contacts`) =>
      t.app.inject({ method: 'GET', url, remoteAddress, headers: { authorization: `Bearer ${bearer}` } })
    const send = (remoteAddress: string, bearer: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages/send',
        remoteAddress,
        headers: { authorization: `Bearer ${bearer}` },
        payload: { number: '5547999990000', body: 'oi' },
      })

    const guesses = [() => from('203.0.113.7', 'atd_wrong-guess'), () => send('203.0.113.7', 'not-a-connection-token')]
    for (let i = 0; i < 5; i++) expect((await guesses[i % 2]()).statusCode).toBe(401)
    const blocked = await from('203.0.113.7', 'atd_another-guess')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toBe('ERR_TOO_MANY_REQUESTS')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // The right tokens from the guessing address: refused alike, so a hit cannot be told from the block.
    expect((await from('203.0.113.7', token)).statusCode).toBe(429)
    expect((await send('203.0.113.7', connectionToken)).statusCode).toBe(429)
    // Another address is not held back.
    expect((await from('198.51.100.9', token)).statusCode).toBe(200)
    expect((await send('198.51.100.9', connectionToken)).statusCode).toBe(200)
  })
})
