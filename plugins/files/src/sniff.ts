import { Readable } from 'node:stream'
import { AppError } from '@atende/sdk'

/**
 * What a file is, from its first bytes rather than what the browser said: the types WhatsApp
 * sends as image, audio, video or document. Nothing here trusts the name or the declared type.
 */
const SIGNATURES: { mimetype: string; test: (h: Buffer) => boolean }[] = [
  { mimetype: 'image/png', test: (h) => starts(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimetype: 'image/jpeg', test: (h) => starts(h, [0xff, 0xd8, 0xff]) },
  { mimetype: 'image/gif', test: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a') },
  { mimetype: 'image/webp', test: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP') },
  { mimetype: 'audio/wav', test: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE') },
  { mimetype: 'video/x-msvideo', test: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'AVI ') },
  { mimetype: 'application/pdf', test: (h) => ascii(h, 0, '%PDF-') },
  { mimetype: 'audio/ogg', test: (h) => ascii(h, 0, 'OggS') },
  { mimetype: 'audio/flac', test: (h) => ascii(h, 0, 'fLaC') },
  { mimetype: 'audio/amr', test: (h) => ascii(h, 0, '#!AMR') },
  { mimetype: 'audio/mpeg', test: (h) => ascii(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xe6) === 0xe2) },
  { mimetype: 'audio/aac', test: (h) => h[0] === 0xff && ((h[1] ?? 0) & 0xf6) === 0xf0 },
  // ISO media: `ftyp` at 4; the brand tells audio (M4A) from video.
  { mimetype: 'audio/mp4', test: (h) => ascii(h, 4, 'ftyp') && /^M4[AB] /.test(h.toString('latin1', 8, 12)) },
  { mimetype: 'video/quicktime', test: (h) => ascii(h, 4, 'ftypqt') },
  { mimetype: 'video/3gpp', test: (h) => ascii(h, 4, 'ftyp3g') },
  { mimetype: 'video/mp4', test: (h) => ascii(h, 4, 'ftyp') },
  { mimetype: 'video/webm', test: (h) => starts(h, [0x1a, 0x45, 0xdf, 0xa3]) },
  // Office documents: OOXML/ODF are zip files, the old ones OLE2 compound files.
  { mimetype: 'application/zip', test: (h) => starts(h, [0x50, 0x4b, 0x03, 0x04]) },
  { mimetype: 'application/x-ole-storage', test: (h) => starts(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  { mimetype: 'application/rtf', test: (h) => ascii(h, 0, '{\\rtf') },
]

const HEAD = 32

function starts(h: Buffer, bytes: number[]) {
  return h.length >= bytes.length && bytes.every((b, i) => h[i] === b)
}
function ascii(h: Buffer, at: number, s: string) {
  return h.length >= at + s.length && h.toString('latin1', at, at + s.length) === s
}

/** Plain text: UTF-8 without control characters other than tab, newlines and form feed. */
function looksLikeText(h: Buffer) {
  if (!h.length) return false
  for (const b of h) if (b < 0x20 && b !== 9 && b !== 10 && b !== 12 && b !== 13) return false
  return true
}

/**
 * The type a file's first bytes prove, settled against the declared one: a known signature wins
 * (a zip or OLE2 file keeps the Office type it was declared with when that type is one of theirs);
 * unknown bytes are taken only as text/plain (or the declared text type, csv or vcard) when they
 * read as text. Anything else is refused: its bytes are not what it claims to be.
 */
export function settleType(head: Buffer, declared: string): string | null {
  const claimed = String(declared ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  const found = SIGNATURES.find((s) => s.test(head))?.mimetype
  // Claimed media must prove it: text (or anything unknown) sent as an image is refused.
  if (!found && /^(image|audio|video)\//.test(claimed)) return null
  if (found === 'application/zip')
    return /^application\/vnd\.(openxmlformats|oasis)/.test(claimed) ? claimed : 'application/zip'
  if (found === 'application/x-ole-storage')
    return /^application\/(msword|vnd\.ms-)/.test(claimed) ? claimed : 'application/msword'
  if (found) return found
  if (looksLikeText(head)) return /^text\/(plain|csv|vcard|x-vcard)$/.test(claimed) ? claimed : 'text/plain'
  return null
}

export const ERR_FILE_TYPE_NOT_ALLOWED = 'ERR_FILE_TYPE_NOT_ALLOWED'

type Source = NodeJS.ReadableStream & { truncated?: boolean }

/**
 * Reads a file stream's first bytes and settles its type (settleType) before anything is stored;
 * answers the type and a stream of the whole file (the first bytes replayed), whose `truncated`
 * follows the source's so the kernel's storage still notices a multipart part cut at the upload
 * limit. Bytes that are no known type: 400 ERR_FILE_TYPE_NOT_ALLOWED naming `field`, the source
 * closed unread.
 */
export async function sniffUpload(
  source: Source,
  declared: string,
  field: string,
): Promise<{ mimetype: string; stream: Readable }> {
  const it = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
  let head = Buffer.alloc(0)
  let ended = false
  while (head.length < HEAD) {
    const next = await it.next()
    if (next.done) {
      ended = true
      break
    }
    head = Buffer.concat([head, Buffer.from(next.value)])
  }
  const mimetype = settleType(head, declared)
  if (!mimetype) {
    await it.return?.()
    throw new AppError(ERR_FILE_TYPE_NOT_ALLOWED, 400, 'The file is not an image, audio, video or document', {
      field,
    })
  }
  async function* replay() {
    let finished = ended
    try {
      if (head.length) yield head
      while (!finished) {
        const next = await it.next()
        if (next.done) finished = true
        else yield Buffer.from(next.value)
      }
    } finally {
      // Stopped early (over the size limit): the source is closed so the request can go on.
      if (!finished) await it.return?.()
    }
  }
  const stream = Readable.from(replay(), { objectMode: false })
  Object.defineProperty(stream, 'truncated', { get: () => !!source.truncated })
  return { mimetype, stream }
}

/** Extensions a stored name may keep for each type settleType answers; the first is given otherwise. */
const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'audio/wav': ['wav'],
  'video/x-msvideo': ['avi'],
  'application/pdf': ['pdf'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/flac': ['flac'],
  'audio/amr': ['amr'],
  'audio/mpeg': ['mp3'],
  'audio/aac': ['aac'],
  'audio/mp4': ['m4a'],
  'video/quicktime': ['mov'],
  'video/3gpp': ['3gp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm', 'weba'],
  'application/zip': ['zip'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/rtf': ['rtf'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'text/vcard': ['vcf'],
  'text/x-vcard': ['vcf'],
}

/**
 * The upload's name with an extension that matches its settled type (files are served by the
 * extension of their stored name): `foto.png` stays, a PDF named `foto.png` becomes `foto.png.pdf`.
 */
export function nameForType(fileName: string, mimetype: string): string {
  const allowed = EXTENSIONS[mimetype]
  if (!allowed) return fileName
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase()
  return ext && allowed.includes(ext) ? fileName : `${fileName || 'file'}.${allowed[0]}`
}
