import { open, type FileHandle } from 'node:fs/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { AppError, ErrorResponse, isAppError } from '@atende/sdk'
import { contentTypeOf, parseKey } from './names.ts'
import type { LocalStorage } from './service.ts'

const Params = Type.Object({ '*': Type.String({ maxLength: 512, description: 'the storage key' }) })
const Query = Type.Object({
  exp: Type.Optional(Type.String({ maxLength: 20, description: 'expiry, unix seconds' })),
  sig: Type.Optional(Type.String({ maxLength: 128, description: 'HMAC-SHA256 of key and exp' })),
})
const Err = Type.Ref(ErrorResponse)
const Binary = Type.String({ format: 'binary', description: 'the file bytes' })

const expired = () => new AppError('ERR_FILE_URL_EXPIRED', 403, 'The file link is invalid or has expired')
const missing = () => new AppError('ERR_FILE_NOT_FOUND', 404, 'File not found')

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; several are answered with the whole file). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return 'whole'
  let start: number, end: number
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } // the last n bytes
  else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end }
}

/**
 * GET /api/media/<key>?exp&sig: the signed URL is the credential (no bearer), so <img>/<audio>
 * tags can load media. The signature is checked before the key is even looked at.
 *
 * GET /api/files/<key>?exp&sig is the same for links signed before signed media moved to
 * /api/media (they stay valid until they expire, up to a year for stored contact pictures).
 * `/api/files` is now the file lists' path (plugins/files): their routes are `/api/files`,
 * `/api/files/:id` and `/api/files/uploadList/:id`, and the router always prefers a static or
 * parametric route to this wildcard, so the legacy route only ever sees paths of two segments
 * or more — a storage key has four (`<companyId>/<area>/<yyyy-mm>/<uuid>-<name>`). It is left
 * out of the API documentation.
 */
export function registerFileRoutes(app: FastifyInstance, storage: LocalStorage) {
  const serve = serveSigned(storage)
  app.get<{ Params: Static<typeof Params>; Querystring: Static<typeof Query> }>(
    '/api/media/*',
    {
      config: { public: true },
      schema: {
        tags: ['media'],
        summary: 'A stored file through a signed URL (kernel.storage.signedUrl); no bearer needed',
        params: Params,
        querystring: Query,
        response: { 200: Binary, 206: Binary, 403: Err, 404: Err },
      },
    },
    serve,
  )
  app.get<{ Params: Static<typeof Params>; Querystring: Static<typeof Query> }>(
    '/api/files/*',
    {
      config: { public: true },
      schema: {
        hide: true,
        tags: ['media'],
        summary: 'Signed links made before /api/media (until they expire)',
        params: Params,
        querystring: Query,
        response: { 200: Binary, 206: Binary, 403: Err, 404: Err },
      },
    },
    serve,
  )
}

function serveSigned(storage: LocalStorage) {
  return async (
    request: FastifyRequest<{ Params: Static<typeof Params>; Querystring: Static<typeof Query> }>,
    reply: FastifyReply,
  ) => {
    const key = request.params['*']
    if (!storage.signer.verify(key, request.query.exp, request.query.sig)) throw expired()
    const parsed = parseKey(key)
    if (!parsed) throw missing()
    let fh: FileHandle
    try {
      fh = await open(storage.path(key), 'r')
    } catch {
      throw missing()
    }
    let size: number
    try {
      const st = await fh.stat()
      if (!st.isFile()) throw missing()
      size = st.size
    } catch (err) {
      await fh.close()
      throw isAppError(err) ? err : missing()
    }

    const type = contentTypeOf(parsed.name)
    reply.headers({
      'content-type': type ?? 'application/octet-stream',
      // The name is [A-Za-z0-9._-] only (safeFileName), so it is safe inside quotes as it is.
      'content-disposition': `${type ? 'inline' : 'attachment'}; filename="${parsed.name}"`,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    })
    const range = parseRange(request.headers.range, size)
    if (range === 'unsatisfiable') {
      await fh.close()
      return reply
        .status(416)
        .header('content-range', `bytes */${size}`)
        .type('application/json')
        .send({ error: 'ERR_RANGE_NOT_SATISFIABLE', message: 'Range not satisfiable', statusCode: 416 })
    }
    if (range === 'whole') {
      reply.header('content-length', size)
      return reply.send(fh.createReadStream())
    }
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
    return reply.send(fh.createReadStream({ start: range.start, end: range.end }))
  }
}
