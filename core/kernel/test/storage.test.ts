import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import { Readable } from 'node:stream'
import { AppError, definePlugin, type StorageService } from '@atende/sdk'
import { createTestApp, companyWithUser, type TestApp } from './support/index.ts'
import type { LocalStorage } from '../src/storage/index.ts'

const MAX = 64 * 1024
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')

/** Uploads through @fastify/multipart straight into storage, as a plugin's attachment route would. */
const uploader = definePlugin({
  name: 'upload-probe',
  version: '1.0.0',
  async register(app, kernel) {
    app.post('/upload-probe', async (req) => {
      const part = await req.file()
      if (!part) throw new AppError('ERR_VALIDATION', 400, 'no file', { field: 'file' })
      const maxBytes = (req.query as { max?: string }).max ? Number((req.query as { max: string }).max) : undefined
      return kernel.storage.put(req.auth.companyId, {
        data: part.file,
        fileName: part.filename,
        mimetype: part.mimetype,
        maxBytes,
      })
    })
  },
})

function multipartBody(fileName: string, mimetype: string, data: Buffer) {
  const boundary = '----atende-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mimetype}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
}

describe('kernel.storage', () => {
  let t: TestApp
  let dataDir: string
  let root: string
  let storage: StorageService
  const signer = () => (t.app.kernel.storage as LocalStorage).signer
  const expectAppError = async (p: Promise<unknown>, status: number, code: string) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(AppError)
    expect(err).toMatchObject({ statusCode: status, code })
    return err as AppError
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-storage-'))
    root = join(dataDir, 'media')
    t = await createTestApp({ plugins: [uploader], config: { dataDir, mediaMaxBytes: MAX } })
    storage = t.app.kernel.storage
  })
  afterAll(async () => {
    await t?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('stores a buffer under <root>/<company>/<area>/<yyyy-mm>/<uuid>-<name>', async () => {
    const file = await storage.put(7, { data: PNG, fileName: 'photo.png', mimetype: 'image/png' })
    const month = new Date().toISOString().slice(0, 7)
    expect(file.key).toMatch(new RegExp(`^7/media/${month}/[0-9a-f-]{36}-photo\\.png$`))
    expect(file).toMatchObject({ fileName: 'photo.png', mimetype: 'image/png', size: PNG.length })
    expect(storage.path(file.key)).toBe(join(root, ...file.key.split('/')))
    expect(await readFile(storage.path(file.key))).toEqual(PNG)
    expect(storage.companyOf(file.key)).toBe(7)
  })

  it('streams a stream to disk in its own area and counts its bytes', async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.alloc(1000, i))
    const file = await storage.put(7, {
      data: Readable.from(chunks),
      fileName: 'voice',
      mimetype: 'audio/ogg; codecs=opus',
      area: 'quick-messages',
    })
    expect(file.key).toMatch(/^7\/quick-messages\/\d{4}-\d{2}\/[0-9a-f-]{36}-voice\.ogg$/)
    expect(file.size).toBe(20_000)
    expect(await readFile(storage.path(file.key))).toEqual(Buffer.concat(chunks))
  })

  it('refuses a file over the limit with 400 ERR_FILE_TOO_LARGE and leaves nothing behind', async () => {
    const area = 'limit-test'
    const stream = Readable.from(Array.from({ length: 10 }, () => Buffer.alloc(1000, 1)))
    const err = await expectAppError(
      storage.put(8, { data: stream, fileName: 'big.mp4', mimetype: 'video/mp4', area, maxBytes: 4500 }),
      400,
      'ERR_FILE_TOO_LARGE',
    )
    expect(err.details).toEqual({ field: 'file' })
    // The configured default (MAX) applies when the caller gives none, to buffers and streams alike.
    await expectAppError(
      storage.put(8, { data: Buffer.alloc(MAX + 1), fileName: 'big.pdf', mimetype: 'application/pdf', area }),
      400,
      'ERR_FILE_TOO_LARGE',
    )
    await expectAppError(
      storage.put(8, {
        data: Readable.from([Buffer.alloc(MAX), Buffer.alloc(1)]),
        fileName: 'big.pdf',
        mimetype: 'application/pdf',
        area,
      }),
      400,
      'ERR_FILE_TOO_LARGE',
    )
    // A stream its producer cut short at its own limit (busboy marks it truncated).
    const cut = Object.assign(Readable.from([Buffer.alloc(100)]), { truncated: true })
    await expectAppError(
      storage.put(8, { data: cut, fileName: 'cut.pdf', mimetype: 'application/pdf', area }),
      400,
      'ERR_FILE_TOO_LARGE',
    )
    expect(await filesUnder(join(root, '8', area))).toEqual([])
    // Exactly the limit is fine.
    const ok = await storage.put(8, {
      data: Readable.from([Buffer.alloc(4500, 2)]),
      fileName: 'ok.mp4',
      mimetype: 'video/mp4',
      area,
      maxBytes: 4500,
    })
    expect((await stat(storage.path(ok.key))).size).toBe(4500)
  })

  it('refuses types outside the allowed families before writing', async () => {
    const area = 'type-test'
    await expectAppError(
      storage.put(9, { data: Buffer.from('x'), fileName: 'model.glb', mimetype: 'model/gltf-binary', area }),
      400,
      'ERR_FILE_TYPE_NOT_ALLOWED',
    )
    await expectAppError(
      storage.put(9, { data: Buffer.from('x'), fileName: 'x', mimetype: 'not a type', area }),
      400,
      'ERR_FILE_TYPE_NOT_ALLOWED',
    )
    await expectAppError(
      storage.put(9, {
        data: Readable.from([Buffer.from('x')]),
        fileName: 'a.ogg',
        mimetype: 'audio/ogg',
        allow: ['image'],
        area,
      }),
      400,
      'ERR_FILE_TYPE_NOT_ALLOWED',
    )
    expect(await filesUnder(join(root, '9'))).toEqual([])
    const img = await storage.put(9, { data: PNG, fileName: 'a.png', mimetype: 'IMAGE/PNG', allow: ['image'], area })
    expect(img.size).toBe(PNG.length)
  })

  it('sanitises names: basename only, folded to [A-Za-z0-9._-], extension kept, never empty, inside the root', async () => {
    const cases: Array<[string, string, string | RegExp]> = [
      ['../../etc/passwd', 'text/plain', 'passwd.txt'],
      ['..\\..\\windows\\system32\\cmd.exe', 'application/octet-stream', 'cmd.exe'],
      ['dir/sub/../report.pdf', 'application/pdf', 'report.pdf'],
      ['evil\u0000.jpg', 'image/jpeg', 'evil.jpg'],
      ['Relatório de vendas (final).PDF', 'application/pdf', 'Relatorio_de_vendas_final.pdf'],
      ['Ｆｕｌｌ／ｗｉｄｔｈ．ｐｎｇ', 'image/png', 'Fullwidth.png'],
      ['😀🎉', 'audio/ogg', 'file.ogg'],
      ['', 'image/jpeg', 'file.jpg'],
      ['...', 'video/mp4', 'file.mp4'],
      ['..', 'application/x-unknown', 'file'],
      ['.htaccess', 'text/plain', 'htaccess.txt'],
      [`${'a'.repeat(300)}.jpeg`, 'image/jpeg', `${'a'.repeat(95)}.jpeg`],
      ['a  --  b__.txt', 'text/plain', 'a_b.txt'],
    ]
    for (const [input, mimetype, expected] of cases) {
      const file = await storage.put(10, { data: Buffer.from('x'), fileName: input, mimetype })
      expect(file.fileName, JSON.stringify(input)).toBe(expected)
      expect(file.key.endsWith(`-${expected}`)).toBe(true)
      expect(file.fileName.length).toBeLessThanOrEqual(100)
      expect(storage.path(file.key).startsWith(root + sep)).toBe(true)
    }
    // Nothing landed outside <root>/10.
    expect((await readdir(dataDir)).sort()).toEqual(['media'])
    for (const f of await filesUnder(root)) expect(f.startsWith(root + sep)).toBe(true)
  })

  it('refuses bad areas, companies and keys', async () => {
    await expect(storage.put(1, { data: PNG, fileName: 'a.png', mimetype: 'image/png', area: '../x' })).rejects.toThrow(
      /area/,
    )
    await expect(
      storage.put(1, { data: PNG, fileName: 'a.png', mimetype: 'image/png', area: 'Media' }),
    ).rejects.toThrow(/area/)
    await expect(storage.put(0, { data: PNG, fileName: 'a.png', mimetype: 'image/png' })).rejects.toThrow(/companyId/)
    for (const key of [
      '../../etc/passwd',
      '1/media/2024-01/../../../etc/passwd',
      '/etc/passwd',
      '1/media/2024-01/x.png',
      '',
    ]) {
      expect(() => storage.path(key)).toThrow()
      expect(() => storage.signedUrl(key)).toThrow()
      await expect(storage.remove(key)).rejects.toThrow()
    }
  })

  it('knows the company of a key', async () => {
    const file = await storage.put(42, { data: PNG, fileName: 'a.png', mimetype: 'image/png' })
    expect(storage.companyOf(file.key)).toBe(42)
    expect(storage.companyOf(file.key.replace(/^42/, '0'))).toBeNull()
    expect(storage.companyOf('abc')).toBeNull()
    expect(storage.companyOf(`../${file.key}`)).toBeNull()
    expect(storage.companyOf('42/media/2024-01/not-a-uuid-a.png')).toBeNull()
  })

  it('serves a signed URL without a bearer, with its type and safe headers', async () => {
    const file = await storage.put(11, { data: PNG, fileName: 'Foto do cliente.png', mimetype: 'image/png' })
    const url = storage.signedUrl(file.key)
    expect(url).toMatch(new RegExp(`^/api/media/${file.key.replace(/[.]/g, '\\.')}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`))
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'))
    expect(exp - Date.now() / 1000).toBeGreaterThan(23 * 3600)
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600)
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload).toEqual(PNG)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['content-disposition']).toBe('inline; filename="Foto_do_cliente.png"')
    expect(res.headers['cache-control']).toBe('private, max-age=3600')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(Number(res.headers['content-length'])).toBe(PNG.length)
  })

  it('never serves a stored page or unknown type as something a browser would run', async () => {
    const html = await storage.put(11, {
      data: Buffer.from('<script>alert(1)</script>'),
      fileName: 'page.html',
      mimetype: 'text/html',
    })
    const res = await t.app.inject({ method: 'GET', url: storage.signedUrl(html.key) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-disposition']).toBe('attachment; filename="page.html"')
    const doc = await storage.put(11, {
      data: Buffer.from('%PDF-1.4'),
      fileName: 'contrato.pdf',
      mimetype: 'application/pdf',
    })
    expect((await t.app.inject({ method: 'GET', url: storage.signedUrl(doc.key) })).headers['content-type']).toBe(
      'application/pdf',
    )
  })

  it('serves byte ranges (audio and video seeking)', async () => {
    const file = await storage.put(11, { data: Buffer.from('0123456789'), fileName: 'clip.mp4', mimetype: 'video/mp4' })
    const url = storage.signedUrl(file.key)
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=2-5' } })
    expect(part.statusCode).toBe(206)
    expect(part.body).toBe('2345')
    expect(part.headers['content-range']).toBe('bytes 2-5/10')
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-3' } })
    expect([tail.statusCode, tail.body]).toEqual([206, '789'])
    const out = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=20-' } })
    expect(out.statusCode).toBe(416)
    expect(out.headers['content-range']).toBe('bytes */10')
  })

  it('answers 403 ERR_FILE_URL_EXPIRED to a tampered, expired, borrowed or missing signature', async () => {
    const a = await storage.put(12, { data: PNG, fileName: 'a.png', mimetype: 'image/png' })
    const b = await storage.put(12, { data: PNG, fileName: 'b.png', mimetype: 'image/png' })
    const url = new URL(storage.signedUrl(a.key), 'http://x')
    const exp = url.searchParams.get('exp')!
    const sig = url.searchParams.get('sig')!
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)
    const past = Math.floor(Date.now() / 1000) - 1
    const urls = [
      `/api/media/${a.key}?exp=${exp}&sig=${flipped}`, // tampered signature
      `/api/media/${a.key}?exp=${Number(exp) + 3600}&sig=${sig}`, // extended expiry
      `/api/media/${a.key}?exp=${past}&sig=${signer().sign(a.key, past)}`, // properly signed, expired
      `/api/media/${b.key}?exp=${exp}&sig=${sig}`, // another key's signature
      `/api/media/${a.key}?exp=${exp}`,
      `/api/media/${a.key}`,
      `/api/media/${a.key}?exp=soon&sig=${sig}`,
    ]
    for (const u of urls) {
      const res = await t.app.inject({ method: 'GET', url: u })
      expect(res.statusCode, u).toBe(403)
      expect(res.json()).toMatchObject({ error: 'ERR_FILE_URL_EXPIRED', statusCode: 403 })
    }
  })

  it("is not opened by a session: tenant B with A's key and no valid signature gets 403", async () => {
    const A = await companyWithUser(t.app)
    const B = await companyWithUser(t.app)
    const file = await storage.put(A.companyId, { data: PNG, fileName: 'a.png', mimetype: 'image/png' })
    for (const headers of [B.headers, A.headers]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/media/${file.key}`, headers })
      expect(res.statusCode).toBe(403)
    }
  })

  it('answers 404 ERR_FILE_NOT_FOUND for a removed file, and 403/404 (never 500, never outside the root) for traversal', async () => {
    const file = await storage.put(13, { data: PNG, fileName: 'gone.png', mimetype: 'image/png' })
    const url = storage.signedUrl(file.key)
    await storage.remove(file.key)
    expect(existsSync(join(root, file.key))).toBe(false)
    await storage.remove(file.key) // removing twice is fine
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ error: 'ERR_FILE_NOT_FOUND' })

    const exp = Math.floor(Date.now() / 1000) + 60
    // Encoded slashes survive URL normalisation and reach the route as part of the key.
    const evil = [
      '..%2f..%2f..%2f..%2fetc%2fpasswd',
      '13/media/2024-01/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '13/media/2024-01/',
      '13%5c..%5c..%5cetc%5cpasswd',
    ]
    for (const key of evil) {
      // Even with a signature made for the (decoded) traversal key itself, the key is refused.
      for (const u of [
        `/api/media/${key}?exp=${exp}&sig=${signer().sign(decodeURIComponent(key), exp)}`,
        `/api/media/${key}?exp=${exp}&sig=${signer().sign(key, exp)}`,
        `/api/media/${key}`,
      ]) {
        const r = await t.app.inject({ method: 'GET', url: u })
        expect([403, 404], `${u} → ${r.statusCode} ${r.body.slice(0, 100)}`).toContain(r.statusCode)
        expect(r.body).not.toContain('root:')
      }
    }
    const signedDecoded = await t.app.inject({
      method: 'GET',
      url: `/api/media/${evil[0]}?exp=${exp}&sig=${signer().sign(decodeURIComponent(evil[0]!), exp)}`,
    })
    expect(signedDecoded.json()).toMatchObject({ error: 'ERR_FILE_NOT_FOUND', statusCode: 404 })
    // Plain (and %2e) `..` segments are resolved by the URL itself and never reach the file route.
    for (const u of ['/api/media/../../../../etc/passwd', '/api/media/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd']) {
      const plain = await t.app.inject({ method: 'GET', url: `${u}?exp=${exp}&sig=${signer().sign(u.slice(11), exp)}` })
      expect(plain.statusCode).toBeLessThan(500)
      expect(plain.body).not.toContain('root:')
    }
  })

  it('takes multipart uploads as a stream, with the limits enforced', async () => {
    const { headers } = await companyWithUser(t.app)
    const bytes = Buffer.alloc(3000, 7)
    const ok = multipartBody('../nota fiscal.pdf', 'application/pdf', bytes)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-probe',
      headers: { ...headers, ...ok.headers },
      payload: ok.payload,
    })
    expect(res.statusCode).toBe(200)
    const stored = res.json()
    expect(stored).toMatchObject({ fileName: 'nota_fiscal.pdf', mimetype: 'application/pdf', size: 3000 })
    expect(await readFile(storage.path(stored.key))).toEqual(bytes)

    const before = (await filesUnder(root)).length
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/upload-probe?max=1000',
      headers: { ...headers, ...ok.headers },
      payload: ok.payload,
    })
    expect(small.statusCode).toBe(400)
    expect(small.json()).toMatchObject({ error: 'ERR_FILE_TOO_LARGE', field: 'file' })
    const huge = multipartBody('big.pdf', 'application/pdf', Buffer.alloc(MAX + 10, 1))
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/upload-probe',
      headers: { ...headers, ...huge.headers },
      payload: huge.payload,
    })
    expect(over.statusCode).toBe(400)
    expect(over.json()).toMatchObject({ error: 'ERR_FILE_TOO_LARGE', field: 'file' })
    const exe = multipartBody('x.bin', 'chemical/x-pdb', Buffer.alloc(10))
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/upload-probe',
      headers: { ...headers, ...exe.headers },
      payload: exe.payload,
    })
    expect(refused.json()).toMatchObject({ statusCode: 400, error: 'ERR_FILE_TYPE_NOT_ALLOWED' })
    expect((await filesUnder(root)).length).toBe(before)
  })

  it('still serves links signed before /api/media under /api/files until they expire, kept out of the docs', async () => {
    const file = await storage.put(14, { data: PNG, fileName: 'old.png', mimetype: 'image/png' })
    const legacy = storage.signedUrl(file.key).replace(/^\/api\/media\//, '/api/files/')
    const res = await t.app.inject({ method: 'GET', url: legacy })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload).toEqual(PNG)
    expect(res.headers['content-type']).toBe('image/png')
    const past = Math.floor(Date.now() / 1000) - 1
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.key}?exp=${past}&sig=${signer().sign(file.key, past)}`,
    })
    expect(expired.json()).toMatchObject({ statusCode: 403, error: 'ERR_FILE_URL_EXPIRED' })
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.key}` })).statusCode).toBe(403)
    // fromUrl takes the company's own old links as it takes new ones.
    const copy = await storage.fromUrl(14, legacy)
    expect(await readFile(storage.path(copy.key))).toEqual(PNG)
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/files'))).toEqual([])
  })

  it('documents the route as public, tagged media', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const entry = Object.entries<Record<string, any>>(doc.paths).find(([p]) => p.startsWith('/api/media/'))
    expect(entry).toBeDefined()
    expect(entry![1].get.tags).toEqual(['media'])
    expect(entry![1].get.security).toEqual([])
    expect(entry![1].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['*', 'exp', 'sig'].sort())
  })
})
