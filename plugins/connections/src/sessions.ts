import { AppError, type Kernel } from '@atende/sdk'
import type { ChannelProvider, ChannelSession, ConnectionRef, SessionUpdate } from './providers/types.ts'
import { simulatorProvider } from './providers/simulator.ts'
import type { SessionView } from './events.ts'

export const ERR_WAPP_NOT_INITIALIZED = 'ERR_WAPP_NOT_INITIALIZED'

interface Running { provider: string; session: ChannelSession }

/**
 * Owns the channel sessions running in this process: starts them through their provider, writes
 * every state change to the connection row, then emits `whatsappSession.updated` on the bus.
 *
 * Not in this slice: one owner per session across processes (a lease) and resuming sessions after
 * a restart; until then a session lives in the process that started it.
 */
export function createSessionManager(kernel: Kernel) {
  const providers = new Map<string, ChannelProvider>([[simulatorProvider.name, simulatorProvider]])
  const running = new Map<number, Running>()

  async function persist(conn: ConnectionRef, u: SessionUpdate) {
    const patch: Record<string, unknown> = { status: u.status, retries: u.retries, updatedAt: new Date() }
    if (u.qrcode !== undefined) patch.qrcode = u.qrcode
    if (u.number !== undefined) patch.number = u.number
    const [row] = await kernel.tenant(conn.companyId)('whatsapps').where({ id: conn.id }).update(patch)
      .returning(['id', 'status', 'qrcode', 'retries', 'updatedAt'])
    if (u.status === 'DISCONNECTED') running.delete(conn.id)
    if (!row) return // the row is gone (deleted meanwhile): nothing to tell
    const session: SessionView = { ...row, updatedAt: new Date(row.updatedAt).toISOString() }
    await kernel.bus.emit('whatsappSession.updated', { companyId: conn.companyId, session })
  }

  return {
    isRunning: (id: number) => running.has(id),
    /** The running session of a connection, when it runs here. */
    get: (id: number) => running.get(id)?.session,

    /** Start (or restart) a connection's session. */
    async start(conn: ConnectionRef & { provider: string }) {
      const provider = providers.get(conn.provider)
      if (!provider) {
        // The Baileys ('beta') provider arrives with the message-pipeline slice.
        throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, `The '${conn.provider}' provider is not available yet: the Baileys provider arrives with the message pipeline`, { field: 'provider' })
      }
      await this.stop(conn.id, { silent: true })
      const ref = { id: conn.id, companyId: conn.companyId, name: conn.name }
      // Registered before start returns so updates reported during start find it running.
      const entry: Running = { provider: provider.name, session: { requestNewQr: async () => {}, stop: async () => {} } }
      running.set(conn.id, entry)
      try {
        entry.session = await provider.start(ref, (u) => persist(ref, u))
      } catch (err) {
        running.delete(conn.id)
        throw err
      }
    },

    /** New QR: asks the running session, or starts one. */
    async newQr(conn: ConnectionRef & { provider: string }) {
      const r = running.get(conn.id)
      if (r && r.provider === conn.provider) await r.session.requestNewQr()
      else await this.start(conn)
    },

    async stop(id: number, opts: { silent?: boolean } = {}) {
      const r = running.get(id)
      if (!r) return false
      running.delete(id)
      await r.session.stop(opts)
      return true
    },

    /** Disconnect: stop the session here, or just write DISCONNECTED when none runs (a stale row). */
    async disconnect(conn: ConnectionRef) {
      if (!(await this.stop(conn.id))) await persist(conn, { status: 'DISCONNECTED', qrcode: '', retries: 0 })
    },

    /** On shutdown: end every session without writing (the row keeps its last state). */
    async stopAll() {
      const all = [...running.keys()]
      await Promise.all(all.map((id) => this.stop(id, { silent: true })))
    },
  }
}
export type SessionManager = ReturnType<typeof createSessionManager>
