import { PAGE_SIZE, pageOffset, type Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import { visibleRow, type Viewer } from './access.ts'
import { hydrate } from './hydrate.ts'
import { messageView, publicMessage, ticketView, withContact } from './views.ts'
import type { MessageRow, TicketRow } from './rows.ts'

/**
 * The ticket's customer messages read (those up to `upTo` when given: what the reader was shown)
 * and its unread count set to what is left, in one transaction, announced as ticket.updated when
 * something changed (so every list drops the badge). Returns the changed row.
 */
export async function markRead(
  kernel: Kernel,
  companyId: number,
  ticketId: number,
  upTo?: number,
): Promise<TicketRow | undefined> {
  return kernel.unitOfWork(companyId, async (uow) => {
    const marked = uow.t('messages').where({ ticketId, read: false })
    if (upTo !== undefined) marked.where('id', '<=', upTo)
    await marked.update({ read: true })
    // Unread customer messages and the count go up together (ingest.ts).
    const left = upTo === undefined ? 0 : uow.t('messages').where({ ticketId, read: false, fromMe: false }).count('*')
    const [tk]: (TicketRow | undefined)[] = await uow
      .t('tickets')
      .where({ id: ticketId })
      .where('unreadMessages', '>', 0)
      .update({ unreadMessages: left })
      .returning('*')
    if (tk) {
      const contact = await kernel.services.get<ContactsRef>('contacts').get(companyId, tk.contactId, uow)
      uow.emit('ticket.updated', { companyId, ticket: withContact(ticketView(tk), contact) })
    }
    return tk
  })
}

/**
 * Opening a ticket reads it after the answer: the page's GET never waits on the mark's
 * transaction, its row locks or whoever listens to the ticket.updated it announces. One mark per
 * ticket at a time; an open meanwhile marks once more after it (what arrived between is read too).
 */
export function createReadMarks(kernel: Kernel) {
  const marking = new Map<number, { upTo: number; again: boolean; done: Promise<void> }>()
  // A shutdown writes the marks it owes before the database goes.
  kernel.onClose(async () => {
    await Promise.all([...marking.values()].map((m) => m.done))
  })
  return {
    /** Mark the ticket's customer messages up to `upTo` (the newest the page showed) read. */
    later(companyId: number, ticketId: number, upTo: number) {
      const current = marking.get(ticketId)
      if (current) {
        current.upTo = Math.max(current.upTo, upTo)
        current.again = true
        return
      }
      const entry = { upTo, again: false, done: Promise.resolve() }
      marking.set(ticketId, entry)
      entry.done = (async () => {
        try {
          do {
            entry.again = false
            await markRead(kernel, companyId, ticketId, entry.upTo)
          } while (entry.again)
        } catch (err) {
          // The badge stays until the next open or message: nothing the customer sent is lost.
          kernel.log.warn({ err, companyId, ticketId }, 'marking a ticket read failed')
        } finally {
          marking.delete(ticketId)
        }
      })()
    },
  }
}
export type ReadMarks = ReturnType<typeof createReadMarks>

/**
 * GET /messages/{ticketId}: the conversation with the ticket's contact — this ticket's messages and
 * those of the contact's earlier tickets (the history a returning customer brings; the screen marks
 * where each ticket starts and ends). Page 1 is the newest 20, each page oldest-first (the chat loads
 * upward). Opening the ticket reads it: the answer shows it read, and its customer messages are
 * marked read and the unread count zeroed after the answer (ReadMarks).
 */
export async function messagePage(kernel: Kernel, reads: ReadMarks, v: Viewer, ticketId: number, pageNumber = 1) {
  const row = await visibleRow(kernel, v, { id: ticketId })
  const t = kernel.tenant(v.companyId)
  const offset = pageOffset(pageNumber)
  // Later tickets of the contact are not this conversation's past: only up to this one.
  const tickets = () => t('tickets').where({ contactId: row.contactId }).where('id', '<=', ticketId).select('id')
  const history = () => t('messages').whereIn('ticketId', tickets())
  // Each ticket's newest messages from its own index (ticketId, id), then merged: a contact with
  // many tickets and thousands of messages costs this page, not the whole history. The total comes
  // in the same statement (an InitPlan), while the ticket's contact and tags are read beside it.
  const newestOfEach = t('messages')
    .whereRaw('"messages"."ticketId" = "history"."id"')
    .orderBy('messages.id', 'desc')
    .limit(offset + PAGE_SIZE)
    .select('messages.*')
  const [{ rows }, hydrated] = await Promise.all([
    t.knex.raw(
      'SELECT m.*, ? AS "historyTotal" FROM ? AS history CROSS JOIN LATERAL ? AS m ORDER BY m.id DESC LIMIT ? OFFSET ?',
      [history().count('*'), tickets(), newestOfEach, PAGE_SIZE, offset],
    ) as Promise<{ rows: Array<MessageRow & { historyTotal?: string | number }> }>,
    hydrate(kernel, v.companyId, [row]),
  ])
  // Past the last page there is no row to carry the total.
  const count = rows.length
    ? Number(rows[0]!.historyTotal)
    : Number(((await history().count({ n: '*' }).first()) as { n: unknown }).n)

  // Unread customer messages and the count go up together (ingest.ts): none counted, none to mark.
  const unread = row.unreadMessages > 0
  if (unread) reads.later(v.companyId, ticketId, Math.max(0, ...rows.map((r) => r.id)))
  const ticket = unread ? { ...hydrated[0]!, unreadMessages: 0 } : hydrated[0]

  const quotedIds: number[] = [
    ...new Set<number>(rows.map((r) => r.quotedMsgId).filter((id): id is number => typeof id === 'number')),
  ]
  type Quoted = { id: number; body: string; fromMe: boolean; mediaType: string | null; isDeleted: boolean }
  const quoted = new Map<number, Quoted>()
  if (quotedIds.length) {
    const found: Quoted[] = await t('messages')
      .whereIn('id', quotedIds)
      .columns('id', 'body', 'fromMe', 'mediaType', 'isDeleted')
    for (const q of found) quoted.set(q.id, q)
  }
  const messages = rows.reverse().map(({ historyTotal: _total, ...r }) => ({
    ...publicMessage(messageView(kernel, r)),
    read: r.fromMe || r.ticketId !== ticketId ? r.read : true,
    quotedMsg: r.quotedMsgId ? (quoted.get(r.quotedMsgId) ?? null) : null,
  }))
  return { messages, ticket, count, hasMore: count > offset + rows.length }
}
