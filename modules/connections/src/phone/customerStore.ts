import type { CustomerMessage } from './chat.ts'

/** One connection's customer messages by customer number (digits). */
export type Conversations = Readonly<Record<string, CustomerMessage[]>>

const EMPTY: Conversations = {}
const data = new Map<number, Conversations>()
const listeners = new Set<() => void>()
/** Kept per customer in storage: the newest ones. */
export const KEPT_PER_CUSTOMER = 200

const storageKey = (connectionId: number) => `atende.connections.phone.messages.${connectionId}`

/** What a reload brings back: a send cut short by the reload is failed (its file is gone with the page). */
function restore(connectionId: number): Conversations {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(connectionId)) ?? 'null') as Record<
      string,
      CustomerMessage[]
    > | null
    if (!raw || typeof raw !== 'object') return EMPTY
    const out: Record<string, CustomerMessage[]> = {}
    for (const [number, list] of Object.entries(raw)) {
      if (!Array.isArray(list)) continue
      out[number] = list
        .filter((m) => m && typeof m.key === 'string' && typeof m.timestamp === 'string')
        .map((m) => (m.status === 'sending' ? { ...m, status: 'failed' as const } : m))
    }
    return out
  } catch {
    return EMPTY
  }
}

function persist(connectionId: number, all: Conversations) {
  const kept = Object.fromEntries(Object.entries(all).map(([n, list]) => [n, list.slice(-KEPT_PER_CUSTOMER)]))
  try {
    localStorage.setItem(storageKey(connectionId), JSON.stringify(kept))
  } catch {
    /* storage full or blocked: memory still has them */
  }
}

/**
 * What the customers wrote from the panel: closing and reopening the panel — or reloading the page —
 * keeps the conversation (the simulator's outbox holds only what the platform sent, so the
 * customer's side is remembered here, in local storage per connection), and a send that finishes
 * after the panel closed still lands here. Files keep their name and kind; their bytes are not stored.
 */
export const customerStore = {
  get(connectionId: number): Conversations {
    let c = data.get(connectionId)
    if (!c) {
      c = restore(connectionId)
      data.set(connectionId, c)
    }
    return c
  },
  update(connectionId: number, change: (c: Conversations) => Conversations) {
    const next = change(customerStore.get(connectionId))
    data.set(connectionId, next)
    persist(connectionId, next)
    for (const l of listeners) l()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}
