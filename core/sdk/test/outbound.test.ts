import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { LookupAddress } from 'node:dns'
import { assertPublicUrl, classifyAddress, guardedFetch, refusalFor } from '../src/index.ts'

describe('the address rule', () => {
  // Every spelling an attacker tried (and the ones they could), judged as the address it is.
  const table: [string, 'public' | 'private' | 'forbidden'][] = [
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'private'],
    ['127.255.0.9', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['198.18.0.1', 'private'],
    ['224.0.0.1', 'private'],
    ['255.255.255.255', 'private'],
    ['0.0.0.0', 'forbidden'],
    ['0.1.2.3', 'forbidden'],
    ['169.254.169.254', 'forbidden'],
    ['100.100.100.200', 'forbidden'],
    ['::1', 'private'],
    ['::', 'forbidden'],
    ['0:0:0:0:0:0:0:1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'private'],
    ['::ffff:0:7f00:1', 'private'],
    ['::127.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'private'],
    ['64:ff9b::7f00:1', 'private'],
    ['64:ff9b::808:808', 'private'],
    ['2002:7f00:1::', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['ff02::1', 'private'],
    ['2001:db8::1', 'private'],
    ['fe80::1', 'forbidden'],
    ['fe80::1%eth0', 'forbidden'],
    ['febf::1', 'forbidden'],
    ['::ffff:169.254.169.254', 'forbidden'],
    ['::ffff:a9fe:a9fe', 'forbidden'],
    ['::ffff:0:a9fe:a9fe', 'forbidden'],
    ['::a9fe:a9fe', 'forbidden'],
    ['64:ff9b::a9fe:a9fe', 'forbidden'],
    ['2002:a9fe:a9fe::', 'forbidden'],
    ['::ffff:0.0.0.0', 'forbidden'],
    ['fd00:ec2::254', 'forbidden'],
    ['not an address', 'forbidden'],
  ]
  it.each(table)('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected)
  })

  it('an allowed host may be private, never forbidden; one bad answer among good ones refuses the host', () => {
    const allowed = new Set(['typebot.internal'])
    expect(refusalFor('typebot.internal', ['10.0.0.5'], { allowed })).toBeNull()
    expect(refusalFor('typebot.internal', ['169.254.169.254'], { allowed })).toMatch(/metadata/)
    expect(refusalFor('other.internal', ['10.0.0.5'], { allowed })).toMatch(/private/)
    expect(refusalFor('mixed.example', ['8.8.8.8', '::ffff:7f00:1'], { allowed })).toMatch(/private/)
    expect(refusalFor('mixed.example', ['8.8.8.8'], { allowed })).toBeNull()
  })

  it.each([
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::1]/',
    'http://localhost/',
    'file:///etc/passwd',
  ])('refuses %s when a URL is saved, though 127.0.0.1 is allowed', async (url) => {
    await expect(assertPublicUrl(url, 'urlN8N', { allowed: new Set(['127.0.0.1']) })).rejects.toMatchObject({
      code: 'ERR_OUTBOUND_URL_REFUSED',
      statusCode: 400,
      details: { field: 'urlN8N' },
    })
  })

  it.each(['http://0x7f.1/', 'http://2130706433/', 'http://127.1/'])(
    'refuses %s (127.0.0.1 written otherwise)',
    async (url) => {
      await expect(assertPublicUrl(url, 'urlN8N')).rejects.toMatchObject({ code: 'ERR_OUTBOUND_URL_REFUSED' })
    },
  )
})

describe('guardedFetch', () => {
  let server: Server
  let port: number
  const hits: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url!)
      const to = /^\/to\/(.+)$/.exec(req.url!)
      if (to) {
        res.writeHead(302, { location: decodeURIComponent(to[1]) })
        return res.end()
      }
      res.end(`ok ${req.method} ${req.headers.authorization ?? '-'}`)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as { port: number }).port
  })
  afterAll(() => new Promise((r) => server.close(r)))

  const req = { field: 'urlN8N', allowed: new Set(['127.0.0.1', 'engine.test']) }
  const refused = { code: 'ERR_OUTBOUND_URL_REFUSED', statusCode: 400, details: { field: 'urlN8N' } }

  it('reaches an allowed host, and refuses every other form of the same address without connecting', async () => {
    expect(await (await guardedFetch(`http://127.0.0.1:${port}/a`, {}, req)).text()).toBe('ok GET -')
    hits.length = 0
    for (const host of ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::ffff:0:127.0.0.1]', 'localhost', '127.1'])
      await expect(guardedFetch(`http://${host}:${port}/b`, {}, { field: 'urlN8N' }), host).rejects.toMatchObject(
        refused,
      )
    // localhost resolves inside the connection's own lookup: refused there, before any byte.
    await expect(guardedFetch(`http://localhost:${port}/b`, {}, req)).rejects.toMatchObject(refused)
    expect(hits).toEqual([])
  })

  it('connects to the very address it judged (the name is resolved once, inside the connection)', async () => {
    const answers: string[] = ['127.0.0.1', '169.254.169.254']
    const resolve = async (): Promise<LookupAddress[]> => [{ address: answers.shift()!, family: 4 }]
    // engine.test exists only in this resolver: reaching the listener proves the socket used its answer.
    const first = await guardedFetch(`http://engine.test:${port}/first`, {}, { ...req, resolve })
    expect(await first.text()).toBe('ok GET -')
    // The same name answers the metadata address on the next connection (rebinding): refused.
    await expect(guardedFetch(`http://engine.test:${port}/second`, {}, { ...req, resolve })).rejects.toMatchObject(
      refused,
    )
    const mixed = async (): Promise<LookupAddress[]> => [
      { address: '127.0.0.1', family: 4 },
      { address: '::ffff:a9fe:a9fe', family: 6 },
    ]
    await expect(
      guardedFetch(`http://engine.test:${port}/third`, {}, { ...req, resolve: mixed }),
    ).rejects.toMatchObject(refused)
    expect(hits.filter((h) => h !== '/first' && h.startsWith('/'))).not.toContain('/second')
  })

  it('answers a redirect as it is, or follows it judging every hop', async () => {
    const to = (url: string) => `http://127.0.0.1:${port}/to/${encodeURIComponent(url)}`
    const manual = await guardedFetch(to('/a'), {}, req)
    expect(manual.status).toBe(302)
    const followed = await guardedFetch(
      to('/landed'),
      { headers: { authorization: 'Bearer x' } },
      { ...req, maxRedirects: 3 },
    )
    expect(await followed.text()).toBe('ok GET Bearer x')
    hits.length = 0
    for (const target of [
      `http://[::ffff:127.0.0.1]:${port}/inside`,
      'http://169.254.169.254/latest/meta-data',
      `http://localhost:${port}/inside`,
      'gopher://127.0.0.1/',
    ])
      await expect(guardedFetch(to(target), {}, { ...req, maxRedirects: 3 }), target).rejects.toMatchObject(refused)
    expect(hits.some((h) => h === '/inside')).toBe(false)
    // A POST redirected by 302 arrives as a GET without its body; credentials stay on their origin.
    const posted = await guardedFetch(
      to(`http://engine.test:${port}/after-post`),
      {
        method: 'POST',
        body: 'x',
        headers: { authorization: 'Bearer secret' },
      },
      { ...req, maxRedirects: 1, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    )
    expect(await posted.text()).toBe('ok GET -')
  })

  it('lets network failures and timeouts through as fetch throws them (callers retry those)', async () => {
    await expect(guardedFetch('http://127.0.0.1:1/', {}, req)).rejects.toThrow(/fetch failed/)
    await expect(guardedFetch('http://no-such-host.invalid/', {}, { ...req, allowed: new Set() })).rejects.toThrow(
      /fetch failed/,
    )
  })
})
