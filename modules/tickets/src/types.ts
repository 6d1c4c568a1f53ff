import type { Message as StoredMessage, Ticket as TicketRecord, TicketStatus } from '@atende/plugin-tickets/api'

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

/** `company-{id}-ticket` frames. */
export type TicketFrame = { action: 'update'; ticket: Ticket } | { action: 'delete'; ticketId: number }

/** `company-{id}-appMessage` frames. */
export type MessageFrame =
  | { action: 'create'; message: Message; ticket: Ticket; contact: Ticket['contact'] }
  | { action: 'update'; message: Message }

export interface TicketNote {
  id: number
  note: string
  ticketId: number
  contactId: number
  user: Ref | null
  createdAt: string
}
