import type { Kernel } from '@atende/sdk'
import type { ChannelProvider } from '../types.ts'
import { loadBaileys } from './lib.ts'
import { BaileysSession, type Backoff, type BaileysLogger, type Timers } from './session.ts'
import type { MakeSocket } from './socket.ts'
import type { PictureOptions } from './pictures.ts'

export type { SocketLike, MakeSocket, SocketEvent } from './socket.ts'
export { BaileysSession, backoffDelay, type Backoff, type Timers } from './session.ts'
export type { PictureOptions } from './pictures.ts'

export interface BaileysProviderDeps {
  kernel: Kernel
  /** Builds the socket; Baileys' makeWASocket by default (tests pass a fake). */
  makeSocket?: MakeSocket
  /** QR codes shown without a scan before the session gives up with TIMEOUT (default 5). */
  maxQrRetries?: number
  /** Reconnect delays: baseMs·2^attempt capped at maxMs, with jitter (default 1 s .. 60 s). */
  backoff?: Backoff
  /** Test seams: the reconnect timer and the jitter source. */
  timers?: Timers
  random?: () => number
  /** Contacts' pictures: lookup concurrency, refresh interval, and test seams (clock, download). */
  pictures?: PictureOptions
}

/** The provider name of WhatsApp Web through Baileys: the spec's default `provider` value. */
export const BAILEYS_PROVIDER = 'beta'

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

/**
 * WhatsApp Web (multi-device) through Baileys 7. Auth state in Postgres (baileys_creds /
 * baileys_keys), reconnect with backoff, inbound messages, acks and calls handed to the pipeline,
 * edits and deletes made on the phone mirrored (changes.ts), contacts' pictures kept (pictures.ts);
 * see BaileysSession for the state machine and inbound.ts for the message mapping.
 */
export function createBaileysProvider(deps: BaileysProviderDeps): ChannelProvider {
  return {
    name: BAILEYS_PROVIDER,
    async start(conn, report, events) {
      const lib = await loadBaileys()
      // Baileys is chatty at info level: only its warnings (or less, when our log is quieter) reach our log.
      const level = ['error', 'fatal', 'silent'].includes(deps.kernel.log.level) ? deps.kernel.log.level : 'warn'
      const logger = deps.kernel.log.child(
        { provider: 'baileys', whatsappId: conn.id },
        { level },
      ) as unknown as BaileysLogger
      const session = new BaileysSession({
        kernel: deps.kernel,
        lib,
        makeSocket: deps.makeSocket ?? ((config) => lib.makeWASocket(config)),
        conn,
        report,
        events,
        maxQrRetries: deps.maxQrRetries ?? 5,
        backoff: deps.backoff ?? { baseMs: 1_000, maxMs: 60_000 },
        timers: deps.timers ?? realTimers,
        random: deps.random ?? Math.random,
        logger,
        ...(deps.pictures ? { pictures: deps.pictures } : {}),
      })
      await session.begin()
      return session
    },
  }
}
