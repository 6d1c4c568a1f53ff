import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { definePlugin } from '@atende/sdk'
import { redactUrl } from '../src/log.ts'
import { captureLog, createTestApp, type TestApp } from './support/index.ts'

const R = '[redacted]'

describe('redactUrl: what a log may show of a request URL', () => {
  it("hides a password reset's email, code and new password, keeping the route and the CNPJ", () => {
    expect(redactUrl('/api/resetpasswords/ana%40x.com/12345678000199/654321/Nova%40Senha1')).toBe(
      `/api/resetpasswords/${R}/12345678000199/${R}/${R}`,
    )
    // Extra segments (a password with an unencoded slash), a trailing slash, a query: all hidden.
    expect(redactUrl('/api/resetpasswords/a@x.com/1/654321/Nova/Senha?x=Senha2')).toBe(
      `/api/resetpasswords/${R}/1/${R}/${R}/${R}?${R}`,
    )
    expect(redactUrl('/api/resetpasswords/a@x.com/1/654321/S/')).toBe(`/api/resetpasswords/${R}/1/${R}/${R}/`)
    // Short (misrouted) forms, other case and an encoded route name are logged too: hidden alike.
    expect(redactUrl('/api/resetpasswords/a@x.com')).toBe(`/api/resetpasswords/${R}`)
    expect(redactUrl('/api/ResetPasswords/a@x.com/1/654321/S')).toBe(`/api/ResetPasswords/${R}/1/${R}/${R}`)
    expect(redactUrl('/api/reset%70asswords/a@x.com/1/654321/S')).toBe(`/api/reset%70asswords/${R}/1/${R}/${R}`)
    // The body form has nothing in its path.
    expect(redactUrl('/api/resetpasswords')).toBe('/api/resetpasswords')
  })

  it("hides the email of a code request, a socket's access token and a signed URL's signature", () => {
    expect(redactUrl('/api/forgetpassword/ana%40x.com')).toBe(`/api/forgetpassword/${R}`)
    expect(redactUrl('/socket?token=eyJhbGciOi.x.y')).toBe(`/socket?token=${R}`)
    expect(redactUrl('/api/media/1/a.png?exp=99&sig=abc')).toBe(`/api/media/1/a.png?exp=99&sig=${R}`)
  })

  it('leaves every other URL as it is', () => {
    for (const url of ['/api/tickets?status=open&pageNumber=2', '/api/auth/login', '/', '/api/users/3', '/x?a&b='])
      expect(redactUrl(url)).toBe(url)
  })
})

describe("the kernel's log lines carry redacted URLs", () => {
  let t: TestApp
  const log = captureLog()
  // A route under the reset path that fails: the request lines and the unhandled-error line name it.
  const failing = definePlugin({
    name: 'log-probe',
    version: '1.0.0',
    essential: true,
    register(app) {
      app.post('/resetpasswords/:email/:cnpj/:token/:password/boom', { config: { public: true } }, async () => {
        throw new Error('boom')
      })
    },
  })
  beforeAll(async () => {
    t = await createTestApp({ plugins: [failing], logger: { level: 'info', stream: log.stream } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('request lines and the unhandled-error line hide the secrets of the path and the query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resetpasswords/segredo%40x.com/12345678000199/918273/Oculta%40Senha9/boom',
    })
    expect(res.statusCode).toBe(500)
    await t.app.inject({ method: 'GET', url: '/socket?token=eyJzZWNyZXQ.token.value' })

    expect(log.lines).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({ url: `/api/resetpasswords/${R}/12345678000199/${R}/${R}/${R}` }),
      }),
    )
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        msg: 'unhandled error',
        url: `/api/resetpasswords/${R}/12345678000199/${R}/${R}/${R}`,
      }),
    )
    expect(log.lines).toContainEqual(
      expect.objectContaining({ req: expect.objectContaining({ url: `/socket?token=${R}` }) }),
    )
    for (const secret of ['segredo', '918273', 'Oculta', 'eyJzZWNyZXQ']) expect(log.text()).not.toContain(secret)
  })
})
