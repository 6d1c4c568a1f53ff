import { AppError, type Kernel } from '@atende/sdk'
import type {
  AuthenticationCreds,
  GroupMetadata,
  proto,
  UserFacingSocketConfig,
  WAMessageKey,
} from '@whiskeysockets/baileys'
import type {
  Ack,
  ChannelEvents,
  ChannelSession,
  ConnectionRef,
  InboundMessage,
  MessageChange,
  MessageKey,
  OutboundMessage,
  SessionUpdate,
} from '../types.ts'
import type { BaileysLib } from './lib.ts'
import type { MakeSocket, SocketLike } from './socket.ts'
import { createAuthStore, type AuthStore } from './auth-store.ts'
import { callToInbound, toAck, toInbound, type InboundContext } from './inbound.ts'
import { changeFromMessage, changeFromUpdate } from './changes.ts'
import { chatJid, groupJid, toContent, toKey, toOptions } from './outbound.ts'
import { PictureRefresher, type PictureOptions } from './pictures.ts'

export const ERR_WAPP_NOT_INITIALIZED = 'ERR_WAPP_NOT_INITIALIZED'

/** Baileys' logger shape (pino's). */
export type BaileysLogger = NonNullable<UserFacingSocketConfig['logger']>

export interface Backoff {
  baseMs: number
  maxMs: number
}
/** The reconnect timer (a seam so tests can fire it by hand). */
export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

export interface SessionDeps {
  kernel: Kernel
  lib: BaileysLib
  makeSocket: MakeSocket
  conn: ConnectionRef
  report: (u: SessionUpdate) => Promise<void>
  events: ChannelEvents
  maxQrRetries: number
  backoff: Backoff
  timers: Timers
  random: () => number
  logger: BaileysLogger
  pictures?: PictureOptions
}

/** Delay before reconnect number `attempt` (0-based): exponential, capped, with jitter in [½, 1]. */
export const backoffDelay = (attempt: number, b: Backoff, random: () => number) =>
  Math.round(Math.min(b.maxMs, b.baseMs * 2 ** attempt) * (0.5 + random() * 0.5))

const GROUP_TTL_MS = 5 * 60_000
const statusCode = (err: unknown) => (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode

/**
 * One connection on WhatsApp Web (multi-device) through Baileys.
 *
 * State: the socket's `connecting` → OPENING; each QR → 'qrcode' (retries = QRs shown since the last
 * pairing or new-QR request); once `maxQrRetries` QRs went unscanned → TIMEOUT and the socket ends
 * (until requestNewQr or a restart); `open` → CONNECTED with the paired number. A close reconnects:
 * at once when WhatsApp asks for a restart (after pairing), otherwise after an exponential backoff
 * with jitter (reset once open) — except `loggedOut`, which wipes the keys and reports DISCONNECTED.
 *
 * Work from the socket runs in order on two queues, state and messages; events of a socket this
 * session has already replaced or ended are ignored (its close is ours, not the network's). Baileys
 * acknowledges a message to WhatsApp before handing it over, so `events.inbound` failing is logged,
 * not retried by the network.
 */
export class BaileysSession implements ChannelSession {
  private sock?: SocketLike
  private open = false
  private stopped = false
  private qrCount = 0
  private attempt = 0
  private timer?: unknown
  private last?: string
  private creds?: AuthenticationCreds
  /** The paired account, kept while reconnecting (messages still queued need it). */
  private me?: { id: string; lid?: string }
  private readonly store: AuthStore
  private stateQueue: Promise<void> = Promise.resolve()
  private messageQueue: Promise<void> = Promise.resolve()
  /** People this session has only seen by LID: their digits are a LID, not a phone number. */
  private readonly lidOnly = new Set<string>()
  /** Group metadata for names and for Baileys' sends; a failed lookup is remembered too, for as long. */
  private readonly groups = new Map<string, { meta?: GroupMetadata; at: number }>()
  private readonly pictures: PictureRefresher

  constructor(private readonly d: SessionDeps) {
    this.store = createAuthStore(d.kernel, d.conn, d.lib)
    this.pictures = new PictureRefresher(() => (this.open ? this.sock : undefined), d.events, d.logger, d.pictures)
  }

  /** Load the saved pairing (if any) and connect. */
  async begin() {
    this.creds = (await this.store.readCreds()) ?? this.d.lib.initAuthCreds()
    await this.connect()
  }

  /** Resolves once every event queued so far has been handled (pictures included). */
  async idle() {
    for (;;) {
      const s = this.stateQueue
      const m = this.messageQueue
      const p = this.pictures.idle()
      await Promise.all([s, m, p])
      if (s === this.stateQueue && m === this.messageQueue && p === this.pictures.idle()) return
    }
  }

  // ── state ────────────────────────────────────────────────────────────────────────────────────

  private enqueueState(work: () => Promise<void>) {
    const run = this.stateQueue.then(work)
    this.stateQueue = run.catch((err) => {
      this.d.logger.error({ err }, 'baileys session: state handling failed')
    })
    return run
  }

  private enqueueMessages(work: () => Promise<void>) {
    this.messageQueue = this.messageQueue.then(work).catch((err) => {
      this.d.logger.error({ err }, 'baileys session: message handling failed')
    })
  }

  /** Report a state, skipping an exact repeat of the last one (the socket says `connecting` often). */
  private async report(u: SessionUpdate) {
    const key = JSON.stringify(u)
    if (key === this.last) return
    this.last = key
    await this.d.report(u)
  }

  private async connect() {
    if (this.stopped) return
    const { lib, logger } = this.d
    const creds = (this.creds ??= lib.initAuthCreds())
    const sock = this.d.makeSocket({
      auth: { creds, keys: lib.makeCacheableSignalKeyStore(this.store.keys, logger) },
      logger,
      // Our sends are recorded by the pipeline; echoing them as inbound would race it.
      emitOwnEvents: false,
      // Leave the phone notifying its user; we do not want the whole history either.
      markOnlineOnConnect: false,
      syncFullHistory: false,
      getMessage: (key) => this.getMessage(key),
      cachedGroupMetadata: async (jid) => this.cachedGroup(jid),
    })
    this.sock = sock
    this.open = false
    this.bind(sock)
  }

  private bind(sock: SocketLike) {
    const current = () => sock === this.sock
    sock.ev.on('creds.update', (update) => {
      // Baileys merges the update into the same object; saving in the state queue means a restart
      // that follows (after pairing) reads what was saved.
      void this.enqueueState(async () => {
        if (!current() || !this.creds) return
        Object.assign(this.creds, update)
        await this.store.writeCreds(this.creds)
      })
    })
    sock.ev.on('connection.update', (update) => {
      void this.enqueueState(async () => {
        if (!current()) return
        if (update.qr) await this.onQr(sock, update.qr)
        if (!current()) return
        if (update.connection === 'connecting')
          await this.report({ status: 'OPENING', qrcode: '', retries: this.qrCount })
        else if (update.connection === 'open') await this.onOpen(sock)
        else if (update.connection === 'close') await this.onClose(update.lastDisconnect?.error)
      })
    })
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      if (type !== 'notify' && type !== 'append') return
      this.enqueueMessages(async () => {
        for (const wa of messages) {
          const change = changeFromMessage(this.inboundContext(), wa)
          if (change) await this.applyChange(change)
          else await this.deliver(() => toInbound(this.inboundContext(), wa), wa.key?.id)
        }
      })
    })
    sock.ev.on('call', (calls) => {
      this.enqueueMessages(async () => {
        for (const c of calls) await this.deliver(() => callToInbound(this.inboundContext(), c), c.id)
      })
    })
    sock.ev.on('messages.update', (updates) => {
      this.enqueueMessages(async () => {
        for (const u of updates) {
          const change = changeFromUpdate(this.inboundContext(), u)
          if (change) await this.applyChange(change)
          const ack = toAck(u)
          if (!ack) continue
          try {
            await this.d.events.ack(ack)
          } catch (err) {
            this.d.logger.error({ err, id: ack.id }, 'baileys session: ack failed')
          }
        }
      })
    })
    const forget = (jid?: string | null) => {
      if (jid) this.groups.delete(jid)
    }
    sock.ev.on('groups.update', (updates) => {
      for (const g of updates) forget(g.id)
    })
    sock.ev.on('group-participants.update', (u) => forget(u.id))
    sock.ev.on('contacts.update', (updates) => {
      if (!current()) return
      for (const c of updates) {
        const digits = c.id ? this.d.lib.jidDecode(c.id)?.user : undefined
        if (digits && (c.imgUrl === 'changed' || c.imgUrl === 'removed'))
          this.pictures.changed(digits, c.imgUrl === 'removed')
      }
    })
  }

  private async onQr(sock: SocketLike, qr: string) {
    if (this.qrCount >= this.d.maxQrRetries) {
      this.sock = undefined
      await this.end(sock)
      await this.report({ status: 'TIMEOUT', qrcode: '', retries: this.qrCount })
      return
    }
    this.qrCount += 1
    await this.report({ status: 'qrcode', qrcode: qr, retries: this.qrCount })
  }

  private async onOpen(sock: SocketLike) {
    this.open = true
    this.attempt = 0
    this.qrCount = 0
    if (sock.user) this.me = sock.user
    const number = sock.user?.id ? this.d.lib.jidDecode(sock.user.id)?.user : undefined
    await this.report({ status: 'CONNECTED', qrcode: '', retries: 0, ...(number ? { number } : {}) })
  }

  private async onClose(error: unknown) {
    const { DisconnectReason } = this.d.lib
    this.sock = undefined
    this.open = false
    const code = statusCode(error)
    if (code === DisconnectReason.loggedOut) {
      // The phone unlinked us: the keys are worthless now. A new session starts from a QR.
      this.stopped = true
      await this.store.clear()
      this.creds = undefined
      await this.report({ status: 'DISCONNECTED', qrcode: '', retries: 0 })
      return
    }
    if (code === DisconnectReason.restartRequired) return this.reconnectNow()
    const delay = backoffDelay(this.attempt, this.d.backoff, this.d.random)
    this.attempt += 1
    this.d.logger.warn({ code, delay, attempt: this.attempt }, 'baileys session: closed, reconnecting')
    this.timer = this.d.timers.set(() => {
      this.timer = undefined
      void this.enqueueState(() => this.reconnectNow())
    }, delay)
    await this.report({ status: 'OPENING', qrcode: '', retries: this.qrCount })
  }

  private async reconnectNow() {
    if (this.stopped || this.sock) return
    try {
      await this.connect()
    } catch (err) {
      this.d.logger.error({ err }, 'baileys session: reconnect failed')
      await this.onClose(err)
    }
  }

  private async end(sock?: SocketLike) {
    if (!sock) return
    try {
      await sock.end(undefined)
    } catch (err) {
      this.d.logger.warn({ err }, 'baileys session: end failed')
    }
  }

  private cancelTimer() {
    if (this.timer !== undefined) this.d.timers.clear(this.timer)
    this.timer = undefined
  }

  async requestNewQr() {
    await this.enqueueState(async () => {
      this.cancelTimer()
      const sock = this.sock
      const wasOpen = this.open
      this.sock = undefined
      this.open = false
      // A new pairing replaces the old one: unlink the old device when it is still linked.
      if (sock && wasOpen)
        await sock.logout().catch((err) => this.d.logger.warn({ err }, 'baileys session: logout failed'))
      await this.end(sock)
      await this.store.clear()
      this.creds = this.d.lib.initAuthCreds()
      this.qrCount = 0
      this.attempt = 0
      this.stopped = false
      await this.report({ status: 'OPENING', qrcode: '', retries: 0 })
      await this.connect()
    })
  }

  async stop(opts: { silent?: boolean } = {}) {
    if (this.stopped && !this.sock && this.timer === undefined) return
    this.stopped = true
    this.cancelTimer()
    const sock = this.sock
    this.sock = undefined
    this.open = false
    await this.end(sock)
    // After what is already queued, so the last word on the row is ours.
    if (!opts.silent) await this.enqueueState(() => this.report({ status: 'DISCONNECTED', qrcode: '', retries: 0 }))
  }

  // ── inbound ──────────────────────────────────────────────────────────────────────────────────

  private inboundContext(): InboundContext {
    const { lib } = this.d
    const sock = this.sock
    return {
      lib,
      me: sock?.user ?? this.me,
      pnForLid: async (lid) => (await sock?.signalRepository?.lidMapping.getPNForLID(lid)) ?? null,
      groupName: async (jid) => (await this.group(jid))?.subject,
      download: (wa) =>
        lib.downloadMediaMessage(
          wa,
          'buffer',
          {},
          {
            logger: this.d.logger,
            reuploadRequest: (m) => {
              const live = this.sock
              if (!live?.updateMediaMessage) throw new Error('No connection to ask for the media again')
              return live.updateMediaMessage(m)
            },
          },
        ),
    }
  }

  private async deliver(map: () => Promise<InboundMessage | null>, id?: string | null) {
    try {
      const msg = await map()
      if (!msg) return
      if (!msg.isGroup && msg.lid && msg.lid === msg.chatId) this.lidOnly.add(msg.lid)
      if (msg.participant?.lid && msg.participant.lid === msg.participant.number) this.lidOnly.add(msg.participant.lid)
      const receipt = await this.d.events.inbound(msg)
      // After the commit, in the background: the picture never holds up a message.
      if (receipt?.message) this.lookAtPictures(msg)
    } catch (err) {
      this.d.logger.error({ err, id }, 'baileys session: inbound message failed')
    }
  }

  private lookAtPictures(msg: InboundMessage) {
    if (msg.isGroup) {
      this.pictures.seen({ jid: groupJid(msg.chatId), chatId: msg.chatId, isGroup: true })
      const p = msg.participant
      if (p)
        this.pictures.seen({
          jid: this.userJid(p.number, p.lid),
          chatId: p.number,
          ...(p.lid ? { lid: p.lid } : {}),
          isGroup: false,
        })
    } else {
      this.pictures.seen({
        jid: this.userJid(msg.chatId, msg.lid),
        chatId: msg.chatId,
        ...(msg.lid ? { lid: msg.lid } : {}),
        isGroup: false,
      })
    }
  }

  /** An edit or delete made on the phone, mirrored on our copy (unknown ids are ignored there). */
  private async applyChange(change: MessageChange) {
    if (!this.d.events.changed) return
    try {
      await this.d.events.changed(change)
    } catch (err) {
      this.d.logger.error({ err, id: change.id }, 'baileys session: message change failed')
    }
  }

  private freshGroup(jid: string) {
    const hit = this.groups.get(jid)
    return hit && Date.now() - hit.at < GROUP_TTL_MS ? hit : undefined
  }

  private cachedGroup(jid: string) {
    return this.freshGroup(jid)?.meta
  }

  private async group(jid: string) {
    const hit = this.freshGroup(jid)
    if (hit || !this.sock?.groupMetadata) return hit?.meta
    let meta: GroupMetadata | undefined
    try {
      meta = await this.sock.groupMetadata(jid)
    } catch (err) {
      this.d.logger.warn({ err, jid }, 'baileys session: group metadata failed')
    }
    this.groups.set(jid, { meta, at: Date.now() })
    return meta
  }

  /** Baileys asks for a message again when a recipient could not decrypt it: we serve our copy. */
  private async getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined
    const found = await this.d.events.findMessage(key.id)
    return found ? { conversation: found.body } : undefined
  }

  // ── outbound ─────────────────────────────────────────────────────────────────────────────────

  /** A person's JID: `@lid` when we know them only by LID (told by the caller or seen here), else by phone. */
  private userJid = (digits: string, lid?: string) =>
    (lid && lid === digits) || this.lidOnly.has(digits) ? `${digits}@lid` : `${digits}@s.whatsapp.net`

  private connected(): SocketLike {
    if (!this.sock || !this.open)
      throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, 'The WhatsApp session is not connected')
    return this.sock
  }

  async send(msg: OutboundMessage): Promise<{ id: string; ack: Ack }> {
    const sock = this.connected()
    const jid = chatJid(this.userJid, msg.chatId, msg.isGroup, msg.lid)
    const sent = await sock.sendMessage(jid, toContent(msg, this.userJid), toOptions(msg, jid))
    const id = sent?.key?.id
    if (!id) throw new Error('WhatsApp gave no id for the sent message')
    return { id, ack: 1 }
  }

  async edit(key: MessageKey, body: string) {
    const sock = this.connected()
    const k = toKey(key, this.userJid)
    await sock.sendMessage(k.remoteJid!, { text: body, edit: k })
  }

  async delete(key: MessageKey) {
    const sock = this.connected()
    const k = toKey(key, this.userJid)
    await sock.sendMessage(k.remoteJid!, { delete: k })
  }

  async markRead(keys: MessageKey[]) {
    if (!keys.length) return
    await this.connected().readMessages(keys.map((k) => toKey(k, this.userJid)))
  }

  /** WhatsApp's own answer (usync): a number it does not list has no account. */
  async onWhatsApp(numbers: string[]): Promise<Record<string, boolean>> {
    const sock = this.connected()
    if (!sock.onWhatsApp) return {}
    const found = (await sock.onWhatsApp(...numbers.map((n) => `${n}@s.whatsapp.net`))) ?? []
    const known = new Map<string, boolean>(found.map((r) => [String(r.jid).split('@')[0], !!r.exists]))
    return Object.fromEntries(numbers.map((n): [string, boolean] => [n, known.get(n) ?? false]))
  }
}
