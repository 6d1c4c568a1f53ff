import type { Kernel, Member } from '@atende/sdk'
import type { Attendant, Attendants } from './attendants.ts'

/** Where a ticket sits, as far as the view-access rule cares. */
export interface Place {
  queueId: number | null
  userId: number | null
}

/** Who in a company can see what: the inputs of the access rule, for every user at once. */
export interface CompanyAudience {
  admins: number[]
  /** Attendants with allTicket: they see queueless tickets. */
  allTicket: number[]
  byQueue: Map<number, number[]>
}

/** The user ids allowed to see a ticket at `place` (access.ts canSee, turned around). */
export function usersOf(a: CompanyAudience, place: Place): Set<number> {
  const out = new Set(a.admins)
  if (place.userId !== null) out.add(place.userId)
  for (const id of place.queueId === null ? a.allTicket : (a.byQueue.get(place.queueId) ?? [])) out.add(id)
  return out
}

function audienceOf(members: Member[], attendants: Attendant[]): CompanyAudience {
  const admins: number[] = []
  const allTicket: number[] = []
  const byQueue = new Map<number, number[]>()
  const present = new Set(members.map((m) => m.id))
  for (const m of members) if (m.profile === 'admin' || m.super) admins.push(m.id)
  for (const a of attendants) {
    if (!present.has(a.userId)) continue
    if (a.allTicket) allTicket.push(a.userId)
    for (const q of a.queueIds) byQueue.set(q, [...(byQueue.get(q) ?? []), a.userId])
  }
  return { admins, allTicket, byQueue }
}

export interface AudienceOptions {
  /** How long a company's audience is reused without a user event (default 5 s). */
  ttlMs?: number
  /** How long a ticket's last seen place answers for message.updated (default 60 s). */
  placeTtlMs?: number
  maxPlaces?: number
}

/**
 * The audience cache of this process. Each process maps bus events for its own sockets, so each
 * keeps its own copy; user events reach every process over the bus and drop it there. Users come
 * from kernel.accounts, one query at most per event, shared by the events that miss at the same time.
 */
export function createAudience(kernel: Kernel, attendants: Attendants, opts: AudienceOptions = {}) {
  const ttlMs = opts.ttlMs ?? 5_000
  const placeTtlMs = opts.placeTtlMs ?? 60_000
  const maxPlaces = opts.maxPlaces ?? 20_000
  const companies = new Map<number, { at: number; value: Promise<CompanyAudience> }>()
  // Last place of tickets seen in events, in insertion order (oldest first) for eviction.
  const places = new Map<string, Place & { at: number }>()
  const key = (companyId: number, ticketId: number) => `${companyId}:${ticketId}`

  function cache(companyId: number, value: Promise<CompanyAudience>) {
    const entry = { at: Date.now(), value }
    companies.set(companyId, entry)
    // A failed read is not kept: the next event tries again.
    value.catch(() => {
      if (companies.get(companyId) === entry) companies.delete(companyId)
    })
    return value
  }

  function cached(companyId: number): Promise<CompanyAudience> | undefined {
    const entry = companies.get(companyId)
    return entry && Date.now() - entry.at < ttlMs ? entry.value : undefined
  }

  return {
    of(companyId: number): Promise<CompanyAudience> {
      const hit = cached(companyId)
      if (hit) return hit
      const read = Promise.all([kernel.accounts.members(companyId), attendants.list(companyId)])
      return cache(
        companyId,
        read.then(([members, found]) => audienceOf(members, found)),
      )
    },

    /** The audience and a ticket's current place (null: no such ticket); both reads at once when unknown. */
    async ofTicket(companyId: number, ticketId: number): Promise<{ audience: CompanyAudience; place: Place | null }> {
      const known = this.place(companyId, ticketId)
      if (known) return { audience: await this.of(companyId), place: known }
      const [audience, row] = await Promise.all([
        this.of(companyId),
        kernel.tenant(companyId)('tickets').where({ id: ticketId }).first('queueId', 'userId') as Promise<
          Place | undefined
        >,
      ])
      const place = row ? { queueId: row.queueId, userId: row.userId } : null
      if (place) this.remember(companyId, ticketId, place)
      return { audience, place }
    },

    /** A ticket's place as last seen, if recent enough to stand in for a read. */
    place(companyId: number, ticketId: number): Place | null {
      const p = places.get(key(companyId, ticketId))
      return p && Date.now() - p.at < placeTtlMs ? { queueId: p.queueId, userId: p.userId } : null
    },

    /** Records a ticket's place; returns the one seen before, however old (for "it left your sight"). */
    remember(companyId: number, ticketId: number, place: Place): Place | null {
      const k = key(companyId, ticketId)
      const before = places.get(k)
      places.delete(k)
      places.set(k, { queueId: place.queueId, userId: place.userId, at: Date.now() })
      if (places.size > maxPlaces) places.delete(places.keys().next().value!)
      return before ? { queueId: before.queueId, userId: before.userId } : null
    },

    forgetTicket(companyId: number, ticketId: number) {
      places.delete(key(companyId, ticketId))
    },

    /** Users or their queues changed: the next event reads again. */
    forget(companyId: number) {
      companies.delete(companyId)
    },
  }
}

export type Audience = ReturnType<typeof createAudience>
