import type { Kernel } from '@atende/sdk'

/** Where a ticket sits, as far as the view-access rule cares (core.md §4 "Ticket view access"). */
export interface Place { queueId: number | null; userId: number | null }

/** Who in a company can see what: the inputs of the access rule, for every user at once. */
export interface CompanyAudience {
  admins: number[]
  /** users.allTicket = 'enabled': they see queueless tickets. */
  allTicket: number[]
  byQueue: Map<number, number[]>
}

/** The user ids allowed to see a ticket at `place` (access.ts canSee, turned around). */
export function usersOf(a: CompanyAudience, place: Place): Set<number> {
  const out = new Set(a.admins)
  if (place.userId !== null) out.add(place.userId)
  for (const id of place.queueId === null ? a.allTicket : a.byQueue.get(place.queueId) ?? []) out.add(id)
  return out
}

interface Row { id: number; profile: string; super: boolean; allTicket: string; queueId: number | null; place?: [number | null, number | null] | null }

function audienceOf(rows: Row[]): CompanyAudience {
  const admins = new Set<number>()
  const allTicket = new Set<number>()
  const byQueue = new Map<number, number[]>()
  for (const r of rows) {
    if (r.profile === 'admin' || r.super) admins.add(r.id)
    if (r.allTicket === 'enabled') allTicket.add(r.id)
    if (r.queueId !== null) byQueue.set(r.queueId, [...(byQueue.get(r.queueId) ?? []), r.id])
  }
  return { admins: [...admins], allTicket: [...allTicket], byQueue }
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
 * keeps its own copy; user events reach every process over the bus and drop it there. Reads go
 * through kernel.tenant (users and user_queues are the kernel's tables, read-only here), one
 * query at most per event, shared by the events that miss at the same time.
 */
export function createAudience(kernel: Kernel, opts: AudienceOptions = {}) {
  const ttlMs = opts.ttlMs ?? 5_000
  const placeTtlMs = opts.placeTtlMs ?? 60_000
  const maxPlaces = opts.maxPlaces ?? 20_000
  const companies = new Map<number, { at: number; value: Promise<CompanyAudience> }>()
  // Last place of tickets seen in events, in insertion order (oldest first) for eviction.
  const places = new Map<string, Place & { at: number }>()
  const key = (companyId: number, ticketId: number) => `${companyId}:${ticketId}`

  /** users ⟕ user_queues, optionally with one ticket's place riding along (same statement). */
  function read(companyId: number, ticketId?: number): Promise<Row[]> {
    const t = kernel.tenant(companyId)
    const q = t('users').leftJoin('user_queues', 'user_queues.userId', 'users.id')
      .select('users.id', 'users.profile', 'users.super', 'users.allTicket', 'user_queues.queueId')
    if (ticketId !== undefined) {
      q.select(t('tickets').where('tickets.id', ticketId)
        .select(kernel.db.raw('json_build_array(tickets."queueId", tickets."userId")')).as('place'))
    }
    return q
  }

  function cache(companyId: number, value: Promise<CompanyAudience>) {
    const entry = { at: Date.now(), value }
    companies.set(companyId, entry)
    // A failed read is not kept: the next event tries again.
    value.catch(() => { if (companies.get(companyId) === entry) companies.delete(companyId) })
    return value
  }

  function cached(companyId: number): Promise<CompanyAudience> | undefined {
    const entry = companies.get(companyId)
    return entry && Date.now() - entry.at < ttlMs ? entry.value : undefined
  }

  return {
    of(companyId: number): Promise<CompanyAudience> {
      return cached(companyId) ?? cache(companyId, read(companyId).then(audienceOf))
    },

    /** The audience and a ticket's current place (null: no such ticket); one query when either is unknown. */
    async ofTicket(companyId: number, ticketId: number): Promise<{ audience: CompanyAudience; place: Place | null }> {
      const known = this.place(companyId, ticketId)
      const hit = cached(companyId)
      if (known) return { audience: await this.of(companyId), place: known }
      let place: Place | null = null
      let audience: Promise<CompanyAudience>
      if (hit) {
        const row = await kernel.tenant(companyId)('tickets').where({ id: ticketId }).first('queueId', 'userId')
        place = row ? { queueId: row.queueId, userId: row.userId } : null
        audience = hit
      } else {
        const rows = read(companyId, ticketId)
        audience = cache(companyId, rows.then(audienceOf))
        const at = (await rows)[0]?.place
        place = at ? { queueId: at[0], userId: at[1] } : null
      }
      if (place) this.remember(companyId, ticketId, place)
      return { audience: await audience, place }
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

    forgetTicket(companyId: number, ticketId: number) { places.delete(key(companyId, ticketId)) },

    /** Users or their queues changed: the next event reads again. */
    forget(companyId: number) { companies.delete(companyId) },
  }
}

export type Audience = ReturnType<typeof createAudience>
