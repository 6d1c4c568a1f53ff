import type { ChannelEvents, PictureUpdate } from '../types.ts'
import type { SocketLike } from './socket.ts'
import type { BaileysLogger } from './session.ts'

/** Someone whose picture we keep: the JID to ask WhatsApp with, and how the pipeline names them. */
export interface PictureTarget {
  jid: string
  chatId: string
  lid?: string
  isGroup: boolean
}

export interface PictureOptions {
  /** At most this many lookups at once (default 2). */
  concurrency?: number
  /** A person seen again is looked up again only after this long (default 24 h). */
  refreshMs?: number
  /** Lookups waiting beyond this are dropped; the next sighting asks again (default 1000). */
  maxQueue?: number
  /** People remembered (oldest forgotten first, default 20 000). */
  maxKnown?: number
  /** Fetch the picture's bytes (default: HTTP GET with a timeout and a size cap). */
  download?: (url: string) => Promise<{ data: Buffer; mimetype: string }>
  now?: () => number
}

interface Known {
  target: PictureTarget
  checkedAt: number
  cdnPath?: string
}

const DAY = 24 * 3600_000
const LOOKUP_TIMEOUT_MS = 15_000
const MAX_BYTES = 5 * 1024 * 1024
const statusOf = (err: unknown) => (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode

/** WhatsApp's picture URLs carry short-lived signatures in the query; the path names the picture. */
const cdnPath = (url: string) => {
  try {
    const u = new URL(url)
    return u.origin + u.pathname
  } catch {
    return url
  }
}

export async function downloadPicture(url: string): Promise<{ data: Buffer; mimetype: string }> {
  // eslint-disable-next-line no-restricted-globals -- a picture link WhatsApp's servers gave, no tenant's address
  const res = await fetch(url, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`picture download: HTTP ${res.status}`)
  if (Number(res.headers.get('content-length') ?? 0) > MAX_BYTES) throw new Error('picture download: too large')
  const data = Buffer.from(await res.arrayBuffer())
  if (data.length > MAX_BYTES) throw new Error('picture download: too large')
  const type = res.headers.get('content-type')?.split(';')[0].trim()
  return { data, mimetype: type?.startsWith('image/') ? type : 'image/jpeg' }
}

/**
 * Contacts' pictures, kept off the inbound path: a person (or group) is looked up when first seen
 * by this session, again at most once per `refreshMs`, and whenever WhatsApp says their picture
 * changed. Lookups run in the background, a few at a time; a lookup that fails (401/404: no picture
 * to see, or the network) leaves what we have. The same picture (same CDN path) is not downloaded
 * twice. A removed picture is reported as such.
 */
export class PictureRefresher {
  private readonly known = new Map<string, Known>()
  private readonly queue: Known[] = []
  private readonly queued = new Set<Known>()
  private running = 0
  private drained: Promise<void> = Promise.resolve()
  private markDrained = () => {}
  private readonly o: Required<PictureOptions>

  constructor(
    private readonly socket: () => SocketLike | undefined,
    private readonly events: ChannelEvents,
    private readonly logger: BaileysLogger,
    opts: PictureOptions = {},
  ) {
    this.o = {
      concurrency: 2,
      refreshMs: DAY,
      maxQueue: 1000,
      maxKnown: 20_000,
      download: downloadPicture,
      now: Date.now,
      ...opts,
    }
  }

  /** Someone wrote (or was written to): look them up unless done lately. */
  seen(target: PictureTarget) {
    if (!this.events.picture) return
    let k = this.known.get(target.chatId)
    if (k && this.o.now() - k.checkedAt < this.o.refreshMs) return
    if (!k) {
      k = { target, checkedAt: 0 }
      this.remember(k)
    }
    k.target = target
    this.enqueue(k)
  }

  /** WhatsApp says the picture of this JID changed or was removed: only for people we have seen. */
  changed(digits: string, removed: boolean) {
    const k = this.known.get(digits)
    if (!k || !this.events.picture) return
    if (!removed) {
      this.enqueue(k)
      return
    }
    k.cdnPath = undefined
    this.run(async () => {
      await this.report(k, null)
    })
  }

  /** Resolves when no lookup is waiting or running. */
  idle() {
    return this.drained
  }

  private remember(k: Known) {
    this.known.set(k.target.chatId, k)
    if (k.target.lid) this.known.set(k.target.lid, k)
    while (this.known.size > this.o.maxKnown) this.known.delete(this.known.keys().next().value!)
  }

  private enqueue(k: Known) {
    k.checkedAt = this.o.now()
    if (this.queued.has(k)) return
    if (this.queue.length >= this.o.maxQueue) {
      k.checkedAt = 0
      return
    }
    this.queued.add(k)
    this.queue.push(k)
    this.pump()
  }

  private pump() {
    while (this.running < this.o.concurrency && this.queue.length) {
      const k = this.queue.shift()!
      this.queued.delete(k)
      this.run(() => this.lookup(k))
    }
  }

  private run(work: () => Promise<void>) {
    if (this.running === 0)
      this.drained = new Promise((r) => {
        this.markDrained = r
      })
    this.running += 1
    void work()
      .catch((err) => this.logger.warn({ err }, 'baileys session: contact picture failed'))
      .finally(() => {
        this.running -= 1
        this.pump()
        if (this.running === 0) this.markDrained()
      })
  }

  private async lookup(k: Known) {
    const sock = this.socket()
    if (!sock?.profilePictureUrl) {
      k.checkedAt = 0
      return
    }
    let url: string | undefined
    try {
      url = await sock.profilePictureUrl(k.target.jid, 'image', LOOKUP_TIMEOUT_MS)
    } catch (err) {
      // 401 not-authorized (privacy) and 404 item-not-found (no picture) are answers, not failures.
      const code = statusOf(err)
      if (code !== 401 && code !== 404)
        this.logger.warn({ err, jid: k.target.jid }, 'baileys session: picture lookup failed')
      return
    }
    if (!url) return
    const path = cdnPath(url)
    if (path === k.cdnPath) return
    const picture = await this.o.download(url)
    await this.report(k, picture)
    k.cdnPath = path
  }

  private async report(k: Known, picture: PictureUpdate['picture']) {
    const { chatId, lid, isGroup } = k.target
    await this.events.picture!({ chatId, ...(lid ? { lid } : {}), isGroup, picture })
  }
}
