import { randomBytes } from 'node:crypto'
import { basename } from 'node:path'
import type {
  Ack,
  ChannelEvents,
  ChannelProvider,
  ChannelSession,
  ConnectionRef,
  InboundMessage,
  MessageKey,
  OutboundMessage,
  SessionUpdate,
} from './types.ts'

/** What the simulated phone received from the platform. */
export interface OutboxEntry {
  id: string
  to: string
  isGroup: boolean
  body: string
  media?: { kind: string; fileName: string; mimetype: string; voiceNote: boolean }
  contact?: { name: string; number: string }
  location?: { latitude: number; longitude: number; name?: string }
  quotedId?: string
  mentions?: string[]
  ack: Ack
  edited: boolean
  deleted: boolean
  timestamp: string
}

const OUTBOX_MAX = 500
/** Delivered after one step, read after two (ms); SIMULATOR_ACK_MS changes it, 0 stops acks at "sent". */
const ackStepMs = () => Number(process.env.SIMULATOR_ACK_MS ?? 300)

/**
 * A local stand-in peer (ARCHITECTURE.md "Channels"): a real provider behind the same interface,
 * driven by the /simulator routes instead of a phone. Session states change only on calls; the one
 * timer is the customer's phone moving acks of what we sent from sent (1) to delivered (2) to read (4).
 * The outbox lives in memory (the last 500 messages): it is the phone's screen, not our data.
 */
export class SimulatorSession implements ChannelSession {
  private stopped = false
  private timers = new Set<NodeJS.Timeout>()
  readonly outbox: OutboxEntry[] = []
  connected = false

  constructor(
    readonly conn: ConnectionRef,
    private report: (u: SessionUpdate) => Promise<void>,
    readonly events: ChannelEvents,
  ) {}

  private qr = () => `SIMULATOR:${this.conn.id}:${randomBytes(8).toString('hex')}`

  async showQr() {
    this.connected = false
    await this.report({ status: 'qrcode', qrcode: this.qr(), retries: 0 })
  }
  async requestNewQr() {
    await this.showQr()
  }

  /** Back after a restart: the simulated phone stayed paired (its number is already on the row). */
  async resume() {
    this.connected = true
    await this.report({ status: 'CONNECTED', qrcode: '', retries: 0 })
  }

  /** The phone scanned the QR code. */
  async scan(number?: string) {
    this.connected = true
    await this.report({ status: 'CONNECTED', qrcode: '', number: number ?? `5511999990000${this.conn.id}`, retries: 0 })
  }

  /** A customer writes (resolves once the platform has stored it and its bots have answered). */
  async receive(msg: Omit<InboundMessage, 'id' | 'timestamp' | 'fromMe'> & { id?: string; fromMe?: boolean }) {
    if (!this.connected)
      throw Object.assign(new Error('The simulated phone is not connected: scan the QR code first'), {
        code: 'ERR_WAPP_NOT_INITIALIZED',
      })
    const full: InboundMessage = {
      ...msg,
      id: msg.id ?? `SIM${randomBytes(10).toString('hex').toUpperCase()}`,
      fromMe: msg.fromMe ?? false,
      timestamp: new Date(),
    }
    const receipt = await this.events.inbound(full)
    await receipt?.routed
    return { id: full.id, message: receipt?.message ?? null, duplicate: receipt?.duplicate ?? false }
  }

  /** The phone ended the session (logged out). */
  async disconnect() {
    await this.stop()
  }

  async stop(opts: { silent?: boolean } = {}) {
    if (this.stopped) return
    this.stopped = true
    this.connected = false
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    if (!opts.silent) await this.report({ status: 'DISCONNECTED', qrcode: '', retries: 0 })
  }

  async send(msg: OutboundMessage) {
    if (!this.connected) throw new Error('The simulated phone is not connected')
    // Like a test card number: these are "not on WhatsApp", so failures can be demonstrated and tested.
    if (!msg.isGroup && msg.chatId.endsWith('0000'))
      throw new Error('ERR_WAPP_INVALID_CONTACT: this number is not on WhatsApp (simulator: numbers ending in 0000)')
    const entry: OutboxEntry = {
      id: msg.id ?? `SIM${randomBytes(10).toString('hex').toUpperCase()}`,
      to: msg.chatId,
      isGroup: msg.isGroup,
      body: msg.body ?? '',
      media: msg.media
        ? {
            kind: msg.media.kind,
            fileName: basename(msg.media.fileName),
            mimetype: msg.media.mimetype,
            voiceNote: !!msg.media.voiceNote,
          }
        : undefined,
      contact: msg.contact,
      location: msg.location,
      quotedId: msg.quoted?.id,
      mentions: msg.mentions?.length ? msg.mentions : undefined,
      ack: 1,
      edited: false,
      deleted: false,
      timestamp: new Date().toISOString(),
    }
    this.outbox.push(entry)
    if (this.outbox.length > OUTBOX_MAX) this.outbox.shift()
    this.advance(entry, 2, 1)
    this.advance(entry, 4, 2)
    return { id: entry.id, ack: 1 as Ack }
  }

  private advance(entry: OutboxEntry, ack: Ack, steps: number) {
    const step = ackStepMs()
    if (!step) return
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (this.stopped || entry.ack >= ack) return
      entry.ack = ack
      this.events.ack({ id: entry.id, ack }).catch(() => {})
    }, step * steps)
    timer.unref()
    this.timers.add(timer)
  }

  private find(key: MessageKey) {
    const e = this.outbox.find((x) => x.id === key.id)
    if (!e) throw new Error('The simulated phone does not have this message')
    return e
  }
  async edit(key: MessageKey, body: string) {
    const e = this.find(key)
    e.body = body
    e.edited = true
  }
  async delete(key: MessageKey) {
    const e = this.find(key)
    e.deleted = true
  }
  async markRead(_keys: MessageKey[]) {
    /* the simulated customer sees blue ticks; nothing to record */
  }

  /** The simulator's network: every number has WhatsApp except those ending in 0000 (as send refuses them). */
  async onWhatsApp(numbers: string[]) {
    return Object.fromEntries(numbers.map((n) => [n, !n.endsWith('0000')]))
  }
}

export const simulatorProvider: ChannelProvider = {
  name: 'simulator',
  async start(conn, report, events, opts) {
    const session = new SimulatorSession(conn, report, events)
    if (opts?.resume) await session.resume()
    else await session.showQr()
    return session
  },
}

/** The simulator's routes exist in embedded mode, and elsewhere only when SIMULATOR_ENABLED=true. */
export const simulatorEnabled = (mode: 'embedded' | 'production', env: NodeJS.ProcessEnv = process.env) =>
  mode === 'embedded' || env.SIMULATOR_ENABLED === 'true'
