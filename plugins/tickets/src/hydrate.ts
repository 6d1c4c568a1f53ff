import type { Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { Ticket } from './api.ts'
import { ticketView } from './views.ts'
import type { TicketRow } from './rows.ts'
import { queuesById, userNames } from './names.ts'
import type { TagsPort, ConnectionsPort } from './neighbours-api.ts'

type Ref = { id: number; name: string }
export type TicketDetail = Ticket & {
  contact: { id: number; name: string; number: string; profilePicUrl: string; isGroup: boolean } | null
  queue: { id: number; name: string; color: string } | null
  user: Ref | null
  whatsapp: Ref | null
  tags: { id: number; name: string; color: string }[]
}

/** Optional neighbours, resolved at call time: tags and connections may be absent (plan-gated) or load after us. */

const ids = (rows: Ticket[], key: 'contactId' | 'queueId' | 'userId' | 'whatsappId') => [
  ...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number')),
]

/**
 * A page of tickets with contact, queue, user, connection and tags: one lookup per related kind,
 * never one per ticket.
 */
export async function hydrate(kernel: Kernel, companyId: number, rows: TicketRow[]): Promise<TicketDetail[]> {
  const tickets = rows.map(ticketView)
  if (!tickets.length) return []
  const contacts = kernel.services.get<ContactsRef>('contacts')
  const connections = kernel.services.find<ConnectionsPort>('connections')
  const tags = kernel.services.find<TagsPort>('tags')
  const [cs, queueBy, userName, ws, tg] = await Promise.all([
    contacts.cardsByIds(companyId, ids(tickets, 'contactId')),
    queuesById(kernel, companyId, ids(tickets, 'queueId')),
    userNames(kernel, companyId, ids(tickets, 'userId')),
    connections?.namesByIds ? connections.namesByIds(companyId, ids(tickets, 'whatsappId')) : Promise.resolve([]),
    tags
      ? tags.forTickets(
          companyId,
          tickets.map((t) => t.id),
        )
      : Promise.resolve(new Map()),
  ])
  const contactBy = new Map(
    cs.map((c) => [
      c.id,
      { id: c.id, name: c.name, number: c.number, profilePicUrl: c.profilePicUrl, isGroup: c.isGroup },
    ]),
  )
  const whatsappBy = new Map(ws.map((w) => [w.id, { id: w.id, name: w.name }]))
  return tickets.map((t) => ({
    ...t,
    contact: contactBy.get(t.contactId) ?? null,
    queue: t.queueId !== null ? (queueBy.get(t.queueId) ?? null) : null,
    user: t.userId !== null && userName.has(t.userId) ? { id: t.userId, name: userName.get(t.userId)! } : null,
    whatsapp: t.whatsappId !== null ? (whatsappBy.get(t.whatsappId) ?? null) : null,
    tags: (tg.get(t.id) ?? []).map((x: { id: number; name: string; color: string }) => ({
      id: x.id,
      name: x.name,
      color: x.color,
    })),
  }))
}
