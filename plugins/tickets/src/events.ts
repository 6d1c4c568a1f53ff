/**
 * Ticket and message events on the bus: their names and payloads, part of the plugin's contract
 * (api.ts imports this file). How they reach sockets is realtime.ts.
 */
import type { Contact } from '@atende/plugin-contacts/api'
import type { Message, Ticket } from './api.ts'
import type { Place } from './audience.ts'

export type TicketWithContact = Ticket & {
  contact: Pick<Contact, 'id' | 'name' | 'number' | 'profilePicUrl' | 'isGroup'> | null
}

declare module '@atende/sdk' {
  interface EventMap {
    /**
     * `previous`: where the ticket was before a move (transitions set it), so users who saw it
     * there and no longer may get a delete frame.
     */
    'ticket.updated': { companyId: number; ticket: TicketWithContact; previous?: Place }
    'ticket.deleted': { companyId: number; ticketId: number }
    'message.created': { companyId: number; message: Message; ticket: TicketWithContact }
    'message.updated': { companyId: number; message: Message }
  }
}
