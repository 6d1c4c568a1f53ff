/** Ticket and message events on the bus, and their realtime channels (core.md §7). */
import type { Kernel } from '@atende/sdk'
import type { Contact } from '@atende/plugin-contacts/api'
import type { Message, Ticket } from './api.ts'

export type TicketWithContact = Ticket & { contact: Pick<Contact, 'id' | 'name' | 'number' | 'profilePicUrl' | 'isGroup'> | null }

declare module '@atende/sdk' {
  interface EventMap {
    'ticket.updated': { companyId: number; ticket: TicketWithContact }
    'ticket.deleted': { companyId: number; ticketId: number }
    'message.created': { companyId: number; message: Message; ticket: TicketWithContact }
    'message.updated': { companyId: number; message: Message }
  }
}

/**
 * Rooms: the whole company for now. Issue 6 narrows ticket and message deliveries to the users
 * allowed to see the ticket (queues, allTicket) — until then the tickets screen does not exist.
 */
export function mapRealtime(kernel: Kernel) {
  const rooms = (companyId: number) => [`company-${companyId}`]
  kernel.realtime.map('ticket.updated', (p) => ({ rooms: rooms(p.companyId), event: `company-${p.companyId}-ticket`, data: { action: 'update', ticket: p.ticket } }))
  kernel.realtime.map('ticket.deleted', (p) => ({ rooms: rooms(p.companyId), event: `company-${p.companyId}-ticket`, data: { action: 'delete', ticketId: p.ticketId } }))
  kernel.realtime.map('message.created', (p) => ({ rooms: rooms(p.companyId), event: `company-${p.companyId}-appMessage`, data: { action: 'create', message: p.message, ticket: p.ticket, contact: p.ticket.contact } }))
  kernel.realtime.map('message.updated', (p) => ({ rooms: rooms(p.companyId), event: `company-${p.companyId}-appMessage`, data: { action: 'update', message: p.message } }))
}
