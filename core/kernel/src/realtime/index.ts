import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import websocket from '@fastify/websocket'
import type { Knex } from 'knex'
import type { RawData, WebSocket } from 'ws'
import type { AuthService, EventBus, JoinKind, RealtimeMapped, RealtimeService, SettingDefinition } from '@atende/sdk'
import { AppError, ErrorCodes, isAppError } from '@atende/sdk'
import { createAccounts } from '../accounts.ts'
import { createDeliveryQueue } from './delivery.ts'
import { Rooms, RoomRules, specJoin, type Conn } from './rooms.ts'
import { mapKernelEvents } from './kernel-events.ts'
import { userStatusTick } from './presence.ts'
import {
  AddressCount,
  CLOSE_ADDRESS_BUSY,
  CLOSE_TOO_MANY_SOCKETS,
  ERR_TOO_MANY_ROOMS,
  ERR_TOO_MANY_SOCKETS,
  ERR_TOO_MANY_SOCKETS_FROM_ADDRESS,
  type SocketCaps,
} from './caps.ts'

/** Close codes the client acts on (and caps.ts's 4003, 4029). */
export const CLOSE_SESSION_EXPIRED = 4001
export const CLOSE_SESSION_REPLACED = 4002
export { CLOSE_ADDRESS_BUSY, CLOSE_TOO_MANY_SOCKETS } from './caps.ts'
const MAX_ROOM_LENGTH = 128

/** A mapper as stored: each was registered for its own event, and receives only that event's payload. */
type Mapper = (payload: unknown) => RealtimeMapped | Promise<RealtimeMapped>

export interface RealtimeDeps {
  bus: EventBus
  auth: AuthService
  db: Knex
  log: FastifyBaseLogger
  /** ws ping frames; a socket that misses one pong is dropped. */
  pingMs?: number
  /** userStatus signal period. */
  userStatusMs?: number
  /** A user no process has seen for this long goes offline. */
  offlineAfterMs?: number
  /** The company settings' definitions, for the user views presence announces (accounts.ts). */
  settingDefinitions?: () => SettingDefinition[]
  /** Sockets per user and per address, rooms per socket (caps.ts); 0 for none. Default 20, 100, 100. */
  caps?: Partial<SocketCaps>
}

/**
 * The websocket gateway at `GET /socket?token=<access JWT>`. Frames are JSON: the client sends
 * `{type:'join'|'leave', room}` and `{type:'ping'}`; the server sends `{event, data}`. Bus events
 * become frames through mappers; because the bus is bridged over Redis, every process delivers
 * to its own sockets, which is the fan-out across processes.
 */
export function createRealtime(deps: RealtimeDeps) {
  const { bus, auth, db, log } = deps
  const pingMs = deps.pingMs ?? 18_000
  const userStatusMs = deps.userStatusMs ?? 60_000
  const offlineAfterMs = deps.offlineAfterMs ?? 120_000
  const caps: SocketCaps = {
    perUser: deps.caps?.perUser ?? 20,
    perAddress: deps.caps?.perAddress ?? 100,
    roomsPerSocket: deps.caps?.roomsPerSocket ?? 100,
  }
  const addresses = new AddressCount(caps.perAddress)
  const accounts = createAccounts(db, deps.settingDefinitions)
  const mappers = new Map<string, Mapper[]>()
  const rules = new RoomRules()
  const rooms = new Rooms()
  const timers: NodeJS.Timeout[] = []
  const unsubscribe: Array<() => void> = []
  let closed = false

  // Every frame leaves through one queue, off the emitter's path (delivery.ts).
  const outbox = createDeliveryQueue<Conn>({
    onSlow(c) {
      log.warn({ userId: c.auth.userId }, 'realtime: dropping a socket that stopped reading')
      rooms.remove(c)
      c.socket.terminate()
    },
  })
  const sendEvent = (conn: Conn, event: string, data?: unknown) =>
    outbox.push(JSON.stringify(data === undefined ? { event } : { event, data }), [conn])

  const joinKinds = new Map<string, JoinKind>()
  const service: RealtimeService = {
    map(event, mapper) {
      mappers.set(event, [...(mappers.get(event) ?? []), mapper as Mapper])
    },
    authorizeRoom(prefix, check) {
      rules.register(prefix, check)
    },
    joinKind(kind, spec) {
      if (!/^[A-Z]\w*$/.test(kind) || kind === 'Notification' || joinKinds.has(kind))
        throw new Error(`Join kind "${kind}" is taken or not a capitalised word`)
      joinKinds.set(kind, spec)
    },
    onlineUserIds(companyId) {
      const ids = new Set<number>()
      for (const c of rooms.conns) if (c.auth.companyId === companyId) ids.add(c.auth.userId)
      return [...ids]
    },
  }
  mapKernelEvents(service, () => {
    const ids = new Set<number>()
    for (const c of rooms.conns) ids.add(c.auth.companyId)
    return [...ids]
  })

  /** Sends one mapper's deliveries to this process's sockets. */
  function deliver(out: RealtimeMapped, payloadCompany: unknown, event: string) {
    try {
      for (const d of out ? (Array.isArray(out) ? out : [out]) : []) {
        const companyId = d.companyId ?? payloadCompany
        if (typeof companyId !== 'number') continue
        const targets = rooms.targets(companyId, d.rooms)
        if (!targets.size) continue
        outbox.push(JSON.stringify({ event: d.event, data: d.data }), targets)
      }
    } catch (err) {
      log.error({ err, event }, 'realtime delivery failed')
    }
  }

  // Per company, the deliveries still waiting on an async mapper. A later event of the same
  // company queues behind them, so a client never sees a message's ack before the message.
  const pending = new Map<number | undefined, Promise<void>>()

  unsubscribe.push(
    bus.onAny((event, payload) => {
      const list = mappers.get(event)
      if (!list || !rooms.conns.size) return
      const payloadCompany = (payload as { companyId?: number } | null)?.companyId
      const outs: Array<RealtimeMapped | Promise<RealtimeMapped>> = []
      for (const mapper of list) {
        try {
          outs.push(mapper(payload))
        } catch (err) {
          log.error({ err, event }, 'realtime mapper failed')
        }
      }
      const key = typeof payloadCompany === 'number' ? payloadCompany : undefined
      const before = pending.get(key)
      if (!before && !outs.some((o) => typeof (o as PromiseLike<unknown> | null)?.then === 'function')) {
        for (const out of outs as RealtimeMapped[]) deliver(out, payloadCompany, event)
        return
      }
      // Mappers start at once (their reads run in parallel); only the sending waits its turn.
      const settled = outs.map((o) =>
        Promise.resolve(o).catch((err) => {
          log.error({ err, event }, 'realtime mapper failed')
          return null
        }),
      )
      const done = Promise.all([before, ...settled]).then(([, ...results]) => {
        for (const out of results) deliver(out, payloadCompany, event)
      })
      pending.set(key, done)
      void done.finally(() => {
        if (pending.get(key) === done) pending.delete(key)
      })
      // The emitter's process awaits its own frames, as it awaits any local subscriber.
      return done
    }),
  )

  // Ended sessions: tell their sockets why, then close them. Only sockets whose session really
  // ended: a single logout (keepSessionId null) must not end the user's other live sessions.
  unsubscribe.push(
    bus.on('auth.sessionsRevoked', async ({ companyId, userId, keepSessionId }) => {
      const candidates = [...rooms.conns].filter((c) => c.auth.userId === userId && c.auth.sessionId !== keepSessionId)
      if (!candidates.length) return
      const sids = [...new Set(candidates.map((c) => c.auth.sessionId))]
      const live = new Set<string>(await db('user_sessions').whereIn('id', sids).whereNull('revokedAt').pluck('id'))
      const frame = JSON.stringify({
        event: `company-${companyId}-auth`,
        data: { action: 'update', user: { id: userId }, reason: 'ERR_SESSION_REPLACED' },
      })
      const ended = candidates.filter((c) => !live.has(c.auth.sessionId))
      for (const c of ended) rooms.remove(c)
      // Closed once the frame saying why went out (after anything queued before it).
      outbox.push(frame, ended, (c) => c.socket.close(CLOSE_SESSION_REPLACED, 'ERR_SESSION_REPLACED'))
    }),
  )

  async function onFrame(conn: Conn, raw: RawData) {
    let msg: Record<string, unknown>
    try {
      msg = JSON.parse(raw.toString())
    } catch {
      msg = {}
    }
    if (!msg || typeof msg !== 'object') msg = {}
    const type = msg.type
    if (type === 'ping') return sendEvent(conn, 'pong')
    // The spec's client reports itself alive every 60 s: the socket being open already says so.
    if (type === 'userStatus') return
    const spec = specJoin(msg, joinKinds)
    if (spec instanceof Error)
      return sendEvent(conn, 'error', { error: ErrorCodes.VALIDATION, field: 'room', message: spec.message })
    if (!spec && type !== 'join' && type !== 'leave') {
      return sendEvent(conn, 'error', {
        error: ErrorCodes.VALIDATION,
        field: 'type',
        message: `Expected {"type":"join"|"leave"|"ping"|"joinNotification"${[...joinKinds.keys()].map((k) => `|"join${k}"`).join('')}}`,
      })
    }
    const room = spec ? spec.room : msg.room
    if (typeof room !== 'string' || !room || room.length > MAX_ROOM_LENGTH) {
      return sendEvent(conn, 'error', {
        error: ErrorCodes.VALIDATION,
        field: 'room',
        message: `room must be a string of 1 to ${MAX_ROOM_LENGTH} characters`,
      })
    }
    if (spec?.leave ?? type === 'leave') return rooms.leave(conn, room)
    if (conn.rooms.has(room)) return
    if (caps.roomsPerSocket && conn.rooms.size >= caps.roomsPerSocket) {
      const message = `A socket may be in at most ${caps.roomsPerSocket} rooms`
      return sendEvent(conn, 'error', { error: ERR_TOO_MANY_ROOMS, room, message })
    }
    let allowed = false
    try {
      allowed = await rules.allows(conn.auth, room)
    } catch (err) {
      log.error({ err, room }, 'room authorization failed')
    }
    if (!allowed) return sendEvent(conn, 'error', { error: ErrorCodes.NO_PERMISSION, room })
    if (rooms.conns.has(conn)) rooms.join(conn, room)
  }

  /** A user's newest socket is in: the oldest past the cap close (the client does not come back on 4003). */
  function makeRoomFor(userId: number) {
    if (!caps.perUser) return
    for (const old of rooms.oldestBeyond(userId, caps.perUser)) {
      rooms.remove(old)
      old.socket.close(CLOSE_TOO_MANY_SOCKETS, ERR_TOO_MANY_SOCKETS)
    }
  }

  function onConnection(socket: WebSocket, token: string | undefined, address: string) {
    // Counted before the token is checked, so a flood of bad tokens from one address costs no lookups.
    if (!addresses.take(address)) return socket.close(CLOSE_ADDRESS_BUSY, ERR_TOO_MANY_SOCKETS_FROM_ADDRESS)
    let conn: Conn | undefined
    // Frames are handled in order, and only after authentication settles.
    let chain: Promise<unknown> = (async () => {
      try {
        if (!token) throw new AppError(ErrorCodes.SESSION_EXPIRED, 401, 'Missing token')
        const info = await auth.verifyAccess(token)
        if (socket.readyState !== socket.OPEN || closed) return
        conn = { socket, auth: info, rooms: new Set(), alive: true }
        rooms.add(conn)
        makeRoomFor(info.userId)
        rooms.join(conn, `company-${info.companyId}`)
        rooms.join(conn, `user-${info.userId}`)
      } catch (err) {
        if (isAppError(err) && err.statusCode === 401) socket.close(CLOSE_SESSION_EXPIRED, ErrorCodes.SESSION_EXPIRED)
        else {
          log.error({ err }, 'websocket authentication failed')
          socket.close(1011, ErrorCodes.INTERNAL)
        }
      }
    })()
    socket.on('message', (raw) => {
      chain = chain
        .then(() => (conn && rooms.conns.has(conn) ? onFrame(conn, raw) : undefined))
        .catch((err) => log.error({ err }, 'websocket frame failed'))
    })
    socket.on('pong', () => {
      if (conn) conn.alive = true
    })
    socket.on('close', () => {
      addresses.release(address)
      if (conn) rooms.remove(conn)
    })
    socket.on('error', (err) => log.debug({ err }, 'websocket error'))
  }

  return {
    service,
    async install(root: FastifyInstance) {
      const app = root.withTypeProvider<TypeBoxTypeProvider>()
      await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
      app.get(
        '/socket',
        {
          websocket: true,
          config: { public: true },
          schema: {
            tags: ['realtime'],
            summary:
              'Realtime websocket (token = access JWT); closes 4001 ERR_SESSION_EXPIRED on a bad token, 4002 ERR_SESSION_REPLACED when the session ends, 4003 ERR_TOO_MANY_SOCKETS when a newer socket of the user passes SOCKETS_PER_USER (the oldest closes), 4029 ERR_TOO_MANY_SOCKETS_FROM_ADDRESS past SOCKETS_PER_ADDRESS',
            querystring: Type.Object({ token: Type.Optional(Type.String()) }),
          },
        },
        // request.ip: the client's address as rate limits see it (X-Forwarded-For only from TRUST_PROXY).
        (socket, request) => onConnection(socket, request.query.token, request.ip),
      )

      timers.push(
        setInterval(() => {
          for (const c of rooms.conns) {
            if (!c.alive) {
              rooms.remove(c)
              c.socket.terminate()
              continue
            }
            c.alive = false
            try {
              c.socket.ping()
            } catch {
              /* closing already */
            }
          }
        }, pingMs).unref(),
      )

      let ticking = false
      timers.push(
        setInterval(async () => {
          if (ticking || closed) return
          ticking = true
          // The spec's client expects the signal each period (it re-announces itself on it).
          outbox.push(JSON.stringify({ event: 'userStatus' }), rooms.conns)
          try {
            await userStatusTick({
              db,
              accounts,
              bus,
              offlineAfterMs,
              onlineIds: [...rooms.conns].map((c) => c.auth.userId),
            })
          } catch (err) {
            log.error({ err }, 'userStatus update failed')
          } finally {
            ticking = false
          }
        }, userStatusMs).unref(),
      )
    },
    async close() {
      closed = true
      for (const t of timers) clearInterval(t)
      for (const off of unsubscribe) off()
      outbox.clear()
      for (const c of [...rooms.conns]) {
        rooms.remove(c)
        c.socket.terminate()
      }
    },
  }
}
