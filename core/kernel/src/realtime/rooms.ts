import type { WebSocket } from 'ws'
import type { AuthInfo, JoinKind } from '@atende/sdk'

/** One authenticated socket of this process. */
export interface Conn {
  socket: WebSocket
  auth: AuthInfo
  rooms: Set<string>
  /** Cleared on each ping, set by the pong; a socket still false at the next ping is dead. */
  alive: boolean
}

/**
 * A client's join or leave as our room: `join<Kind>` / `leave<Kind>` through the kind a plugin
 * registered (the kernel's own `Notification` → `notification`), a plain `join`/`leave` with a room
 * name that a kind recognises (`bare`) or `notification`. Tickets and messages still reach a socket
 * only through the user's own room, for what the user may see: such rooms add no deliveries, and
 * each needs its plugin's authorizeRoom rule. null: not such a join (a plain room name stands as
 * it is); an Error: a join with a bad value.
 */
export function specJoin(
  msg: Record<string, unknown>,
  kinds: ReadonlyMap<string, JoinKind>,
): { room: string; leave: boolean } | null | Error {
  const type = typeof msg.type === 'string' ? msg.type : ''
  const named = /^(join|leave)([A-Z]\w*)$/.exec(type)
  if (named) {
    const leave = named[1] === 'leave'
    if (named[2] === 'Notification') return { room: 'notification', leave }
    const kind = kinds.get(named[2]!)
    if (!kind) return null
    const room = kind.room(msg)
    return room instanceof Error ? room : { room, leave }
  }
  if ((type !== 'join' && type !== 'leave') || typeof msg.room !== 'string') return null
  const leave = type === 'leave'
  const name = msg.room.trim().toLowerCase()
  if (name === 'notification') return { room: 'notification', leave }
  for (const kind of kinds.values()) {
    const room = kind.bare?.(name)
    if (room) return { room, leave }
  }
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
    // The notification room: any user of the company (it adds no deliveries).
    if (room === 'notification') return true
    let best: string | undefined
    for (const prefix of this.rules.keys())
      if (room.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix
    if (best === undefined) return false
    return (await this.rules.get(best)!(auth, room)) === true
  }
}
