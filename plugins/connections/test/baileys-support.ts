/**
 * The edge of the world for the Baileys provider's tests: a fake socket standing where WhatsApp's
 * servers begin, a hand-fired reconnect timer, and a recording of what the session reports and hands
 * to the pipeline. Everything behind the socket (auth store, state machine, mapping) is the real code.
 */
import { EventEmitter } from 'node:events'
import type { Kernel } from '@atende/sdk'
import type {
  AnyMessageContent,
  BaileysEventMap,
  GroupMetadata,
  MiscMessageGenerationOptions,
  UserFacingSocketConfig,
  WAMessage,
  WAMessageKey,
} from '@whiskeysockets/baileys'
import {
  createBaileysProvider,
  type BaileysSession,
  type SocketEvent,
  type SocketLike,
  type Timers,
} from '../src/providers/baileys/index.ts'
import type { AckUpdate, ChannelEvents, InboundMessage, SessionUpdate } from '../src/providers/types.ts'
import { companyWithUser, type TestApp } from './support.ts'

export class FakeSocket implements SocketLike {
  private readonly emitter = new EventEmitter()
  readonly ev = {
    on: <E extends SocketEvent>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      this.emitter.on(event, listener)
    },
  }
  user?: { id: string; lid?: string }
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = []
  readonly reads: WAMessageKey[][] = []
  readonly groups = new Map<string, string>()
  readonly lidToPn = new Map<string, string>()
  ended = 0
  loggedOut = 0
  /** Make the network refuse the next sends. */
  refuse?: Error
  readonly signalRepository = { lidMapping: { getPNForLID: async (lid: string) => this.lidToPn.get(lid) ?? null } }

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<E extends SocketEvent>(event: E, arg: BaileysEventMap[E]) {
    this.emitter.emit(event, arg)
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    if (this.refuse) throw this.refuse
    this.sent.push({ jid, content, options })
    const msg: WAMessage = {
      key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? `3EB0FAKE${this.sent.length}` },
      status: 1,
    }
    return msg
  }

  async readMessages(keys: WAMessageKey[]) {
    this.reads.push(keys)
  }
  /** Numbers with an account (WhatsApp's usync answer lists the ones it knows). */
  readonly accounts = new Set<string>()
  async onWhatsApp(...jids: string[]) {
    return jids.filter((j) => this.accounts.has(j.split('@')[0])).map((jid) => ({ jid, exists: true }))
  }
  async logout() {
    this.loggedOut += 1
  }

  /** Like Baileys: ending the socket emits a close without a reason. */
  end(error: Error | undefined) {
    this.ended += 1
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } })
  }

  async groupMetadata(jid: string) {
    const subject = this.groups.get(jid)
    if (!subject) throw new Error('no such group')
    return { id: jid, subject, participants: [] } as unknown as GroupMetadata
  }

  /** A close from the network with Baileys' status code (a Boom's output.statusCode). */
  close(statusCode?: number) {
    const error = Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } })
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } })
  }
}

/** Reconnect timers fired by the test, recording the delays asked for. */
export class ManualTimers implements Timers {
  private seq = 0
  readonly pending = new Map<number, { fn: () => void; ms: number }>()
  readonly delays: number[] = []
  set(fn: () => void, ms: number) {
    this.seq += 1
    this.pending.set(this.seq, { fn, ms })
    this.delays.push(ms)
    return this.seq
  }
  clear(h: unknown) {
    this.pending.delete(h as number)
  }
  fireAll() {
    const due = [...this.pending.values()]
    this.pending.clear()
    for (const t of due) t.fn()
  }
}

/** A connection row to hang auth state on (a simulator one, so nothing starts Baileys for real). */
export async function connectionRow(t: TestApp) {
  const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/whatsapp',
    headers,
    payload: { name: `B ${Math.random().toString(36).slice(2, 8)}`, provider: 'simulator' },
  })
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`)
  const w = res.json()
  return { ref: { id: w.id as number, companyId, name: w.name as string }, headers }
}

export interface Harness {
  session: BaileysSession
  sockets: FakeSocket[]
  sock(): FakeSocket
  reports: SessionUpdate[]
  inbound: InboundMessage[]
  acks: AckUpdate[]
  timers: ManualTimers
  /** Messages findMessage knows (by provider id). */
  stored: Map<string, { body: string; fromMe: boolean }>
  settle(): Promise<void>
}

export async function startHarness(
  kernel: Kernel,
  ref: { id: number; companyId: number; name: string },
  opts: { maxQrRetries?: number; random?: () => number; failInbound?: (m: InboundMessage) => boolean } = {},
): Promise<Harness> {
  const sockets: FakeSocket[] = []
  const reports: SessionUpdate[] = []
  const inbound: InboundMessage[] = []
  const acks: AckUpdate[] = []
  const stored = new Map<string, { body: string; fromMe: boolean }>()
  const timers = new ManualTimers()
  const events: ChannelEvents = {
    async inbound(m) {
      if (opts.failInbound?.(m)) throw new Error('pipeline refused it')
      inbound.push(m)
    },
    async ack(a) {
      acks.push(a)
    },
    async findMessage(id) {
      return stored.get(id) ?? null
    },
  }
  const provider = createBaileysProvider({
    kernel,
    makeSocket: (config) => {
      const s = new FakeSocket(config)
      sockets.push(s)
      return s
    },
    maxQrRetries: opts.maxQrRetries ?? 3,
    backoff: { baseMs: 100, maxMs: 1000 },
    timers,
    random: opts.random ?? (() => 1),
  })
  const session = (await provider.start(
    ref,
    async (u) => {
      reports.push(u)
    },
    events,
  )) as BaileysSession
  return {
    session,
    sockets,
    sock: () => sockets[sockets.length - 1],
    reports,
    inbound,
    acks,
    timers,
    stored,
    settle: () => session.idle(),
  }
}

/** Pair the current fake socket: the phone scanned, WhatsApp opened the connection. */
export async function openSocket(h: Harness, number = '5511987654321', lid = '123456789012345') {
  const s = h.sock()
  s.user = { id: `${number}:7@s.whatsapp.net`, lid: `${lid}:7@lid` }
  s.emit('connection.update', { connection: 'open' })
  await h.settle()
  return s
}
