/** A file the kernel stored for a company. `key` is the only handle: keep it, never a path. */
export interface StoredFile {
  key: string
  fileName: string
  mimetype: string
  size: number
}

export interface StoragePutInput {
  data: Buffer | NodeJS.ReadableStream // streams are written without buffering the whole file
  fileName: string // the user's/provider's name: sanitised, never trusted as a path
  mimetype: string
  maxBytes?: number // default: config media max (16 MiB); over it → AppError 400 ERR_FILE_TOO_LARGE (field 'file'), partial file removed
  /** Allowed type families; default all of: image, audio, video, application (documents), text. Anything else → 400 ERR_FILE_TYPE_NOT_ALLOWED */
  allow?: Array<'image' | 'audio' | 'video' | 'application' | 'text'>
  /** A sub-area such as 'media' or 'quick-messages'; [a-z0-9-] only. */
  area?: string
}

/**
 * Media and attachments of every company (`kernel.storage`): inbound WhatsApp media, outbound
 * attachments, quick messages, schedules. Keys look like `<companyId>/<area>/<yyyy-mm>/<uuid>-<name>`.
 */
export interface StorageFromUrlOptions {
  /** The input field to name in errors (default 'mediaUrl'). */
  field?: string
  fileName?: string
  area?: string
  maxBytes?: number
  allow?: StoragePutInput['allow']
}

export interface StorageService {
  put(companyId: number, input: StoragePutInput): Promise<StoredFile>
  /**
   * A file named by URL, stored like put(): a data: URI, a signed link to one of this company's
   * stored files (copied), or an http(s) URL fetched once (no redirects, 10 s; private addresses
   * only when MEDIA_FETCH_ALLOW_PRIVATE is set). Unreachable → 400 ERR_MEDIA_URL_UNREACHABLE naming the field.
   */
  fromUrl(companyId: number, url: string, opts?: StorageFromUrlOptions): Promise<StoredFile>
  /** Absolute path on disk of a key (for providers that send from disk). Throws on a key that escapes the root. */
  path(key: string): string
  /** A URL the browser can use in <img src>/<audio src> without headers: /api/media/<key>?exp=..&sig=.. (HMAC-SHA256 with the JWT secret, default ttl 24 h). */
  signedUrl(key: string, ttlSeconds?: number): string
  /** The company that owns a key (keys start with the company id); null for a malformed key. */
  companyOf(key: string): number | null
  /** The type of a stored file by its (sanitised) name; application/octet-stream when unknown. */
  mimetypeOf(key: string): string
  remove(key: string): Promise<void>
}

/**
 * A `data:` URI's type and bytes; null when `url` is not one. Throws on a body that cannot be
 * decoded (callers answer 400 naming their field). One reader for every place that takes a mediaUrl.
 */
export function parseDataUri(url: string): { mimetype: string; bytes: Buffer } | null {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url)
  if (!match) return null
  const body = match[3] ?? ''
  return {
    mimetype: match[1] || 'application/octet-stream',
    bytes: match[2] ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body)),
  }
}
