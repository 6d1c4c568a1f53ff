import { randomUUID } from 'node:crypto'
import type { Kernel } from '@atende/sdk'
import type { Message, TicketsService } from './api.ts'
import { ingest, lastMessageOf } from './ingest.ts'
import { messageView, publicMessage, ticketView, withContact } from './views.ts'
import type { MessageRow } from './rows.ts'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { Attendants } from './attendants.ts'

export function createTicketsService(kernel: Kernel, attendants: Attendants): TicketsService {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')

  /**
   * Update one message and announce it. When it is its ticket's newest message the list's preview
   * follows (an edit shows the new text, a delete the message before it); the order stays.
   */
  async function change(companyId: number, messageId: number, patch: Record<string, unknown>): Promise<Message> {
    return kernel.unitOfWork(companyId, async (uow) => {
      const { t } = uow
      const [row] = await t('messages')
        .where({ id: messageId })
        .update({ ...patch, updatedAt: uow.db.fn.now() })
        .returning('*')
      const message = publicMessage(messageView(kernel, row))
      uow.emit('message.updated', { companyId, message })
      // A send's outcome leaves the preview as it was: only a new text or a delete can move it.
      if (patch.body === undefined && patch.isDeleted === undefined) return message
      const newest = await t('messages').where({ ticketId: row.ticketId }).orderBy('id', 'desc').first('id')
      if (newest?.id === row.id) {
        const shown = await t('messages')
          .where({ ticketId: row.ticketId, isDeleted: false })
          .orderBy('id', 'desc')
          .first('body', 'mediaType', 'mediaName')
        const [tk] = await t('tickets')
          .where({ id: row.ticketId })
          .update({ lastMessage: shown ? lastMessageOf(shown) : '' })
          .returning('*')
        if (tk)
          uow.emit('ticket.updated', {
            companyId,
            ticket: withContact(ticketView(tk), await contacts().get(companyId, tk.contactId, uow)),
          })
      }
      return message
    })
  }

  return {
    version: 1,
    ingest: (uow, whatsapp, items) => ingest(kernel, uow, whatsapp, items),

    async get(companyId, id, uow) {
      const row = await (uow?.t ?? kernel.tenant(companyId))('tickets').where({ id }).first()
      return row ? ticketView(row) : null
    },

    async pendingOf(companyId, contactIds) {
      if (!contactIds.length) return null
      const row = await kernel
        .tenant(companyId)('tickets')
        .whereIn('contactId', contactIds)
        .where({ status: 'pending' })
        .orderBy('id', 'desc')
        .first()
      return row ? ticketView(row) : null
    },

    async update(companyId, id, patch, uow) {
      const allowed = [
        'queueId',
        'userId',
        'status',
        'chatbot',
        'amountUsedBotQueues',
        'useIntegration',
        'integrationId',
        'promptId',
      ] as const
      const clean = Object.fromEntries(allowed.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]))
      const [row] = await (uow?.t ?? kernel.tenant(companyId))('tickets')
        .where({ id })
        .update({ ...clean, updatedAt: kernel.db.fn.now() })
        .returning('*')
      if (!row) throw new Error(`Ticket ${id} not found`)
      const ticket = ticketView(row)
      const payload = { companyId, ticket: withContact(ticket, await contacts().get(companyId, ticket.contactId, uow)) }
      if (uow) uow.emit('ticket.updated', payload)
      else await kernel.bus.emit('ticket.updated', payload)
      return ticket
    },

    async openCountsByUser(companyId, userIds) {
      const counts = new Map(userIds.map((id) => [id, 0]))
      if (!userIds.length) return counts
      // The (companyId, userId, status) prefix of tickets_own_list: one index range per user.
      const rows: { userId: number; n: string | number }[] = await kernel
        .tenant(companyId)('tickets')
        .whereIn('userId', userIds)
        .where({ status: 'open' })
        .groupBy('userId')
        .select('userId', kernel.db.raw('count(*) as n'))
      for (const r of rows) counts.set(r.userId, Number(r.n))
      return counts
    },

    async ratingsByUser(companyId, from, to) {
      const rows: { userId: number; average: string | number; count: string | number }[] = await kernel
        .tenant(companyId)('ticket_ratings')
        .whereNotNull('rate')
        .whereNotNull('userId')
        .where('ratedAt', '>=', from)
        .where('ratedAt', '<', to)
        .groupBy('userId')
        .select('userId', kernel.db.raw('avg(rate) as average'), kernel.db.raw('count(*) as count'))
      return new Map(rows.map((r) => [r.userId, { average: Number(r.average), count: Number(r.count) }]))
    },

    async releaseQueue(uow, queueId) {
      await uow.t('tickets').where({ queueId }).update({ queueId: null })
      await attendants.releaseQueue(uow, queueId)
    },

    releaseConnection: (uow, whatsappId) => attendants.releaseConnection(uow, whatsappId),
    attendants: (companyId, ids) => attendants.list(companyId, ids),
    setAttendant: (uow, userId, patch) => attendants.set(uow, userId, patch),

    contactIdsQuery(companyId, ticketIds) {
      return kernel.tenant(companyId)('tickets').whereIn('id', ticketIds).distinct('contactId')
    },

    async outreachTicket(uow, { contactId, whatsappId }) {
      const { t } = uow
      const known = await t('tickets')
        .where({ contactId, whatsappId })
        .orderByRaw(`CASE WHEN status IN ('open', 'pending') THEN 0 ELSE 1 END`)
        .orderBy('id', 'desc')
        .first()
      if (known) return ticketView(known)
      const [row] = await t
        .insert('tickets', {
          uuid: randomUUID(),
          contactId,
          whatsappId,
          userId: null,
          status: 'closed',
          isGroup: false,
        })
        .returning('*')
      return ticketView(row)
    },

    async findOrOpen(uow, input) {
      const { t, db } = uow
      const active = await t('tickets')
        .where({ contactId: input.contactId, whatsappId: input.whatsappId })
        .whereIn('status', ['open', 'pending'])
        .forUpdate()
        .first()
      if (active) return ticketView(active)
      const returning = !!(await t('tickets').where({ contactId: input.contactId }).first('id'))
      const [row] = await t
        .insert('tickets', {
          uuid: randomUUID(),
          contactId: input.contactId,
          whatsappId: input.whatsappId,
          userId: input.userId,
          status: 'open',
          isGroup: input.isGroup,
          isReturningCustomer: returning,
        })
        .onConflict(db.raw(`("contactId", "whatsappId") WHERE status IN ('open', 'pending')`))
        .ignore()
        .returning('*')
      if (row) return ticketView(row)
      // Another writer created it between our read and insert.
      return ticketView(
        await t('tickets')
          .where({ contactId: input.contactId, whatsappId: input.whatsappId })
          .whereIn('status', ['open', 'pending'])
          .first(),
      )
    },

    async addOutgoing(uow, ticket, input) {
      const { t } = uow
      const [row] = await t
        .insert('messages', {
          ticketId: ticket.id,
          contactId: ticket.contactId,
          whatsappId: ticket.whatsappId,
          providerId: input.providerId,
          body: input.body,
          fromMe: true,
          read: true,
          ack: 0,
          mediaUrl: input.mediaKey ?? null,
          mediaType: input.mediaType ?? null,
          mediaName: input.mediaName ?? null,
          quotedMsgId: input.quotedMsgId ?? null,
          sendStatus: 'pending',
          userId: input.userId,
        })
        .returning('*')
      const [tk] = await t('tickets')
        .where({ id: ticket.id })
        .update({
          lastMessage: lastMessageOf(input),
          updatedAt: uow.db.fn.now(),
          ...(input.chatbot === undefined ? {} : { chatbot: input.chatbot }),
        })
        .returning('*')
      const message = publicMessage(messageView(kernel, row))
      const withC = withContact(ticketView(tk), await contacts().get(t.companyId, ticket.contactId, uow))
      uow.emit('message.created', { companyId: t.companyId, message, ticket: withC })
      uow.emit('ticket.updated', { companyId: t.companyId, ticket: withC })
      return message
    },

    async addNote(companyId, ticketId, note) {
      const t = kernel.tenant(companyId)
      const ticket = await t('tickets').where({ id: ticketId }).first('contactId')
      if (!ticket) return
      await t.insert('ticket_notes', { ticketId, contactId: ticket.contactId, userId: null, note: note.slice(0, 4000) })
    },

    async recentMessages(companyId, ticketId, limit) {
      // The newest first by the (ticketId, id) index, then turned to reading order.
      const rows: MessageRow[] = await kernel
        .tenant(companyId)('messages')
        .where({ ticketId, isDeleted: false })
        .orderBy('id', 'desc')
        .limit(Math.max(1, Math.min(limit, 200)))
      return rows.reverse().map((r) => publicMessage(messageView(kernel, r)))
    },

    async getMessage(companyId, id) {
      const row = await kernel.tenant(companyId)('messages').where({ id }).first()
      return row ? messageView(kernel, row) : null
    },

    async findByProviderId(companyId, whatsappId, providerId) {
      const row = await kernel.tenant(companyId)('messages').where({ whatsappId, providerId }).first()
      return row ? publicMessage(messageView(kernel, row)) : null
    },

    async pendingOutgoing(companyId, whatsappId, limit) {
      const rows: MessageRow[] = await kernel
        .tenant(companyId)('messages')
        .where({ whatsappId, sendStatus: 'pending' })
        .orderBy('id')
        .limit(limit)
      return rows.map((r) => messageView(kernel, r))
    },

    async markSent(companyId, messageId, ack) {
      await change(companyId, messageId, { sendStatus: 'sent', sendError: null, ack: Math.max(1, ack) })
    },

    async markFailed(companyId, messageId, error) {
      await change(companyId, messageId, { sendStatus: 'failed', sendError: error.slice(0, 500) })
    },

    async applyAcks(companyId, whatsappId, updates) {
      let n = 0
      for (const u of updates) {
        // Forward only: a late "delivered" must not undo "read".
        const rows = await kernel
          .tenant(companyId)('messages')
          .where({ whatsappId, providerId: u.providerId })
          .where('ack', '<', u.ack)
          .update({ ack: u.ack, updatedAt: kernel.db.fn.now() })
          .returning('*')
        for (const row of rows) {
          n++
          await kernel.bus.emit('message.updated', { companyId, message: publicMessage(messageView(kernel, row)) })
        }
      }
      return n
    },

    markEdited: (companyId, messageId, body) => change(companyId, messageId, { body, isEdited: true }),
    markDeleted: (companyId, messageId) => change(companyId, messageId, { isDeleted: true }),
  }
}
