import type { WebSocket } from 'ws'
import type { AuthInfo } from '@atende/sdk'

/** One authenticated socket of this process. */
export interface Conn {
  socket: WebSocket
  auth: AuthInfo
  rooms: Set<string>
  /** Cleared on each ping, set by the pong; a socket still false at the next ping is dead. */
  alive: boolean
}

/** Ticket statuses as the spec's client names them (aguardando = pending, attending = open). */
const STATUS_ALIASES: Record<string, string> = {
  open: 'open',
  pending: 'pending',
  closed: 'closed',
  aguardando: 'pending',
  attending: 'open',
}

/**
 * The spec's joins, as our rooms: `joinTickets` (or a bare status room) → `tickets-{status}`,
 * `joinNotification` (or `notification`) → `notification`, `joinChatBox` with a ticket id (or a bare
 * id) → `ticket-{id}`; their `leave…` twins leave. Tickets and messages still reach a socket only
 * through the user's own room, for what the user may see: these rooms add no deliveries, and the
 * chat box of a ticket the user may not see is refused (the tickets plugin's rule for `ticket-`).
 * null: not a spec join; an Error: a spec join with a bad value.
 */
export function specJoin(msg: Record<string, unknown>): { room: string; leave: boolean } | null | Error {
  const type = typeof msg.type === 'string' ? msg.type : ''
  const kind = /^(join|leave)(Tickets|Notification|ChatBox)$/.exec(type)
  const leave = kind ? kind[1] === 'leave' : type === 'leave'
  const value =
    kind?.[2] === 'Tickets' ? (msg.status ?? msg.room) : kind?.[2] === 'ChatBox' ? (msg.ticketId ?? msg.room) : msg.room
  const name =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().toLowerCase() : undefined
  if (kind?.[2] === 'Notification') return { room: 'notification', leave }
  if (kind?.[2] === 'Tickets')
    return name && STATUS_ALIASES[name]
      ? { room: `tickets-${STATUS_ALIASES[name]}`, leave }
      : new Error('status must be open, pending or closed')
  if (kind?.[2] === 'ChatBox')
    return name && /^\d{1,10}$/.test(name)
      ? { room: `ticket-${Number(name)}`, leave }
      : new Error('ticketId must be a ticket id')
  if ((type !== 'join' && type !== 'leave') || typeof value !== 'string') return null
  if (name === 'notification') return { room: 'notification', leave }
  if (name && STATUS_ALIASES[name]) return { room: `tickets-${STATUS_ALIASES[name]}`, leave }
  if (name && /^\d{1,10}$/.test(name)) return { room: `ticket-${Number(name)}`, leave }
  return null
}

export type RoomCheck = (auth: AuthInfo, room: string) => boolean | Promise<boolean>

/**
 * The local sockets and their rooms. Rooms are keyed by company and name, so two tenants'
 * `notification` rooms never mix.
 */
export class Rooms {
  readonly conns = new Set<Conn>()
  private members = new Map<string, Set<Conn>>()
  /** Each user's sockets, oldest first (a Set keeps insertion order). */
  private byUser = new Map<number, Set<Conn>>()

  private key = (companyId: number, room: string) => `${companyId}\0${room}`

  add(conn: Conn) {
    this.conns.add(conn)
    let own = this.byUser.get(conn.auth.userId)
    if (!own) this.byUser.set(conn.auth.userId, (own = new Set()))
    own.add(conn)
  }

  remove(conn: Conn) {
    for (const room of [...conn.rooms]) this.leave(conn, room)
    this.conns.delete(conn)
    const own = this.byUser.get(conn.auth.userId)
    own?.delete(conn)
    if (own && !own.size) this.byUser.delete(conn.auth.userId)
  }

  /** The user's sockets past the newest `keep`, oldest first. */
  oldestBeyond(userId: number, keep: number): Conn[] {
    const own = [...(this.byUser.get(userId) ?? [])]
    return own.slice(0, Math.max(0, own.length - keep))
  }

  join(conn: Conn, room: string) {
    const key = this.key(conn.auth.companyId, room)
    let set = this.members.get(key)
    if (!set) this.members.set(key, (set = new Set()))
    set.add(conn)
    conn.rooms.add(room)
  }

  leave(conn: Conn, room: string) {
    const key = this.key(conn.auth.companyId, room)
    const set = this.members.get(key)
    set?.delete(conn)
    if (set && !set.size) this.members.delete(key)
    conn.rooms.delete(room)
  }

  /** The sockets in any of the rooms, each once. */
  targets(companyId: number, rooms: string[]): Set<Conn> {
    const out = new Set<Conn>()
    for (const room of rooms) for (const c of this.members.get(this.key(companyId, room)) ?? []) out.add(c)
    return out
  }
}

/**
 * Who may join which room. The kernel's own rooms (`company-{id}`, `company-{id}-…`, `user-{id}`)
 * are open only to their company and user; any other room needs a rule a plugin registered for
 * its prefix (the longest matching prefix decides). No rule, no entry.
 */
export class RoomRules {
  private rules = new Map<string, RoomCheck>()

  register(prefix: string, check: RoomCheck) {
    if (!prefix || /^(company|user)-/.test(prefix)) throw new Error(`Room prefix "${prefix}" is reserved or empty`)
    this.rules.set(prefix, check)
  }

  async allows(auth: AuthInfo, room: string): Promise<boolean> {
    const own = `company-${auth.companyId}`
    if (room === own || room.startsWith(`${own}-`)) return true
    if (/^company-\d+(-|$)/.test(room)) return false
    if (/^user-\d+$/.test(room)) return room === `user-${auth.userId}`
    // The spec's status and notification rooms: any user of the company (they add no deliveries).
    if (room === 'notification' || /^tickets-(open|pending|closed)$/.test(room)) return true
    let best: string | undefined
    for (const prefix of this.rules.keys())
      if (room.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix
    if (best === undefined) return false
    return (await this.rules.get(best)!(auth, room)) === true
  }
}
