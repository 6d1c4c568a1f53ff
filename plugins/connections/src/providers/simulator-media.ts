import { badRequest, parseDataUri } from '@atende/sdk'
import type { InboundMedia } from './types.ts'

const MAX_BYTES = 16 * 1024 * 1024

/** The simulator's mediaUrl: a data: URI, or an http(s) URL fetched with a size limit. */
export function simulatorMedia(url: string, fileName?: string): InboundMedia {
  let data: ReturnType<typeof parseDataUri>
  try {
    data = parseDataUri(url)
  } catch {
    throw badRequest('mediaUrl', 'mediaUrl is not a valid data: URI')
  }
  if (data) {
    const { mimetype, bytes } = data
    return { mimetype, fileName, load: async () => bytes }
  }
  if (!/^https?:\/\//i.test(url)) throw badRequest('mediaUrl', 'mediaUrl must be a data: URI or an http(s) URL')
  const name = fileName ?? decodeURIComponent(new URL(url).pathname.split('/').pop() || 'file')
  let mimetype = 'application/octet-stream'
  const media: InboundMedia = {
    get mimetype() {
      return mimetype
    },
    fileName: name,
    async load() {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
      if (!res.ok) throw new Error(`download failed: HTTP ${res.status}`)
      mimetype = res.headers.get('content-type')?.split(';')[0] || mimetype
      const buf = Buffer.from(await res.arrayBuffer())
      if (buf.length > MAX_BYTES) throw new Error('media too large')
      return buf
    },
  }
  return media
}
