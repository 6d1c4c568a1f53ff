import { assertPublicUrl, badRequest, guardedFetch, parseDataUri } from '@atende/sdk'
import type { InboundMedia } from './types.ts'

const MAX_BYTES = 16 * 1024 * 1024
const refused = { field: 'mediaUrl', code: 'ERR_MEDIA_URL_UNREACHABLE' } as const

/**
 * The simulator's mediaUrl: a data: URI, or an http(s) URL fetched through the guarded fetch (the
 * address connected to is judged at every hop, as for any tenant's URL; private ones only where
 * MEDIA_FETCH_ALLOW_PRIVATE says so), with a size limit.
 */
export function simulatorMedia(url: string, fileName: string | undefined, allowPrivate: boolean): InboundMedia {
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
      const res = await guardedFetch(
        url,
        { signal: AbortSignal.timeout(10_000) },
        { ...refused, allowPrivate, maxRedirects: 3 },
      )
      if (!res.ok) throw new Error(`download failed: HTTP ${res.status}`)
      if (Number(res.headers.get('content-length') ?? 0) > MAX_BYTES) throw new Error('media too large')
      mimetype = res.headers.get('content-type')?.split(';')[0] || mimetype
      const buf = Buffer.from(await res.arrayBuffer())
      if (buf.length > MAX_BYTES) throw new Error('media too large')
      return buf
    },
  }
  return media
}

/** Refuses, as a 400 naming mediaUrl, a URL whose host resolves to an address the fetch would refuse. */
export async function checkSimulatorMediaUrl(url: string, allowPrivate: boolean): Promise<void> {
  simulatorMedia(url, undefined, allowPrivate)
  if (!/^https?:\/\//i.test(url)) return
  await assertPublicUrl(url, refused.field, { allowPrivate, code: refused.code })
}
