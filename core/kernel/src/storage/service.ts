import { createWriteStream } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError, type StoragePutInput, type StorageService, type StoredFile } from '@atende/sdk'
import { ALL_FAMILIES, contentTypeOf, familyOf, newKey, parseKey, safeFileName, validArea } from './names.ts'
import { createSigner, type Signer } from './signing.ts'
import { storeFromUrl } from './from-url.ts'

export const DEFAULT_MEDIA_MAX_BYTES = 16 * 1024 * 1024
const DAY = 24 * 3600

export interface StorageOptions {
  /** Absolute directory every key lives under. */
  root: string
  /** Signs file URLs (the JWT secret). */
  secret: string
  maxBytes?: number
  /** fromUrl may fetch loopback and private addresses (tests, closed networks). */
  allowPrivateFetch?: boolean
  /** Host of PUBLIC_URL: absolute file links on it are this deployment's own. */
  ownHost?: string
}

/** The kernel's storage with what its file route needs besides the public contract. */
export interface LocalStorage extends StorageService {
  readonly signer: Signer
  /** The default limit of put() (config.mediaMaxBytes). */
  readonly maxBytes: number
}

const tooLarge = (max: number) =>
  new AppError('ERR_FILE_TOO_LARGE', 400, `The file is larger than ${max} bytes`, { field: 'file' })

/** Files on local disk under one root; one folder per company, area and month. */
export function createStorage(opts: StorageOptions): LocalStorage {
  const root = resolve(opts.root)
  const defaultMax = opts.maxBytes ?? DEFAULT_MEDIA_MAX_BYTES
  const signer = createSigner(opts.secret)

  function pathOf(key: string): string {
    if (!parseKey(key)) throw new AppError('ERR_FILE_NOT_FOUND', 404, 'Not a storage key')
    const full = resolve(root, key)
    if (!full.startsWith(root + sep)) throw new AppError('ERR_FILE_NOT_FOUND', 404, 'Not a storage key')
    return full
  }

  async function put(companyId: number, input: StoragePutInput): Promise<StoredFile> {
    if (!Number.isInteger(companyId) || companyId < 1) throw new Error(`storage.put: bad companyId ${companyId}`)
    const area = input.area ?? 'media'
    if (!validArea(area)) throw new Error(`storage.put: bad area ${JSON.stringify(area)} (a-z, 0-9 and - only)`)
    const max = input.maxBytes ?? defaultMax
    const family = familyOf(input.mimetype)
    if (!family || !(input.allow ?? ALL_FAMILIES).includes(family)) {
      discard(input.data)
      throw new AppError(
        'ERR_FILE_TYPE_NOT_ALLOWED',
        400,
        `Files of type ${String(input.mimetype)} are not allowed here`,
        { field: 'file' },
      )
    }
    const fileName = safeFileName(input.fileName, input.mimetype)
    const key = newKey(companyId, area, fileName)
    const file = pathOf(key)
    await mkdir(dirname(file), { recursive: true })

    let size: number
    if (Buffer.isBuffer(input.data)) {
      if (input.data.length > max) throw tooLarge(max)
      await writeFile(file, input.data, { flag: 'wx', mode: 0o640 })
      size = input.data.length
    } else {
      size = await writeStream(input.data, file, max)
    }
    return { key, fileName, mimetype: input.mimetype, size }
  }

  return {
    signer,
    maxBytes: defaultMax,
    put,
    fromUrl: (companyId, url, o) =>
      storeFromUrl(
        { put, path: pathOf, signer, allowPrivate: !!opts.allowPrivateFetch, ownHost: opts.ownHost },
        companyId,
        url,
        o,
      ),
    path: pathOf,
    signedUrl(key, ttlSeconds = DAY) {
      pathOf(key)
      const exp = Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds))
      return `/api/media/${key}?exp=${exp}&sig=${signer.sign(key, exp)}`
    },
    companyOf: (key) => parseKey(key)?.companyId ?? null,
    mimetypeOf: (key) => contentTypeOf(key) ?? 'application/octet-stream',
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}

/** Streams into `file` counting bytes; over `max` (or a source that says it was cut short) the file is removed. */
async function writeStream(source: NodeJS.ReadableStream, file: string, max: number): Promise<number> {
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > max) done(tooLarge(max))
      else done(null, chunk)
    },
  })
  const out = createWriteStream(file, { flags: 'wx', mode: 0o640 })
  try {
    await pipeline(source, counter, out)
    // @fastify/multipart (busboy) ends a file stream early at its own limit and marks it truncated.
    if ((source as { truncated?: boolean }).truncated) throw tooLarge(max)
    return size
  } catch (err) {
    // A stream refused early may still be opening its file: removed before it exists, it would be
    // created just after and stay behind. Wait for the stream to close, then remove.
    if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()))
    await rm(file, { force: true })
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(max)
    throw err
  }
}

/** A refused stream is closed unread (busboy then skips the rest of that file part). */
function discard(data: StoragePutInput['data']) {
  const stream = data as { destroy?: () => void }
  if (!Buffer.isBuffer(data) && typeof stream.destroy === 'function') stream.destroy()
}
