/**
 * A per-company value read once and reused (names of queues, users, connections: they change rarely
 * and are read on every list request). The owner forgets a company on the bus event of a change,
 * which reaches every process; the TTL only bounds how long a missed event can leave it stale.
 *
 * The promise of a read is kept from its start, so a read under way when the company is forgotten
 * goes with it: it answers the callers that were waiting, and the next one reads again. A failed
 * read is not kept either.
 */
import type { EventBus, EventName } from './events.ts'

export interface CompanyCache<V> {
  get(companyId: number): Promise<V>
  forget(companyId: number): void
  /** Forgets the event's company whenever one of these events arrives (every payload names its company). */
  forgetOn(bus: EventBus, events: readonly EventName[]): void
  /** Every company (a change whose company is unknown). */
  clear(): void
}

export interface CompanyCacheOptions {
  /** How long a value is reused without an event (default 30 s; 0 keeps nothing). */
  ttlMs?: number
  /** Companies kept at most; the least recently read goes first (default 5,000). */
  max?: number
}

export function companyCache<V>(load: (companyId: number) => PromiseLike<V>, opts: CompanyCacheOptions = {}) {
  const ttlMs = opts.ttlMs ?? 30_000
  const max = opts.max ?? 5_000
  // Insertion order is recency: a hit moves its entry to the end.
  const entries = new Map<number, { at: number; value: Promise<V> }>()

  const cache: CompanyCache<V> = {
    get(companyId) {
      const hit = entries.get(companyId)
      if (hit && Date.now() - hit.at < ttlMs) {
        entries.delete(companyId)
        entries.set(companyId, hit)
        return hit.value
      }
      // Adopted once: a query builder is a thenable that would run again on every await.
      const value = Promise.resolve(load(companyId))
      const entry = { at: Date.now(), value }
      if (ttlMs > 0) {
        entries.delete(companyId)
        entries.set(companyId, entry)
        if (entries.size > max) entries.delete(entries.keys().next().value!)
        value.catch(() => {
          if (entries.get(companyId) === entry) entries.delete(companyId)
        })
      }
      return value
    },
    forget(companyId) {
      entries.delete(companyId)
    },
    forgetOn(bus, events) {
      for (const event of events) bus.on(event, (p) => cache.forget((p as { companyId: number }).companyId))
    },
    clear() {
      entries.clear()
    },
  }
  return cache
}

/** The items of a cached list with these ids, as copies (a caller that edits one must not edit the cache). */
export function pickByIds<T extends { id: number }>(list: readonly T[], ids: Iterable<number | null | undefined>): T[] {
  const wanted = new Set(ids)
  return wanted.size ? list.filter((x) => wanted.has(x.id)).map((x) => ({ ...x })) : []
}
