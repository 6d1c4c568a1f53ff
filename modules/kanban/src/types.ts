import type { Tag } from '@atende/plugin-kanban/api'

/** A tag as GET /api/tags/kanban answers it: the fields the board reads of the tags plugin's contract. */
export type KanbanTag = Pick<Tag, 'id' | 'name' | 'color' | 'kanban'>

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

/** `company-{id}-ticket` and `company-{id}-tag` frames: the tickets and tags plugins' contracts (through kanban's). */
export type { TagFrame, TicketFrame } from '@atende/plugin-kanban/api'
