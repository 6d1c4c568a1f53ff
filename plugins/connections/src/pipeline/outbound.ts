import { open, type FileHandle } from 'node:fs/promises'
import { AppError, isOggOpus, type Kernel } from '@atende/sdk'
import type { Contact, ContactsRef } from '@atende/plugin-contacts/api'
import type { Message, TicketsRef } from '@atende/plugin-tickets/api'
import type { OutboundMedia, OutboundMessage } from '../providers/types.ts'
import type { SessionManager } from '../sessions.ts'
import { createBucket } from './rate.ts'
import { parseVcard } from '../vcard.ts'

export const ERR_SENDING_WAPP_MSG = 'ERR_SENDING_WAPP_MSG'
type Stored = Message & { mediaKey: string | null }

const MEDIA_KINDS: Record<string, OutboundMedia['kind']> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'document',
}

/**
 * The outbound side of a connection, run by the process that owns its session. Messages wait in
 * the database (sendStatus 'pending') — the durable queue — and go out in id order through a
 * rate-limited loop, so a crash loses nothing (the next owner sends what is still pending) and a
 * burst cannot get a number banned. A refusal from the network marks the message failed.
 */
export function createSender(kernel: Kernel, sessions: SessionManager, opts: { perSecond: number; burst: number }) {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const loops = new Map<number, Promise<void>>()
  const buckets = new Map<number, ReturnType<typeof createBucket>>()
  const outcome = new Map<number, Array<(m: { ok: boolean; error?: string }) => void>>()
  const dirty = new Set<number>()

  /** Who each of a batch's messages goes to: an outgoing message carries its ticket's contact. */
  async function recipients(companyId: number, batch: Stored[]): Promise<Map<number, Contact>> {
    const ids = batch.flatMap((m) => (m.contactId ? [m.contactId] : []))
    return new Map((await contacts().byIds(companyId, ids)).map((c) => [c.id, c]))
  }

  async function recipientOf(companyId: number, m: Stored, known: Map<number, Contact>) {
    if (m.contactId) return known.get(m.contactId) ?? null
    const ticket = await tickets().get(companyId, m.ticketId)
    return ticket ? await contacts().get(companyId, ticket.contactId) : null
  }

  async function toOutbound(companyId: number, m: Stored, known: Map<number, Contact>): Promise<OutboundMessage> {
    const contact = await recipientOf(companyId, m, known)
    if (!contact) throw new AppError(ERR_SENDING_WAPP_MSG, 400, 'The ticket or its contact is gone')
    const out: OutboundMessage = {
      id: m.providerId ?? undefined,
      chatId: contact.number,
      lid: contact.lid ?? undefined,
      isGroup: contact.isGroup,
    }
    if (m.mediaType === 'vcard') out.contact = parseVcard(m.body)
    else if (m.mediaKey && m.mediaType) {
      const kind = MEDIA_KINDS[m.mediaType] ?? 'document'
      const mimetype = mimetypeAs(kind, kernel.storage.mimetypeOf(m.mediaKey))
      out.media = {
        kind,
        path: kernel.storage.path(m.mediaKey),
        mimetype,
        fileName: m.mediaName ?? 'file',
        // By the bytes, not the name: a song.ogg in Vorbis must not go out labelled Opus PTT.
        voiceNote: kind === 'audio' && /ogg|opus/.test(mimetype) && (await opusFile(kernel.storage.path(m.mediaKey))),
      }
      out.body = m.body && m.body !== m.mediaName ? m.body : undefined
    } else out.body = m.body
    if (contact.isGroup && m.body) out.mentions = [...m.body.matchAll(/@(\d{8,15})/g)].map((x) => x[1])
    if (m.quotedMsgId) {
      const q = await tickets().getMessage(companyId, m.quotedMsgId)
      if (q?.providerId) out.quoted = { id: q.providerId, fromMe: q.fromMe, body: q.body }
    }
    return out
  }

  async function sendOne(companyId: number, whatsappId: number, m: Stored, known: Map<number, Contact>) {
    const session = sessions.get(whatsappId)
    if (!session) return false
    await (
      buckets.get(whatsappId) ?? buckets.set(whatsappId, createBucket(opts.perSecond, opts.burst)).get(whatsappId)!
    ).take()
    let result: { ok: boolean; error?: string }
    try {
      const sent = await session.send(await toOutbound(companyId, m, known))
      await tickets().markSent(companyId, m.id, sent.ack)
      result = { ok: true }
    } catch (err) {
      const error = (err as Error)?.message || ERR_SENDING_WAPP_MSG
      kernel.log.warn({ err, whatsappId, messageId: m.id }, 'message not sent')
      await tickets().markFailed(companyId, m.id, error)
      result = { ok: false, error }
    }
    for (const done of outcome.get(m.id) ?? []) done(result)
    outcome.delete(m.id)
    return true
  }

  /** Drain until a pass finds nothing and no kick arrived meanwhile (a kick during the last query is not lost). */
  async function loop(companyId: number, whatsappId: number) {
    do {
      dirty.delete(whatsappId)
      for (;;) {
        const batch = await tickets().pendingOutgoing(companyId, whatsappId, 50)
        if (!batch.length) break
        const known = await recipients(companyId, batch)
        for (const m of batch) if (!(await sendOne(companyId, whatsappId, m, known))) return
      }
    } while (dirty.has(whatsappId))
  }

  return {
    /** Send what is pending for the connection (when its session runs here). */
    kick(companyId: number, whatsappId: number) {
      if (!sessions.isRunning(whatsappId)) return Promise.resolve()
      dirty.add(whatsappId)
      let p = loops.get(whatsappId)
      if (!p) {
        p = loop(companyId, whatsappId)
          .catch((err) => kernel.log.error({ err, whatsappId }, 'sender loop failed'))
          .finally(() => loops.delete(whatsappId))
        loops.set(whatsappId, p)
      }
      return p
    },
    /** Kick, and resolve with one message's outcome, or `pending` after `waitMs` (it still goes out later). */
    waitFor(companyId: number, whatsappId: number, messageId: number, waitMs: number) {
      return new Promise<{ ok: boolean; error?: string; pending?: boolean }>((resolve) => {
        const timer = setTimeout(() => resolve({ ok: true, pending: true }), waitMs)
        outcome.set(messageId, [
          ...(outcome.get(messageId) ?? []),
          (r) => {
            clearTimeout(timer)
            resolve(r)
          },
        ])
        void this.kick(companyId, whatsappId)
      })
    },
    forget(whatsappId: number) {
      buckets.delete(whatsappId)
    },
  }
}
export type Sender = ReturnType<typeof createSender>

/**
 * A file's type as the kind it is sent as: webm, ogg and mp4 hold audio or video, and a name's
 * extension says only the container (a browser's voice note is "audio.webm", typed video/webm).
 */
export function mimetypeAs(kind: string, stored: string): string {
  const [family, subtype] = stored.split('/')
  if (
    (kind === 'audio' || kind === 'video') &&
    (family === 'audio' || family === 'video') &&
    family !== kind &&
    ['webm', 'ogg', 'mp4'].includes(subtype ?? '')
  )
    return `${kind}/${subtype}`
  return stored
}

/** Does the file begin an Ogg/Opus stream? Its first page is enough (a few hundred bytes). */
async function opusFile(path: string): Promise<boolean> {
  let file: FileHandle | undefined
  try {
    file = await open(path, 'r')
    const head = Buffer.alloc(512)
    const { bytesRead } = await file.read(head, 0, head.length, 0)
    return isOggOpus(head.subarray(0, bytesRead))
  } catch {
    return false
  } finally {
    await file?.close()
  }
}
