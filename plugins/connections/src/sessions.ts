import { AppError, type Kernel } from '@atende/sdk'
import type { ChannelEvents, ChannelProvider, ChannelSession, ConnectionRef, SessionUpdate } from './providers/types.ts'
import type { SessionView } from './events.ts'
import type { Leases } from './lease.ts'
import { ERR_WAPP_NOT_INITIALIZED, SessionUnreachable, type SessionRpc } from './session-rpc.ts'
import type { ServiceRef } from '@atende/sdk'

export { ERR_WAPP_NOT_INITIALIZED }

interface Running {
  provider: string
  session: ChannelSession
  companyId: number
}
/** What starting a session needs to know about its connection. */
export type SessionTarget = ConnectionRef & { provider: string }

/** What runs in this process (`kernel.services.get('channelSessions')`): for operations and tests. */
export interface ChannelSessionsService {
  /** This process's id, the value of the session leases it holds. */
  processId: string
  /** Connection ids whose sessions run here. */
  runningIds(): number[]
}

export interface SessionHooks {
  /** Where a session of this connection hands inbound messages and acks. */
  eventsFor(conn: ConnectionRef): ChannelEvents
  /** Called after a state change is written (the sender resumes on CONNECTED). */
  onStatus?(conn: ConnectionRef, status: SessionUpdate['status']): void
  /** Resolves once what the connection received here is stored and routed: awaited before its lease goes. */
  settled?(id: number): Promise<void>
}

/** A call that found the lease gone from where it looked: look again. */
const MOVED = { moved: true } as const
type Moved = typeof MOVED
const isMoved = (r: unknown): r is Moved => !!r && typeof r === 'object' && (r as Moved).moved === true

/**
 * The channel sessions: each runs in the one process holding its lease (lease.ts). This process
 * starts its own through their provider, writes every state change to the connection row and
 * emits `whatsappSession.updated`. The actions (start, new QR, stop, disconnect) work from any
 * process: they run here when the lease is here or free, otherwise at the holder over the RPC.
 * Row state only changes under the lease, so a resume (resume.ts) never races an action.
 */
export function createSessionManager(
  kernel: Kernel,
  providerList: ChannelProvider[],
  hooks: SessionHooks,
  deps: { leases: Leases; rpc: SessionRpc },
) {
  const { leases, rpc } = deps
  const providers = new Map<string, ChannelProvider>(providerList.map((p) => [p.name, p]))
  const running = new Map<number, Running>()

  /** Write a state change; `from` is the running session reporting it (none for a stale row's DISCONNECTED). */
  async function persist(conn: ConnectionRef, u: SessionUpdate, from?: Running) {
    const patch: Record<string, unknown> = { status: u.status, retries: u.retries, updatedAt: new Date() }
    if (u.qrcode !== undefined) patch.qrcode = u.qrcode
    if (u.number !== undefined) patch.number = u.number
    const [row] = await kernel
      .tenant(conn.companyId)('whatsapps')
      .where({ id: conn.id })
      .update(patch)
      .returning(['id', 'status', 'qrcode', 'retries', 'updatedAt'])
    if (u.status === 'DISCONNECTED' && from && running.get(conn.id) === from) {
      // The session ended itself (logged out): nothing runs here any more.
      running.delete(conn.id)
      await leases.release(conn.id)
    }
    if (!row) return // the row is gone (deleted meanwhile): nothing to tell
    const session: SessionView = { ...row, updatedAt: new Date(row.updatedAt).toISOString() }
    await kernel.bus.emit('whatsappSession.updated', { companyId: conn.companyId, session })
    hooks.onStatus?.(conn, u.status)
  }

  // ── here: this process holds (or takes) the lease ─────────────────────────────────────────────

  /** Actions on one session run one at a time here, so a resume never slips between a stop and its write. */
  const queues = new Map<number, Promise<unknown>>()
  function serial<R>(id: number, work: () => Promise<R>): Promise<R> {
    const next = (queues.get(id) ?? Promise.resolve()).then(work, work)
    const tail = next.catch(() => {})
    queues.set(id, tail)
    void tail.then(() => {
      if (queues.get(id) === tail) queues.delete(id)
    })
    return next
  }

  async function startHere(conn: SessionTarget, opts: { resume?: boolean } = {}): Promise<Moved | undefined> {
    const provider = providers.get(conn.provider)
    if (!provider)
      throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, `The '${conn.provider}' provider is not installed`, {
        field: 'provider',
      })
    if (!(await leases.acquire(conn.id))) return MOVED
    await stopHere(conn.id, { silent: true, keepLease: true })
    const ref: ConnectionRef = { id: conn.id, companyId: conn.companyId, name: conn.name }
    // Registered before start returns so updates reported during start find it running.
    const placeholder: ChannelSession = {
      requestNewQr: async () => {},
      stop: async () => {},
      send: async () => {
        throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, 'The session is starting')
      },
      edit: async () => {},
      delete: async () => {},
      markRead: async () => {},
    }
    const entry: Running = { provider: provider.name, session: placeholder, companyId: conn.companyId }
    running.set(conn.id, entry)
    // A session whose lease went elsewhere no longer speaks for the row.
    const report = (u: SessionUpdate) => (leases.owns(ref.id) ? persist(ref, u, entry) : Promise.resolve())
    try {
      entry.session = await provider.start(ref, report, hooks.eventsFor(ref), { resume: opts.resume })
    } catch (err) {
      if (running.get(conn.id) === entry) running.delete(conn.id)
      await leases.release(conn.id)
      throw err
    }
  }

  async function stopHere(id: number, opts: { silent?: boolean; keepLease?: boolean } = {}) {
    const r = running.get(id)
    try {
      if (r) {
        running.delete(id)
        await r.session.stop({ silent: opts.silent })
      }
    } finally {
      if (!opts.keepLease) await release(id)
    }
    return !!r
  }

  async function newQrHere(conn: SessionTarget): Promise<Moved | undefined> {
    const r = running.get(conn.id)
    if (r && r.provider === conn.provider && leases.owns(conn.id)) await r.session.requestNewQr()
    else return startHere(conn)
  }

  /** Disconnect: stop the session, or just write DISCONNECTED when none runs (a stale row) — under the lease either way. */
  async function disconnectHere(conn: ConnectionRef): Promise<Moved | undefined> {
    if (!(await leases.acquire(conn.id))) return MOVED
    try {
      if (!(await stopHere(conn.id, { keepLease: true })))
        await persist(conn, { status: 'DISCONNECTED', qrcode: '', retries: 0 })
    } finally {
      await release(conn.id)
    }
  }

  /** The lease goes once what the session received here is settled (a replay elsewhere must not find it). */
  async function release(id: number) {
    try {
      await hooks.settled?.(id)
    } finally {
      await leases.release(id)
    }
  }

  /** The lease went to another process (a renewal found it gone): end the copy here without a word. */
  function lost(id: number) {
    const r = running.get(id)
    if (!r) return
    running.delete(id)
    kernel.log.warn({ whatsappId: id }, 'connections: session lease lost; another process runs it now')
    r.session
      .stop({ silent: true })
      .catch((err) =>
        kernel.log.warn({ err, whatsappId: id }, 'connections: stopping a session that lost its lease failed'),
      )
  }
  leases.keep(lost)

  // ── anywhere: run at the lease holder ─────────────────────────────────────────────────────────

  /**
   * Run an action where the lease is: here when held here, at the holder otherwise, and when nobody
   * holds it, `free` (by default here, which takes the lease). A lease that changes hands meanwhile
   * answers MOVED and we look again.
   */
  async function atOwner<R>(
    companyId: number,
    id: number,
    op: string,
    args: unknown,
    here: () => Promise<R | Moved>,
    free: () => Promise<R | Moved> = here,
  ): Promise<R> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const holder = leases.owns(id) ? leases.owner : await leases.holder(id)
      const r =
        holder === leases.owner
          ? await here()
          : holder
            ? await rpc.call<R | Moved>(holder, companyId, id, op, args)
            : await free()
      if (!isMoved(r)) return r
    }
    throw new AppError(ERR_WAPP_NOT_INITIALIZED, 409, 'The session is changing hands between processes: try again')
  }

  const target = (c: SessionTarget): SessionTarget => ({
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    provider: c.provider,
  })

  rpc.handle({
    'session.start': (_conn, a: SessionTarget) => serial(a.id, () => startHere(a)),
    'session.newQr': (_conn, a: SessionTarget) => serial(a.id, () => newQrHere(a)),
    'session.stop': (conn, a: { silent?: boolean }) => serial(conn.id, () => stopHere(conn.id, a)),
    'session.disconnect': (_conn, a: ConnectionRef) => serial(a.id, () => disconnectHere(a)),
  })

  return {
    /** Does the session run in this process? */
    isRunning: (id: number) => running.has(id),
    /** The running session of a connection, when it runs here. */
    get: (id: number) => running.get(id)?.session,
    /** Ids of the sessions running here. */
    runningIds: () => [...running.keys()],
    /** Provider names installed here. */
    providerNames: () => [...providers.keys()],
    /** The provider of the session running here. */
    providerOf: (id: number) => running.get(id)?.provider,

    /** Start (or restart) a connection's session, wherever its lease is (here when it is free). */
    async start(conn: SessionTarget) {
      const c = target(conn)
      await atOwner(c.companyId, c.id, 'session.start', c, () => serial(c.id, () => startHere(c)))
    },

    /**
     * Start here a session that runs nowhere (resume.ts: after a restart, or a crashed owner's
     * lapsed lease): takes its lease, then `load`s the row under it — null when it should not run
     * after all. `resumed` when the row was CONNECTED. True when it started.
     */
    resume(id: number, load: () => Promise<(SessionTarget & { resumed: boolean }) | null>): Promise<boolean> {
      return serial(id, async () => {
        if (running.has(id) || !(await leases.acquire(id))) return false
        // Nothing else starts a session here meanwhile: every start runs in this serial queue.
        const row = await load()
        if (!row) {
          await leases.release(id)
          return false
        }
        return !isMoved(await startHere(target(row), { resume: row.resumed }))
      })
    },

    /** New QR: asks the running session, or starts one. */
    async newQr(conn: SessionTarget) {
      const c = target(conn)
      await atOwner(c.companyId, c.id, 'session.newQr', c, () => serial(c.id, () => newQrHere(c)))
    },

    /** Stop the session wherever it runs (`silent`: without writing DISCONNECTED). False when it runs nowhere. */
    async stop(id: number, opts: { silent?: boolean } = {}): Promise<boolean> {
      const companyId = running.get(id)?.companyId ?? 0
      try {
        return await atOwner(
          companyId,
          id,
          'session.stop',
          { silent: opts.silent },
          () => serial(id, () => stopHere(id, opts)),
          async () => false,
        )
      } catch (err) {
        // The row change that asked for it (delete, provider switch) is done; an owner that does
        // not answer stops the session at its next resume pass (resume.ts), or its lease lapses.
        if (!(err instanceof SessionUnreachable)) throw err
        kernel.log.warn({ err, whatsappId: id }, 'connections: the session owner did not answer a stop')
        return false
      }
    },

    async disconnect(conn: ConnectionRef) {
      const c = { id: conn.id, companyId: conn.companyId, name: conn.name }
      await atOwner(c.companyId, c.id, 'session.disconnect', c, () => serial(c.id, () => disconnectHere(c)))
    },

    /** On shutdown: end every session here without writing (rows keep their state, for the resume); leases are released after. */
    async stopAll() {
      await Promise.all(
        [...running.keys()].map((id) => serial(id, () => stopHere(id, { silent: true, keepLease: true }))),
      )
    },
  }
}
export type SessionManager = ReturnType<typeof createSessionManager>

/** The `channelSessions` service: `kernel.services.get<ChannelSessionsRef>('channelSessions')`. */
export type ChannelSessionsRef = ServiceRef<'channelSessions', ChannelSessionsService>
