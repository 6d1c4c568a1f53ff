import type { CustomerMessage } from './chat.ts'

/** One connection's customer messages by customer number (digits). */
export type Conversations = Readonly<Record<string, CustomerMessage[]>>

const EMPTY: Conversations = {}
const data = new Map<number, Conversations>()
const listeners = new Set<() => void>()

/**
 * What the customers wrote from the panel, for the life of the page: closing and reopening the
 * panel keeps the conversation, and a send that finishes after the panel closed still lands here.
 * Memory only (files travel as data: URIs; they do not belong in storage).
 */
export const customerStore = {
  get: (connectionId: number): Conversations => data.get(connectionId) ?? EMPTY,
  update(connectionId: number, change: (c: Conversations) => Conversations) {
    data.set(connectionId, change(data.get(connectionId) ?? EMPTY))
    for (const l of listeners) l()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => { listeners.delete(listener) }
  },
}
