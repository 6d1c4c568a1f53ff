import { randomUUID } from 'node:crypto'

export type TypeFamily = 'image' | 'audio' | 'video' | 'application' | 'text'
export const ALL_FAMILIES: readonly TypeFamily[] = ['image', 'audio', 'video', 'application', 'text']

/**
 * Extension → Content-Type of what we serve. Only types a browser will not run as a page on our
 * origin: no html, svg, xml or scripts (those are served as an octet-stream attachment instead).
 */
const TYPE_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  amr: 'audio/amr',
  weba: 'audio/webm',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  vcf: 'text/vcard; charset=utf-8',
}

/** Mimetype → extension, for names that come without one (WhatsApp voice notes, pasted images). */
const EXT_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/amr': 'amr',
  'audio/webm': 'weba',
  'audio/flac': 'flac',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'video/mpeg': 'mpeg',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/rtf': 'rtf',
  'application/zip': 'zip',
  'application/vnd.rar': 'rar',
  'application/x-7z-compressed': '7z',
  'application/json': 'json',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/vcard': 'vcf',
  'text/x-vcard': 'vcf',
}

const MAX_NAME = 100
const EXT = /\.([A-Za-z0-9]{1,10})$/

/** `type/subtype` lower-cased without parameters (`audio/ogg; codecs=opus` → `audio/ogg`); null when malformed. */
export function baseMimetype(mimetype: string): string | null {
  const base = String(mimetype ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  return /^[a-z]+\/[a-z0-9][a-z0-9.+-]{0,126}$/.test(base) ? base : null
}

/** The family (`image`, `audio`, …) of a mimetype when it is one we know; null otherwise. */
export function familyOf(mimetype: string): TypeFamily | null {
  const family = baseMimetype(mimetype)?.split('/')[0]
  return (ALL_FAMILIES as readonly string[]).includes(family ?? '') ? (family as TypeFamily) : null
}

/**
 * A name safe as the last part of a path and as a header value: basename only, accents folded,
 * nothing but [A-Za-z0-9._-], at most 100 characters with the extension kept, never empty.
 */
export function safeFileName(fileName: string, mimetype: string): string {
  const raw = String(fileName ?? '').replace(/[\u0000-\u001f\u007f]/g, '')
  const base = raw.split(/[/\\]/).filter(Boolean).pop() ?? ''
  let name = base
    .normalize('NFKD')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/[._-]{2,}/g, (run) => (run.includes('.') ? '.' : run[0]!)) // keep the dot of `__.txt`
    .replace(/^[._-]+|[._-]+$/g, '')
  let ext = ''
  const m = EXT.exec(name) // leading dots are trimmed above, so a match always has a stem before it
  if (m) {
    ext = m[1]!.toLowerCase()
    name = name.slice(0, m.index)
  } else ext = EXT_BY_TYPE[baseMimetype(mimetype) ?? ''] ?? ''
  const room = MAX_NAME - (ext ? ext.length + 1 : 0)
  const stem = name.slice(0, room).replace(/[._-]+$/, '') || 'file'
  return ext ? `${stem}.${ext}` : stem
}

/** Content-Type to serve a stored name with; null when it is not a type we serve inline. */
export function contentTypeOf(name: string): string | null {
  const m = EXT.exec(name)
  return (m && TYPE_BY_EXT[m[1]!.toLowerCase()]) || null
}

const AREA = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/
/** `<companyId>/<area>/<yyyy-mm>/<uuid>-<safe name>`: nothing else is a key. */
const KEY =
  /^([1-9][0-9]{0,14})\/([a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?)\/([0-9]{4}-[0-9]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/

export const validArea = (area: string) => AREA.test(area)

export function newKey(companyId: number, area: string, safeName: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`
  return `${companyId}/${area}/${month}/${randomUUID()}-${safeName}`
}

export function parseKey(key: string): { companyId: number; area: string; month: string; name: string } | null {
  const m = typeof key === 'string' ? KEY.exec(key) : null
  if (!m || m[5]!.includes('..')) return null
  return { companyId: Number(m[1]), area: m[2]!, month: m[3]!, name: m[5]! }
}
