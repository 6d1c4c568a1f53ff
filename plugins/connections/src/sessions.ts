import { AppError, type Kernel } from '@atende/sdk'
import type { ChannelEvents, ChannelProvider, ChannelSession, ConnectionRef, SessionUpdate } from './providers/types.ts'
import type { SessionView } from './events.ts'

export const ERR_WAPP_NOT_INITIALIZED = 'ERR_WAPP_NOT_INITIALIZED'

interface Running { provider: string; session: ChannelSession; companyId: number }

export interface SessionHooks {
  /** Where a session of this connection hands inbound messages and acks. */
  eventsFor(conn: ConnectionRef): ChannelEvents
  /** Called after a state change is written (the sender resumes on CONNECTED). */
  onStatus?(conn: ConnectionRef, status: SessionUpdate['status']): void
}

/**
 * Owns the channel sessions running in this process: starts them through their provider, writes
 * every state change to the connection row, then emits `whatsappSession.updated` on the bus.
 *
 * Not in this slice: one owner per session across processes (a lease) and resuming sessions after
 * a restart; until then a session lives in the process that started it.
 */
export function createSessionManager(kernel: Kernel, providerList: ChannelProvider[], hooks: SessionHooks) {
  const providers = new Map<string, ChannelProvider>(providerList.map((p) => [p.name, p]))
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
    hooks.onStatus?.(conn, u.status)
  }

  return {
    isRunning: (id: number) => running.has(id),
    /** The running session of a connection, when it runs here. */
    get: (id: number) => running.get(id)?.session,
    /** Ids of the sessions running here. */
    runningIds: () => [...running.keys()],

    /** Start (or restart) a connection's session. */
    async start(conn: ConnectionRef & { provider: string }) {
      const provider = providers.get(conn.provider)
      if (!provider) throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, `The '${conn.provider}' provider is not installed`, { field: 'provider' })
      await this.stop(conn.id, { silent: true })
      const ref = { id: conn.id, companyId: conn.companyId, name: conn.name }
      // Registered before start returns so updates reported during start find it running.
      const placeholder: ChannelSession = {
        requestNewQr: async () => {}, stop: async () => {},
        send: async () => { throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, 'The session is starting') },
        edit: async () => {}, delete: async () => {}, markRead: async () => {},
      }
      const entry: Running = { provider: provider.name, session: placeholder, companyId: conn.companyId }
      running.set(conn.id, entry)
      try {
        entry.session = await provider.start(ref, (u) => persist(ref, u), hooks.eventsFor(ref))
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
