/**
 * How a ticket's moves become the dashboard's moments (pure: tested without a database).
 *
 * Definitions (the spec names the figures, these are ours):
 * - A ticket is **created** when the dashboard first sees it waiting (pending) or attended (open);
 *   tickets first seen closed (a campaign's or schedule's outreach) are not support and count nothing.
 * - **Wait**: from the moment a ticket starts waiting — its creation, or its return to pending (sent
 *   back to a queue, reopened by the customer) — to its acceptance (pending → open).
 * - **Accepted**: pending → open, counted for the attendant who took it with its wait. A ticket an
 *   attendant opens themselves is accepted at creation with no wait counted.
 * - **Transferred**: an attended ticket moves to another attendant or queue, or goes back to waiting.
 * - **Support**: from the last acceptance to the closing, counted for the attendant who closes it.
 */
export type TicketStatus = 'open' | 'pending' | 'closed'

/** The dashboard's row of a ticket. */
export interface Standing {
  status: TicketStatus
  userId: number | null
  queueId: number | null
  waitingSince: Date | null
  acceptedAt: Date | null
  seenAt: Date
}

/** What a ticket.updated event tells (its dates are ISO strings, also across processes). */
export interface TicketSeen {
  status: TicketStatus
  userId: number | null
  queueId: number | null
  createdAt: string
  updatedAt: string
}

export interface Moment {
  kind: 'created' | 'accepted' | 'transferred' | 'closed'
  at: Date
  /** The attendant it counts for (none: 0 in the daily rows). */
  userId: number | null
  waitSeconds?: number
  supportSeconds?: number
}

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000))

/** The new standing and the moments of one event, or null when it changes nothing (or is older). */
export function advance(prev: Standing | null, t: TicketSeen): { next: Standing; moments: Moment[] } | null {
  const at = new Date(t.updatedAt)
  const where = { status: t.status, userId: t.userId, queueId: t.queueId, seenAt: at }
  if (!prev) {
    const created = new Date(t.createdAt)
    if (t.status === 'closed') return { next: { ...where, waitingSince: null, acceptedAt: null }, moments: [] }
    const moments: Moment[] = [{ kind: 'created', at: created, userId: null }]
    if (t.status === 'open') {
      moments.push({ kind: 'accepted', at: created, userId: t.userId })
      return { next: { ...where, waitingSince: null, acceptedAt: created }, moments }
    }
    return { next: { ...where, waitingSince: created, acceptedAt: null }, moments }
  }
  if (prev.seenAt.getTime() >= at.getTime()) return null
  if (prev.status === t.status && prev.userId === t.userId && prev.queueId === t.queueId) return null

  const moments: Moment[] = []
  let { waitingSince, acceptedAt } = prev
  if (t.status === 'open') {
    if (prev.status !== 'open') {
      moments.push({
        kind: 'accepted',
        at,
        userId: t.userId,
        ...(waitingSince ? { waitSeconds: seconds(waitingSince, at) } : {}),
      })
      acceptedAt = at
      waitingSince = null
    } else moments.push({ kind: 'transferred', at, userId: t.userId })
  } else if (t.status === 'pending') {
    if (prev.status === 'open') moments.push({ kind: 'transferred', at, userId: prev.userId })
    else if (prev.status === 'pending') moments.push({ kind: 'transferred', at, userId: null })
    if (prev.status !== 'pending') waitingSince = at
    acceptedAt = null
  } else {
    if (prev.status !== 'closed')
      moments.push({
        kind: 'closed',
        at,
        userId: t.userId ?? prev.userId,
        ...(acceptedAt ? { supportSeconds: seconds(acceptedAt, at) } : {}),
      })
    waitingSince = null
    acceptedAt = null
  }
  return { next: { ...where, waitingSince, acceptedAt }, moments }
}
