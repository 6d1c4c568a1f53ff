/** Shapes of the tickets API (plugins/tickets/src/schemas.ts) as the screen reads them. */
export type TicketStatus = 'open' | 'pending' | 'closed'

export interface Ref { id: number; name: string }
export interface TagRef { id: number; name: string; color: string }

export interface Ticket {
  id: number; uuid: string; companyId: number; contactId: number; whatsappId: number | null
  userId: number | null; queueId: number | null; status: TicketStatus; isGroup: boolean; chatbot: boolean
  lastMessage: string; unreadMessages: number; origin: string; useIntegration: boolean
  integrationId: number | null; promptId: number | null; isReturningCustomer: boolean
  createdAt: string; updatedAt: string
  contact: { id: number; name: string; number: string; profilePicUrl: string; isGroup: boolean } | null
  queue: { id: number; name: string; color: string } | null
  user: Ref | null
  whatsapp: Ref | null
  tags: TagRef[]
}

export interface QuotedMessage { id: number; body: string; fromMe: boolean; mediaType: string | null; isDeleted: boolean }

export interface Message {
  id: number; companyId: number; ticketId: number; contactId: number | null; whatsappId: number | null
  providerId: string | null; body: string; fromMe: boolean
  /** A signed URL the browser can load directly (null without media). */
  mediaUrl: string | null
  /** image, audio, video, document, sticker, locationMessage, vcard, call_log */
  mediaType: string | null; mediaName: string | null
  /** 0 pending, 1 sent (one tick), 2–3 delivered (two ticks), 4–5 read (blue). */
  ack: number; read: boolean; isDeleted: boolean; isEdited: boolean
  quotedMsgId: number | null; quotedMsg: QuotedMessage | null
  /** Group chats: the number of who wrote it. */
  participant: string | null
  sendStatus: 'pending' | 'sent' | 'failed' | null; sendError: string | null; userId: number | null
  createdAt: string; updatedAt: string
}

/** `company-{id}-ticket` frames. */
export type TicketFrame =
  | { action: 'update'; ticket: Ticket }
  | { action: 'delete'; ticketId: number }

/** `company-{id}-appMessage` frames. */
export type MessageFrame =
  | { action: 'create'; message: Message; ticket: Ticket; contact: Ticket['contact'] }
  | { action: 'update'; message: Message }

export interface TicketNote { id: number; note: string; ticketId: number; contactId: number; user: Ref | null; createdAt: string }
