import type {
  Message as StoredMessage,
  Ticket as TicketRecord,
  TicketStatus,
  TicketWithContact,
} from '@atende/plugin-tickets/api'

/** The tickets API's answers as the screen reads them: the plugin's published contract plus what the routes join in. */
export type { TicketStatus }

export interface Ref {
  id: number
  name: string
}
export interface TagRef {
  id: number
  name: string
  color: string
}

export interface Ticket extends TicketRecord {
  contact: { id: number; name: string; number: string; profilePicUrl: string; isGroup: boolean } | null
  queue: { id: number; name: string; color: string } | null
  user: Ref | null
  whatsapp: Ref | null
  tags: TagRef[]
}

export interface QuotedMessage {
  id: number
  body: string
  fromMe: boolean
  mediaType: string | null
  isDeleted: boolean
}

/**
 * mediaType: image, audio, video, document, sticker, locationMessage, vcard, call_log. ack: 0 pending,
 * 1 sent (one tick), 2–3 delivered (two ticks), 4–5 read (blue). participant: in groups, who wrote it.
 */
export interface Message extends StoredMessage {
  quotedMsg: QuotedMessage | null
}

/** `company-{id}-ticket` and `company-{id}-appMessage` frames: the tickets plugin's contract. */
export type { MessageFrame, TicketFrame } from '@atende/plugin-tickets/api'

/** A ticket as frames carry it: with its contact; its queue, user, connection and tags only once merged with a list's. */
export type FrameTicket = TicketWithContact & Partial<Pick<Ticket, 'queue' | 'user' | 'whatsapp' | 'tags'>>
/** A message as frames carry it: without its quoted message (a page's read has that). */
export type FrameMessage = StoredMessage & { quotedMsg?: QuotedMessage | null }

export interface TicketNote {
  id: number
  note: string
  ticketId: number
  contactId: number
  user: Ref | null
  createdAt: string
}
