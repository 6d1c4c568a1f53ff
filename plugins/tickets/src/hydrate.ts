import type { Kernel } from '@atende/sdk'
import type { ContactsService } from '@atende/plugin-contacts/api'
import type { Ticket } from './api.ts'
import { ticketView } from './views.ts'

type Ref = { id: number; name: string }
export type TicketDetail = Ticket & {
  contact: { id: number; name: string; number: string; profilePicUrl: string; isGroup: boolean } | null
  queue: { id: number; name: string; color: string } | null
  user: Ref | null
  whatsapp: Ref | null
  tags: { id: number; name: string; color: string }[]
}

/** Optional neighbours, resolved at call time: queues and connections may be absent (plan-gated) or load after us. */
interface QueuesLookup { byIds?(companyId: number, ids: number[]): Promise<{ id: number; name: string; color: string }[]> }
interface TagsLookup { forTickets(companyId: number, ticketIds: number[]): Promise<Map<number, { id: number; name: string; color: string }[]>> }
interface ConnectionsLookup { namesByIds?(companyId: number, ids: number[]): Promise<{ id: number; name: string }[]> }

function optional<T>(kernel: Kernel, name: string): T | undefined {
  try { return kernel.services.get<T>(name) } catch { return undefined }
}

const ids = (rows: Ticket[], key: 'contactId' | 'queueId' | 'userId' | 'whatsappId') =>
  [...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))]

/**
 * A page of tickets with contact, queue, user, connection and tags: one lookup per related kind,
 * never one per ticket.
 */
export async function hydrate(kernel: Kernel, companyId: number, rows: Record<string, any>[]): Promise<TicketDetail[]> {
  const tickets = rows.map(ticketView)
  if (!tickets.length) return []
  const contacts = kernel.services.get<ContactsService>('contacts')
  const queues = optional<QueuesLookup>(kernel, 'queues')
  const connections = optional<ConnectionsLookup>(kernel, 'connections')
  const tags = optional<TagsLookup>(kernel, 'tags')
  const [cs, qs, us, ws, tg] = await Promise.all([
    contacts.byIds(companyId, ids(tickets, 'contactId')),
    queues?.byIds ? queues.byIds(companyId, ids(tickets, 'queueId')) : Promise.resolve([]),
    ids(tickets, 'userId').length ? kernel.tenant(companyId)('users').whereIn('id', ids(tickets, 'userId')).select('id', 'name') as Promise<Ref[]> : Promise.resolve([]),
    connections?.namesByIds ? connections.namesByIds(companyId, ids(tickets, 'whatsappId')) : Promise.resolve([]),
    tags ? tags.forTickets(companyId, tickets.map((t) => t.id)) : Promise.resolve(new Map()),
  ])
  const contactBy = new Map(cs.map((c) => [c.id, { id: c.id, name: c.name, number: c.number, profilePicUrl: c.profilePicUrl, isGroup: c.isGroup }]))
  const queueBy = new Map(qs.map((q) => [q.id, { id: q.id, name: q.name, color: q.color }]))
  const userBy = new Map(us.map((u) => [u.id, { id: u.id, name: u.name }]))
  const whatsappBy = new Map(ws.map((w) => [w.id, { id: w.id, name: w.name }]))
  return tickets.map((t) => ({
    ...t,
    contact: contactBy.get(t.contactId) ?? null,
    queue: t.queueId !== null ? queueBy.get(t.queueId) ?? null : null,
    user: t.userId !== null ? userBy.get(t.userId) ?? null : null,
    whatsapp: t.whatsappId !== null ? whatsappBy.get(t.whatsappId) ?? null : null,
    tags: (tg.get(t.id) ?? []).map((x: { id: number; name: string; color: string }) => ({ id: x.id, name: x.name, color: x.color })),
  }))
}
