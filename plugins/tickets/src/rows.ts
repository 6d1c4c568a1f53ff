/**
 * The tickets and messages tables as the database returns their rows (migration 001 and later): the
 * published Ticket and Message with the stored shapes where they differ. views.ts turns them into
 * the published types.
 */
import type { Message, Ticket } from './api.ts'

/** Timestamps arrive as Dates; the views send ISO strings. */
interface Stamps {
  createdAt: Date
  updatedAt: Date
}

export type TicketRow = Omit<Ticket, keyof Stamps> & Stamps

export type MessageRow = Omit<Message, keyof Stamps | 'mediaUrl'> &
  Stamps & {
    /** The storage key of the media (null without media), never a URL. */
    mediaUrl: string | null
  }
