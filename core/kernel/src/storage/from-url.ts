import { createReadStream, existsSync } from 'node:fs'
import { Readable } from 'node:stream'
import {
  AppError,
  guardedFetch,
  isAppError,
  parseDataUri,
  type StoredFile,
  type StorageFromUrlOptions,
  type StorageService,
} from '@atende/sdk'
import { contentTypeOf, parseKey } from './names.ts'
import type { Signer } from './signing.ts'

const TIMEOUT_MS = 10_000
const MAX_REDIRECTS = 3

/**
 * A file named by URL, stored for a company as an upload would be (type and size checked while
 * streaming): a data: URI, a signed link to one of the company's own stored files (copied), or an
 * http(s) URL fetched through the guarded fetch — up to 3 redirects, each hop's address judged again,
 * 10 s, and never a private address unless the deployment allows it (MEDIA_FETCH_ALLOW_PRIVATE;
 * metadata and link-local never). Anything unreachable is a 400 naming the field.
 */
export async function storeFromUrl(
  deps: {
    put: StorageService['put']
    path: (key: string) => string
    signer: Signer
    allowPrivate: boolean
    ownHost?: string
  },
  companyId: number,
  url: string,
  opts: StorageFromUrlOptions = {},
): Promise<StoredFile> {
  const field = opts.field ?? 'mediaUrl'
  const refuse = (why: string) => new AppError('ERR_MEDIA_URL_UNREACHABLE', 400, `${field}: ${why}`, { field })
  const put = (data: Buffer | NodeJS.ReadableStream, fileName: string, mimetype: string) =>
    deps.put(companyId, {
      data,
      fileName,
      mimetype,
      area: opts.area ?? 'media',
      maxBytes: opts.maxBytes,
      allow: opts.allow,
    })

  let data: ReturnType<typeof parseDataUri>
  try {
    data = parseDataUri(url)
  } catch {
    throw refuse('not a valid data: URI')
  }
  if (data) return put(data.bytes, opts.fileName ?? 'file', data.mimetype)

  let parsed: URL
  try {
    parsed = new URL(url, 'http://self.invalid')
  } catch {
    throw refuse('not a URL')
  }
  // One of our own signed file links (relative or on our host): the company's own file, copied.
  // `/api/files/` is how links were signed before `/api/media/` (still valid until they expire).
  const own = /^\/api\/(?:media|files)\/(.+)$/.exec(parsed.pathname)
  if (own && (parsed.host === 'self.invalid' || parsed.host === deps.ownHost)) {
    const key = decodeURIComponent(own[1])
    if (
      !deps.signer.verify(key, parsed.searchParams.get('exp') ?? undefined, parsed.searchParams.get('sig') ?? undefined)
    )
      throw refuse('the file link is invalid or has expired')
    const info = parseKey(key)
    if (!info || info.companyId !== companyId) throw refuse('not a file of this company')
    // A valid link can outlive its file (deleted with its message or quick message).
    if (!existsSync(deps.path(key))) throw refuse('the linked file no longer exists')
    const mimetype = contentTypeOf(key) ?? 'application/octet-stream'
    return put(createReadStream(deps.path(key)), opts.fileName ?? info.name.replace(/^[0-9a-f-]{36}-/, ''), mimetype)
  }
  if (parsed.host === 'self.invalid' || !/^https?:$/.test(parsed.protocol))
    throw refuse('must be an http(s) URL, a data: URI or a file link of this company')

  let res: Response
  try {
    res = await guardedFetch(
      parsed,
      { signal: AbortSignal.timeout(TIMEOUT_MS) },
      { field, code: 'ERR_MEDIA_URL_UNREACHABLE', allowPrivate: deps.allowPrivate, maxRedirects: MAX_REDIRECTS },
    )
  } catch (err) {
    if (isAppError(err)) throw err
    throw refuse(`could not be fetched (${(err as Error).name === 'TimeoutError' ? 'timed out' : 'connection failed'})`)
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel()
    throw refuse(`redirects more than ${MAX_REDIRECTS} times (HTTP ${res.status})`)
  }
  // Named after where the file was found (the last hop), as a browser would save it.
  const path = res.url ? new URL(res.url).pathname : parsed.pathname
  if (!res.ok || !res.body) {
    await res.body?.cancel()
    throw refuse(`answered HTTP ${res.status}`)
  }
  const mimetype =
    res.headers.get('content-type')?.split(';')[0].trim() || contentTypeOf(path) || 'application/octet-stream'
  const declared = Number(res.headers.get('content-length') ?? NaN)
  if (opts.maxBytes && declared > opts.maxBytes) {
    await res.body.cancel()
    throw new AppError('ERR_FILE_TOO_LARGE', 400, `The file is larger than ${opts.maxBytes} bytes`, { field })
  }
  const name = opts.fileName ?? (decodeURIComponent(path.split('/').pop() || '') || 'file')
  try {
    return await put(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), name, mimetype)
  } catch (err) {
    if (isAppError(err)) throw new AppError(err.code, err.statusCode, err.message, { field })
    throw refuse('the download was cut short')
  }
}
