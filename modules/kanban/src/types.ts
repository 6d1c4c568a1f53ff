/** A tag as GET /api/tags/kanban answers it (the tags plugin's contract, the fields the board reads). */
export interface KanbanTag {
  id: number
  name: string
  color: string
  kanban: number
}

/** A ticket as GET /api/tickets and /api/tickets/{id} answer it (the fields the board reads). */
export interface ApiTicket {
  id: number
  uuid: string
  status: 'open' | 'pending' | 'closed'
  queueId: number | null
  userId: number | null
  lastMessage: string
  unreadMessages: number
  updatedAt: string
  contact: { id: number; name: string; number: string; profilePicUrl: string } | null
  queue: { id: number; name: string; color: string } | null
  tags: { id: number; name: string; color: string }[]
}

/** A card: the ticket with its tag ids (its whole tag set, kanban or not). */
export interface Card {
  id: number
  uuid: string
  status: 'open' | 'pending' | 'closed'
  queueId: number | null
  lastMessage: string
  unreadMessages: number
  updatedAt: string
  contactName: string
  contactPicture: string
  queue: { name: string; color: string } | null
  tagIds: number[]
}

/** `company-{id}-ticket` frames: the ticket without its neighbours (no queue, no tags). */
export type TicketFrame =
  | {
      action: 'update'
      ticket: Omit<ApiTicket, 'queue' | 'tags' | 'contact'> & { contact?: { name: string } | null }
    }
  | { action: 'delete'; ticketId: number }

/** `company-{id}-tag` frames (plugins/tags events.ts). */
export type TagFrame =
  | { action: 'create' | 'update'; tag: KanbanTag }
  | { action: 'delete'; tagId: number }
  | { action: 'sync'; ticketId: number; tagIds: number[] }
