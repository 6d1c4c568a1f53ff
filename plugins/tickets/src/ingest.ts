import { randomUUID } from 'node:crypto'
import type { Kernel, UnitOfWork } from '@atende/sdk'
import type { Contact } from '@atende/plugin-contacts/api'
import type { IngestItem, IngestOutcome, Ticket } from './api.ts'
import { messageView, publicMessage, ticketView, withContact } from './views.ts'
import type { MessageRow } from './rows.ts'

const ACTIVE = ['open', 'pending']
const LAST_MESSAGE_MAX = 255

/** What the ticket list shows as the last message: the text, or the media's name. */
export function lastMessageOf(item: { body: string; mediaType?: string | null; mediaName?: string | null }) {
  const text = item.body || item.mediaName || (item.mediaType ? `[${item.mediaType}]` : '')
  return text.slice(0, LAST_MESSAGE_MAX)
}

/**
 * The inbound write of one batch, a fixed number of statements whatever its size (see api.ts):
 * dedupe → active tickets (locked) → expire idle ones → create the missing (ON CONFLICT on the
 * partial unique index, so a concurrent writer cannot make a second one) → insert messages
 * (ON CONFLICT DO NOTHING on the provider id) → one UPDATE bumping every touched ticket.
 */
export async function ingest(
  kernel: Kernel,
  uow: UnitOfWork,
  whatsapp: { id: number; expiresTicket: number },
  items: IngestItem[],
): Promise<IngestOutcome[]> {
  const { t, db } = uow
  const companyId = t.companyId
  if (!items.length) return []

  // 1. Re-deliveries: known provider ids, and repeats inside the batch.
  const ids = [...new Set(items.map((i) => i.providerId))]
  const known = new Set<string>(
    await t('messages').where({ whatsappId: whatsapp.id }).whereIn('providerId', ids).pluck('providerId'),
  )
  const fresh: number[] = []
  for (let i = 0; i < items.length; i++) {
    if (known.has(items[i].providerId)) continue
    known.add(items[i].providerId)
    fresh.push(i)
  }
  const outcomes: IngestOutcome[] = items.map(() => ({ duplicate: true }))
  if (!fresh.length) return outcomes

  // 2. Active tickets of the conversations, locked for this transaction.
  const contactIds = [...new Set(fresh.map((i) => items[i].contact.id))]
  const active = new Map<number, Ticket>()
  const rows = await t('tickets')
    .where({ whatsappId: whatsapp.id })
    .whereIn('contactId', contactIds)
    .whereIn('status', ACTIVE)
    .forUpdate()
  const expireBefore = whatsapp.expiresTicket > 0 ? Date.now() - whatsapp.expiresTicket * 3_600_000 : 0
  const expired: number[] = []
  for (const r of rows) {
    if (expireBefore && new Date(r.updatedAt).getTime() < expireBefore) expired.push(r.id)
    else active.set(r.contactId, ticketView(r))
  }
  // 3. Idle past the connection's expiresTicket hours: closed, and the customer starts a new one.
  if (expired.length) await t('tickets').whereIn('id', expired).update({ status: 'closed', updatedAt: db.fn.now() })

  // 4. Create the missing tickets; returning customers are those with any earlier ticket.
  const missing = contactIds.filter((id) => !active.has(id))
  const newTickets = new Set<number>()
  if (missing.length) {
    const returning = new Set<number>(
      await t('tickets').whereIn('contactId', missing).distinct('contactId').pluck('contactId'),
    )
    const first = new Map<number, IngestItem>()
    for (const i of fresh) if (!first.has(items[i].contact.id)) first.set(items[i].contact.id, items[i])
    const values = missing
      .sort((a, b) => a - b)
      .map((contactId) => ({
        uuid: randomUUID(),
        contactId,
        whatsappId: whatsapp.id,
        status: 'pending',
        isGroup: first.get(contactId)!.isGroup,
        isReturningCustomer: returning.has(contactId),
      }))
    const created = await t
      .insert('tickets', values)
      .onConflict(db.raw(`("contactId", "whatsappId") WHERE status IN ('open', 'pending')`))
      .ignore()
      .returning('*')
    for (const r of created) {
      active.set(r.contactId, ticketView(r))
      newTickets.add(r.id)
    }
    // Lost a race to another writer: its ticket is the one.
    const still = missing.filter((id) => !active.has(id))
    if (still.length) {
      for (const r of await t('tickets')
        .where({ whatsappId: whatsapp.id })
        .whereIn('contactId', still)
        .whereIn('status', ACTIVE)
        .forUpdate())
        active.set(r.contactId, ticketView(r))
    }
  }

  // 5. Messages; quoted ids resolve to our rows when we have them.
  const quotedIds = [...new Set(fresh.map((i) => items[i].quotedProviderId).filter((q): q is string => !!q))]
  const quoted = new Map<string, number>()
  if (quotedIds.length)
    for (const r of await t('messages')
      .where({ whatsappId: whatsapp.id })
      .whereIn('providerId', quotedIds)
      .select('id', 'providerId'))
      quoted.set(r.providerId, r.id)
  const messageRows = fresh.map((i) => {
    const it = items[i]
    return {
      ticketId: active.get(it.contact.id)!.id,
      contactId: (it.sender ?? it.contact).id,
      whatsappId: whatsapp.id,
      providerId: it.providerId,
      body: it.body,
      fromMe: it.fromMe,
      mediaUrl: it.mediaKey ?? null,
      mediaType: it.mediaType ?? null,
      mediaName: it.mediaName ?? null,
      // Ack is 1..5. A message that reached us — the customer's, or one sent from the
      // phone itself — is at least at the server (1); 0 stays for ours not yet handed over.
      ack: 1,
      read: it.fromMe,
      quotedMsgId: it.quotedProviderId ? (quoted.get(it.quotedProviderId) ?? null) : null,
      participant: it.participant ?? null,
      createdAt: it.createdAt,
      updatedAt: it.createdAt,
    }
  })
  const inserted: MessageRow[] = await t
    .insert('messages', messageRows)
    .onConflict(db.raw(`("whatsappId", "providerId") WHERE "providerId" IS NOT NULL`))
    .ignore()
    .returning('*')
  const byProvider = new Map(inserted.map((m) => [m.providerId as string, m]))

  // 6. One UPDATE for every touched ticket: last message, unread count, activity time.
  const bump = new Map<number, { last: string; unread: number }>()
  for (const i of fresh) {
    const it = items[i]
    if (!byProvider.has(it.providerId)) continue
    const id = active.get(it.contact.id)!.id
    const b = bump.get(id) ?? { last: '', unread: 0 }
    b.last = lastMessageOf(it)
    if (!it.fromMe) b.unread++
    bump.set(id, b)
  }
  const updated = new Map<number, Ticket>()
  if (bump.size) {
    const entries = [...bump.entries()].sort((a, b) => a[0] - b[0])
    const values = entries.map(() => '(?::int, ?::text, ?::int)').join(', ')
    const bindings = entries.flatMap(([id, b]) => [id, b.last, b.unread])
    const res = await db.raw(
      `UPDATE tickets AS t SET "lastMessage" = v.last, "unreadMessages" = t."unreadMessages" + v.unread, "updatedAt" = now()
       FROM (VALUES ${values}) AS v(id, last, unread) WHERE t.id = v.id AND t."companyId" = ? RETURNING t.*`,
      [...bindings, companyId],
    )
    for (const r of res.rows) updated.set(r.id, ticketView(r))
  }

  const contactOf = new Map<number, Contact>(fresh.map((i) => [items[i].contact.id, items[i].contact]))
  for (const i of fresh) {
    const it = items[i]
    const row = byProvider.get(it.providerId)
    if (!row) continue
    const ticket = updated.get(row.ticketId) ?? active.get(it.contact.id)!
    const message = messageView(kernel, row)
    outcomes[i] = { duplicate: false, message: publicMessage(message), ticket, isNewTicket: newTickets.has(ticket.id) }
    uow.emit('message.created', {
      companyId,
      message: publicMessage(message),
      ticket: withContact(ticket, contactOf.get(ticket.contactId)),
    })
  }
  for (const ticket of updated.values())
    uow.emit('ticket.updated', { companyId, ticket: withContact(ticket, contactOf.get(ticket.contactId)) })
  return outcomes
}
