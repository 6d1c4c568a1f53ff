import type { Kernel } from '@atende/sdk'
import { toIso } from '@atende/sdk'
import type { Contact } from '@atende/plugin-contacts/api'
import type { Message, Ticket } from './api.ts'
import type { TicketWithContact } from './events.ts'
import type { MessageRow, TicketRow } from './rows.ts'

export function ticketView(row: TicketRow): Ticket {
  return { ...row, createdAt: toIso(row.createdAt), updatedAt: toIso(row.updatedAt) } as Ticket
}

export function withContact(ticket: Ticket, c: Contact | null | undefined): TicketWithContact {
  return {
    ...ticket,
    contact: c
      ? { id: c.id, name: c.name, number: c.number, profilePicUrl: c.profilePicUrl, isGroup: c.isGroup }
      : null,
  }
}

/** The stored media key stays on the server; clients get a signed URL. */
export function messageView(kernel: Kernel, row: MessageRow): Message & { mediaKey: string | null } {
  const mediaKey = row.mediaUrl ?? null
  return {
    ...row,
    mediaKey,
    mediaUrl: mediaKey ? kernel.storage.signedUrl(mediaKey) : null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  } as Message & { mediaKey: string | null }
}

/** Events carry the public view only. */
export function publicMessage(m: Message & { mediaKey?: string | null }): Message {
  const { mediaKey: _k, ...rest } = m
  return rest
}
