import type { Kernel } from '@atende/sdk'

/** Ticket statuses as clients name them (the spec's client says aguardando for pending, attending for open). */
const STATUS_ALIASES: Record<string, 'open' | 'pending' | 'closed'> = {
  open: 'open',
  pending: 'pending',
  closed: 'closed',
  aguardando: 'pending',
  attending: 'open',
}

const word = (v: unknown) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toLowerCase() : undefined
const statusRoom = (name: string | undefined) =>
  name && STATUS_ALIASES[name] ? `tickets-${STATUS_ALIASES[name]}` : null
const chatBoxRoom = (name: string | undefined) => (name && /^\d{1,10}$/.test(name) ? `ticket-${Number(name)}` : null)

/**
 * The spec client's ticket joins: `joinTickets` {status} (or a bare status name) → `tickets-{status}`,
 * `joinChatBox` {ticketId} (or a bare id) → `ticket-{id}`; their `leave…` twins leave. The status
 * rooms are open to any user of the company (they add no deliveries: tickets reach a user through
 * their own room, for what they may see); the chat box of a ticket the user may not see is refused
 * (realtime.ts).
 */
export function registerTicketJoins(kernel: Kernel) {
  kernel.realtime.joinKind('Tickets', {
    room: (msg) => statusRoom(word(msg.status ?? msg.room)) ?? new Error('status must be open, pending or closed'),
    bare: statusRoom,
  })
  kernel.realtime.joinKind('ChatBox', {
    room: (msg) => chatBoxRoom(word(msg.ticketId ?? msg.room)) ?? new Error('ticketId must be a ticket id'),
    bare: chatBoxRoom,
  })
  kernel.realtime.authorizeRoom('tickets-', (_auth, room) => /^tickets-(open|pending|closed)$/.test(room))
}
