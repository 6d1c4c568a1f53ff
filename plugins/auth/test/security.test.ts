import { mkdtempSync, rmSync, writeFileSync, utimesSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '@atende/kernel/testing'
import { inlineScriptHashes } from '../../../core/kernel/src/security.ts'
import auth from '../src/index.ts'
import { seedCompany, refreshCookie } from './helpers.ts'

/** Headers every answer carries (core/kernel/src/security.ts). */
function expectBaseHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'")
}

describe('security headers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [auth] })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('on an API answer (and its errors): nosniff, no framing, referrer policy, no-store', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    expectBaseHeaders(health.headers)
    expect(health.headers['cache-control']).toBe('no-store')
    const denied = await t.app.inject({ method: 'GET', url: '/api/auth/me' })
    expect(denied.statusCode).toBe(401)
    expectBaseHeaders(denied.headers)
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' })
    expect(missing.statusCode).toBe(404)
    expectBaseHeaders(missing.headers)
  })

  it("on the web app's HTML: a CSP that loads same-origin modules and allows the inline theme script by hash", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tickets' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expectBaseHeaders(res.headers)
    const csp = String(res.headers['content-security-policy'])
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `))
    expect(directive('default-src')).toBe("default-src 'self'")
    expect(directive('script-src')).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/)
    expect(directive('object-src')).toBe("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).not.toContain('upgrade-insecure-requests')
    // Each inline script of the served page is allowed by its hash, nothing else inline.
    for (const [, body] of res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      expect(directive('script-src')).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`)
    }
    expect(res.headers['cache-control']).toBe('no-cache') // HTML is revalidated, never no-store
  })

  it('on a token answer (login, refresh): Cache-Control no-store', async () => {
    const c = await seedCompany(t.app, t.db)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cnpj: c.cnpj, email: c.email, password: c.password },
      remoteAddress: '10.5.5.5',
    })
    expect(login.statusCode).toBe(200)
    expectBaseHeaders(login.headers)
    expect(login.headers['cache-control']).toBe('no-store')
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      cookies: { jrt: refreshCookie(login)!.value },
    })
    expect(refresh.statusCode).toBe(200)
    expect(refresh.headers['cache-control']).toBe('no-store')
  })

  it('the API docs keep working under their own policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger-ui-bundle.js')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("frame-ancestors 'none'")
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(json.statusCode).toBe(200)
    expect(json.json().openapi).toMatch(/^3\./)
  })

  it('hashes the inline scripts of the built index.html, again after a rebuild', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atende-csp-'))
    try {
      const file = join(dir, 'index.html')
      const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
      writeFileSync(file, '<script>\n  one()\n</script><script type="module" src="/a.js"></script>')
      expect(inlineScriptHashes(file)).toEqual([sha('\n  one()\n')])
      writeFileSync(file, '<script>two()</script><script nomodule>three()</script>')
      utimesSync(file, new Date(), new Date(Date.now() + 5_000))
      expect(inlineScriptHashes(file)).toEqual([sha('two()'), sha('three()')])
      expect(inlineScriptHashes(join(dir, 'missing.html'))).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('TRUST_PROXY: X-Forwarded-For is honoured only from configured proxies', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [auth], config: { trustProxy: ['127.0.0.1'] } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('behind a trusted proxy each forwarded client has its own allowance; others cannot forge one', async () => {
    const c = await seedCompany(t.app, t.db)
    const payload = { cnpj: c.cnpj, email: c.email, password: 'Errada@123' }
    const attempt = (forwardedFor: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401)
    expect((await attempt('203.0.113.7')).statusCode).toBe(429)
    // Another client behind the proxy is counted apart.
    expect((await attempt('203.0.113.8')).statusCode).toBe(401)
    // A client that is not the proxy gets no say about its address.
    for (let i = 0; i < 10; i++) expect((await attempt(`198.51.100.${i}`, '10.1.1.1')).statusCode).toBe(401)
    expect((await attempt('198.51.100.99', '10.1.1.1')).statusCode).toBe(429)
  })
})
