import type {
  Message as StoredMessage,
  NoteView,
  QuotedMessage,
  TicketStatus,
  TicketView,
  TicketWithContact,
} from '@atende/plugin-tickets/api'

/** The tickets API's answers as the screen reads them: the plugin's published contract plus what the routes join in. */
export type { TicketStatus, QuotedMessage }

export interface Ref {
  id: number
  name: string
}
export interface TagRef {
  id: number
  name: string
  color: string
}

/** A ticket as the API answers it, with its contact, queue, user, connection and tags. */
export type Ticket = TicketView

/**
 * mediaType: image, audio, video, document, sticker, locationMessage, vcard, call_log. ack: 0 pending,
 * 1 sent (one tick), 2–3 delivered (two ticks), 4–5 read (blue). participant: in groups, who wrote it.
 */
export type Message = StoredMessage & { quotedMsg: QuotedMessage | null }

/** `company-{id}-ticket` and `company-{id}-appMessage` frames: the tickets plugin's contract. */
export type { MessageFrame, TicketFrame } from '@atende/plugin-tickets/api'

/** A ticket as frames carry it: with its contact; its queue, user, connection and tags only once merged with a list's. */
export type FrameTicket = TicketWithContact & Partial<Pick<Ticket, 'queue' | 'user' | 'whatsapp' | 'tags'>>
/** A message as frames carry it: without its quoted message (a page's read has that). */
export type FrameMessage = StoredMessage & { quotedMsg?: QuotedMessage | null }

/** An internal note on a ticket. */
export type TicketNote = NoteView
