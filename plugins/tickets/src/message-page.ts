import { PAGE_SIZE, pageOffset, type Kernel } from '@atende/sdk'
import type { ContactsService } from '@atende/plugin-contacts/api'
import { visibleRow, type Viewer } from './access.ts'
import { hydrate } from './hydrate.ts'
import { messageView, publicMessage, ticketView, withContact } from './views.ts'

/**
 * GET /messages/{ticketId}: page 1 is the newest 20, each page oldest-first (the chat loads upward).
 * Opening the conversation reads it: its customer messages are marked read and the unread count
 * zeroed, in one transaction, announced as ticket.updated when something changed.
 */
export async function messagePage(kernel: Kernel, v: Viewer, ticketId: number, pageNumber = 1) {
  let row = await visibleRow(kernel, v, { id: ticketId })
  const t = kernel.tenant(v.companyId)
  const offset = pageOffset(pageNumber)
  const [rows, total] = await Promise.all([
    t('messages').where({ ticketId }).orderBy('id', 'desc').limit(PAGE_SIZE).offset(offset),
    t('messages').where({ ticketId }).count({ n: '*' }).first() as Promise<{ n: unknown }>,
  ])
  const count = Number(total.n)

  const updated = await kernel.unitOfWork(v.companyId, async (uow) => {
    await uow.t('messages').where({ ticketId, read: false }).update({ read: true })
    const [tk] = await uow.t('tickets').where({ id: ticketId }).where('unreadMessages', '>', 0).update({ unreadMessages: 0 }).returning('*')
    if (tk) {
      const contact = await kernel.services.get<ContactsService>('contacts').get(v.companyId, tk.contactId, uow)
      uow.emit('ticket.updated', { companyId: v.companyId, ticket: withContact(ticketView(tk), contact) })
    }
    return tk
  })
  if (updated) row = updated

  const messages = rows.reverse().map((r: Record<string, any>) => ({ ...publicMessage(messageView(kernel, r)), read: r.fromMe ? r.read : true }))
  const [ticket] = await hydrate(kernel, v.companyId, [row])
  return { messages, ticket, count, hasMore: count > offset + rows.length }
}
