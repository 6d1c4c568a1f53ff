import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type Server } from 'node:http'
import { createTestApp, companyWithUser, pairedSimulator, pipelinePlugins, type TestApp } from './support.ts'

// 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** POST /messages/{ticketId} as JSON with a mediaUrl: fetched into storage with an upload's checks, or a 400 naming mediaUrl. */
describe('sending media by URL', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/pic.png') {
        res.writeHead(200, { 'content-type': 'image/png' })
        res.end(PNG)
        return
      }
      if (req.url === '/elsewhere') {
        res.writeHead(302, { location: '/pic.png' })
        res.end()
        return
      }
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' })
        res.end()
        return
      }
      if (req.url === '/font.woff2') {
        res.writeHead(200, { 'content-type': 'font/woff2' })
        res.end('wOF2')
        return
      }
      res.writeHead(404)
      res.end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(async () => {
    await new Promise((r) => server.close(r))
  })

  async function setup(t: TestApp) {
    const sim = await pairedSimulator(t)
    const ticketId = (
      await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, {
        from: '5547981114444',
        name: 'Bia',
        body: 'oi',
      })
    ).json().message.ticketId as number
    return { sim, ticketId, send: (payload: object) => sim.call('POST', `/api/messages/${ticketId}`, payload) }
  }

  describe('where private addresses may be fetched (MEDIA_FETCH_ALLOW_PRIVATE)', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ plugins: pipelinePlugins, config: { mediaFetchAllowPrivate: true } })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('fetches an http(s) URL, stores it and sends it as an image with the body as caption', async () => {
      const { sim, send } = await setup(t)
      const res = await send({ body: 'olha', mediaUrl: `${base}/pic.png` })
      expect(res.statusCode, res.body).toBe(200)
      const [m] = res.json().messages
      expect(m).toMatchObject({ mediaType: 'image', body: 'olha', fromMe: true })
      expect(m.mediaUrl).toMatch(/^\/api\/media\/\d+\/media\//)
      const file = await t.app.inject({ method: 'GET', url: m.mediaUrl })
      expect(file.rawPayload.equals(PNG)).toBe(true)
      const outbox = (await sim.call('GET', `/api/simulator/${sim.whatsapp.id}/outbox?to=5547981114444`)).json()
        .messages as any[]
      expect(outbox.find((o) => o.id === m.providerId)).toBeTruthy()
    })

    it('follows a redirect, named after where the file was found', async () => {
      const { send } = await setup(t)
      const res = await send({ mediaUrl: `${base}/elsewhere` })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().messages[0]).toMatchObject({ mediaType: 'image', mediaName: 'pic.png' })
    })

    it("takes a data: URI and a signed link to one of the company's own files, but not another company's", async () => {
      const { sim, send } = await setup(t)
      const fromData = await send({ mediaUrl: `data:image/png;base64,${PNG.toString('base64')}` })
      expect(fromData.json().messages[0]).toMatchObject({ mediaType: 'image' })
      const own = await t.app.kernel.storage.put(sim.whatsapp.companyId, {
        data: PNG,
        fileName: 'mine.png',
        mimetype: 'image/png',
      })
      const fromLink = await send({ mediaUrl: t.app.kernel.storage.signedUrl(own.key) })
      expect(fromLink.statusCode, fromLink.body).toBe(200)
      const other = await companyWithUser(t.app)
      const theirs = await t.app.kernel.storage.put(other.companyId, {
        data: PNG,
        fileName: 'theirs.png',
        mimetype: 'image/png',
      })
      expect((await send({ mediaUrl: t.app.kernel.storage.signedUrl(theirs.key) })).json()).toMatchObject({
        statusCode: 400,
        error: 'ERR_MEDIA_URL_UNREACHABLE',
        field: 'mediaUrl',
      })
    })

    it('refuses what cannot be fetched or stored, naming mediaUrl, and sends nothing', async () => {
      const { sim, send, ticketId } = await setup(t)
      const before = await t.db('messages').where({ ticketId }).count({ n: '*' }).first()
      // A valid link whose file was deleted since.
      const gone = await t.app.kernel.storage.put(sim.whatsapp.companyId, {
        data: PNG,
        fileName: 'gone.png',
        mimetype: 'image/png',
      })
      const goneLink = t.app.kernel.storage.signedUrl(gone.key)
      await t.app.kernel.storage.remove(gone.key)
      for (const [url, error] of [
        [goneLink, 'ERR_MEDIA_URL_UNREACHABLE'],
        ['data:text/plain,%E0%A4%A', 'ERR_MEDIA_URL_UNREACHABLE'],
        [`${base}/missing.png`, 'ERR_MEDIA_URL_UNREACHABLE'],
        [`${base}/loop`, 'ERR_MEDIA_URL_UNREACHABLE'],
        ['http://127.0.0.1:1/none', 'ERR_MEDIA_URL_UNREACHABLE'],
        ['ftp://example.com/a.png', 'ERR_MEDIA_URL_UNREACHABLE'],
        ['/api/media/1/media/2026-01/x.png?exp=1&sig=bad', 'ERR_MEDIA_URL_UNREACHABLE'],
        ['/api/files/1/media/2026-01/x.png?exp=1&sig=bad', 'ERR_MEDIA_URL_UNREACHABLE'],
        [`${base}/font.woff2`, 'ERR_FILE_TYPE_NOT_ALLOWED'],
      ] as const) {
        expect((await send({ body: 'x', mediaUrl: url })).json(), url).toMatchObject({
          statusCode: 400,
          error,
          field: 'mediaUrl',
        })
      }
      expect(await t.db('messages').where({ ticketId }).count({ n: '*' }).first()).toEqual(before)
    })
  })

  describe('by default', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ plugins: pipelinePlugins })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('never fetches loopback or private addresses for a user', async () => {
      const { send } = await setup(t)
      for (const url of [
        `${base}/pic.png`,
        'http://10.0.0.1/a.png',
        'http://[::1]/a.png',
        `http://[::ffff:127.0.0.1]:${new URL(base).port}/pic.png`,
        `http://[0:0:0:0:0:ffff:127.0.0.1]:${new URL(base).port}/pic.png`,
        `http://[::ffff:0:127.0.0.1]:${new URL(base).port}/pic.png`,
        `http://localhost:${new URL(base).port}/pic.png`,
        'http://169.254.169.254/latest/meta-data',
        'http://[::ffff:a9fe:a9fe]/latest/meta-data',
      ]) {
        const res = (await send({ body: 'x', mediaUrl: url })).json()
        expect(res, url).toMatchObject({ statusCode: 400, error: 'ERR_MEDIA_URL_UNREACHABLE', field: 'mediaUrl' })
        expect(res.message).toMatch(/addresses are refused/)
      }
    })
  })
})
