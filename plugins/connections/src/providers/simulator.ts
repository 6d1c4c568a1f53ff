import { randomBytes } from 'node:crypto'
import type { ChannelProvider, ChannelSession, ConnectionRef, SessionUpdate } from './types.ts'

/**
 * A local stand-in peer (ARCHITECTURE.md "Channels"): a real provider behind the same interface,
 * driven by the /simulator routes instead of a phone. No timers: every state change happens on a
 * call, so tests and demos are deterministic.
 */
export class SimulatorSession implements ChannelSession {
  private stopped = false
  constructor(readonly conn: ConnectionRef, private report: (u: SessionUpdate) => Promise<void>) {}

  private qr = () => `SIMULATOR:${this.conn.id}:${randomBytes(8).toString('hex')}`

  async showQr() { await this.report({ status: 'qrcode', qrcode: this.qr(), retries: 0 }) }
  async requestNewQr() { await this.showQr() }

  /** The phone scanned the QR code. */
  async scan(number?: string) {
    await this.report({ status: 'CONNECTED', qrcode: '', number: number ?? `5511999990000${this.conn.id}`, retries: 0 })
  }

  /** The phone ended the session (logged out). */
  async disconnect() { await this.stop() }

  async stop(opts: { silent?: boolean } = {}) {
    if (this.stopped) return
    this.stopped = true
    if (!opts.silent) await this.report({ status: 'DISCONNECTED', qrcode: '', retries: 0 })
  }
}

export const simulatorProvider: ChannelProvider = {
  name: 'simulator',
  async start(conn, report) {
    const session = new SimulatorSession(conn, report)
    await session.showQr()
    return session
  },
}

/** The simulator's routes exist in embedded mode, and elsewhere only when SIMULATOR_ENABLED=true. */
export const simulatorEnabled = (mode: 'embedded' | 'production', env: NodeJS.ProcessEnv = process.env) =>
  mode === 'embedded' || env.SIMULATOR_ENABLED === 'true'
