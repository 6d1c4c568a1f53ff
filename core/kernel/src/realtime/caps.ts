/*
 * Caps on what one client can hold in the gateway: one token could otherwise open hundreds of
 * sockets, each in hundreds of rooms, and every event's fan-out walks them all.
 *
 * - Per user (SOCKETS_PER_USER, 20): more tabs than a person uses, plus a phone. A new socket
 *   closes the user's oldest with 4003 ERR_TOO_MANY_SOCKETS, so a freshly opened tab always works;
 *   the client does not reconnect on that code (it would close another of the user's tabs in turn).
 * - Per address (SOCKETS_PER_ADDRESS, 100): an office behind one NAT, dozens of attendants with a
 *   few tabs each. A socket past it is refused at once, before its token is even checked, with 4029
 *   ERR_TOO_MANY_SOCKETS_FROM_ADDRESS (as HTTP 429); the client retries slowly. The address is
 *   Fastify's request.ip, as rate limits use it: X-Forwarded-For's only from TRUST_PROXY's proxies.
 * - Per socket (SOCKET_ROOMS_MAX, 100): the spec's client is in fewer than ten rooms (its company
 *   and user, three ticket statuses, notification, the open chat box); a join past it is an
 *   ERR_TOO_MANY_ROOMS error frame.
 *
 * Counted per process on purpose: what the caps protect (memory, fan-out work) is each process's
 * own, and a cluster-wide count would need shared counters that a crashed process leaves wrong (its
 * sockets' decrements never come). Behind N processes a user may hold up to N × the cap.
 */

/** The user opened more sockets than SOCKETS_PER_USER: this, the oldest, made way. Do not reconnect. */
export const CLOSE_TOO_MANY_SOCKETS = 4003
/** Refused: SOCKETS_PER_ADDRESS sockets from this address already. Retry later. */
export const CLOSE_ADDRESS_BUSY = 4029
export const ERR_TOO_MANY_SOCKETS = 'ERR_TOO_MANY_SOCKETS'
export const ERR_TOO_MANY_SOCKETS_FROM_ADDRESS = 'ERR_TOO_MANY_SOCKETS_FROM_ADDRESS'
export const ERR_TOO_MANY_ROOMS = 'ERR_TOO_MANY_ROOMS'

/** 0 means no cap. */
export interface SocketCaps {
  perUser: number
  perAddress: number
  roomsPerSocket: number
}

/** The sockets of this process per client address, counted from the upgrade until the close. */
export class AddressCount {
  private counts = new Map<string, number>()
  constructor(private readonly max: number) {}

  /** Counts a socket in; false (and not counted) when its address is at the cap. */
  take(address: string): boolean {
    const n = this.counts.get(address) ?? 0
    if (this.max > 0 && n >= this.max) return false
    this.counts.set(address, n + 1)
    return true
  }

  release(address: string) {
    const n = (this.counts.get(address) ?? 0) - 1
    if (n > 0) this.counts.set(address, n)
    else this.counts.delete(address)
  }
}
