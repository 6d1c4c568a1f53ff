/**
 * Sending schedules, exactly once. One tick (`schedules.tick`, every SCHEDULE_TICK_MS, and at start):
 * 1. Expire: a PENDENTE schedule whose sendAt is more than the lateness limit ago (the service was down
 *    that long) is not sent any more: ERRO with the reason 'expired'.
 * 2. Send what is due: each due row in its own transaction — the row is locked (FOR UPDATE SKIP
 *    LOCKED, and still PENDENTE and due), the message rendered with the contact's variables is stored
 *    on the contact's ticket (tickets `outreachTicket` + `addOutgoing`) with a providerId derived from
 *    the schedule (id and round), and the schedule is marked ENVIADA with sentAt — all in that one
 *    transaction. After it commits, the connection's outbound queue (`messaging.flush`) sends stored
 *    messages once. So a kill -9 before the commit leaves the row PENDENTE and nothing stored; after it,
 *    the stored message goes out once when the connection comes back; two workers never lock one row.
 * 3. A send the network refuses (message.updated, sendStatus failed) turns the schedule ERRO with the reason.
 */
import { createHash } from 'node:crypto'
import { renderVariables, type Kernel, type UnitOfWork } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
// Listens to the tickets plugin's events (message.updated): its contract declares them.
import type { TicketsRef, MessagingRef } from '@atende/plugin-tickets/api'
import { TABLE, type Row } from './service.ts'

export const TICK_JOB = 'schedules.tick'
/** A schedule due longer ago than this (24 h; SCHEDULE_MAX_LATE_MS) is not sent: ERRO 'expired'. */
export const maxLateMs = () => Number(process.env.SCHEDULE_MAX_LATE_MS ?? 24 * 3600_000)
/** Rows looked at per tick; the rest wait for the next (a connection's own rate limit paces the network). */
const BATCH = 200

/** A WhatsApp-like message id of our own, the same for one schedule's send whatever happens. */
export const providerIdOf = (scheduleId: number, round: number) =>
  `3EB0${createHash('sha256').update(`schedule:${scheduleId}:${round}`).digest('hex').slice(0, 20).toUpperCase()}`

const mediaTypeOf = (mimetype: string) =>
  ['image', 'video', 'audio'].find((k) => mimetype.startsWith(`${k}/`)) ?? 'document'

export function createDispatcher(kernel: Kernel) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const connections = () => kernel.services.get<ConnectionsRef>('connections')
  const messaging = () => kernel.services.find<MessagingRef>('messaging')

  async function fail(uow: UnitOfWork, row: Row, reason: string) {
    await uow
      .t(TABLE)
      .where({ id: row.id })
      .update({ status: 'ERRO', error: reason.slice(0, 500), updatedAt: new Date() })
    uow.emit('schedule.saved', { companyId: row.companyId, action: 'update', scheduleId: row.id })
  }

  /** One schedule: the whole send in one transaction. Returns the connection to flush, or null. */
  async function sendOne(companyId: number, id: number, at: Date, defaultWhatsappId: number | null) {
    return kernel.unitOfWork(companyId, async (uow) => {
      const row: Row | undefined = await uow
        .t(TABLE)
        .where({ id, status: 'PENDENTE' })
        .where('sendAt', '<=', at)
        .forUpdate()
        .skipLocked()
        .first()
      if (!row) return null // another worker has it, or it was sent, edited or deleted meanwhile
      const contact = await contacts().get(companyId, row.contactId, uow)
      if (!contact) {
        await fail(uow, row, 'contact not found')
        return null
      }
      const whatsappId = contact.whatsappId ?? defaultWhatsappId
      if (!whatsappId) {
        await fail(
          uow,
          row,
          'no connection: the contact has none and the company has no default (ERR_NO_DEF_WAPP_FOUND)',
        )
        return null
      }
      const ticket = await tickets().outreachTicket(uow, { contactId: contact.id, whatsappId })
      const body = renderVariables(
        row.body,
        { contactName: contact.name, ticketId: ticket.id, ticketCreatedAt: ticket.createdAt, now: at },
        { email: contact.email, number: contact.number },
      )
      const message = await tickets().addOutgoing(uow, ticket, {
        providerId: providerIdOf(row.id, row.round),
        body,
        userId: null,
        ...(row.mediaPath
          ? {
              mediaType: mediaTypeOf(kernel.storage.mimetypeOf(row.mediaPath)),
              mediaKey: row.mediaPath,
              mediaName: row.mediaName,
            }
          : {}),
      })
      await uow.t(TABLE).where({ id: row.id }).update({
        status: 'ENVIADA',
        sentAt: at,
        error: null,
        ticketId: ticket.id,
        whatsappId,
        messageId: message.id,
        updatedAt: new Date(),
      })
      uow.emit('schedule.saved', { companyId, action: 'update', scheduleId: row.id })
      return whatsappId
    })
  }

  /** A send the network refused: the schedule it carried is ERRO with the reason. */
  kernel.bus.on('message.updated', async ({ companyId, message }) => {
    if (!message.fromMe || message.userId || message.sendStatus !== 'failed') return
    const failed: { id: number }[] = await kernel
      .tenant(companyId)(TABLE)
      .where({ messageId: message.id, status: 'ENVIADA' })
      .update({
        status: 'ERRO',
        sentAt: null,
        error: (message.sendError ?? 'not sent').slice(0, 500),
        updatedAt: new Date(),
      })
      .returning('id')
    for (const f of failed) await kernel.bus.emit('schedule.saved', { companyId, action: 'update', scheduleId: f.id })
  })

  return {
    /** One round at `at`: expire what is too late, then send what is due. Returns how many were stored to send. */
    async tick(at = new Date()) {
      const oldest = new Date(at.getTime() - maxLateMs())
      const expired: { id: number; companyId: number }[] = await kernel
        .db(TABLE)
        .where({ status: 'PENDENTE' })
        .where('sendAt', '<', oldest)
        .update({ status: 'ERRO', error: 'expired', updatedAt: new Date() })
        .returning(['id', 'companyId'])
      for (const e of expired)
        await kernel.bus.emit('schedule.saved', { companyId: e.companyId, action: 'update', scheduleId: e.id })
      const due: { id: number; companyId: number }[] = await kernel
        .db(TABLE)
        .where({ status: 'PENDENTE' })
        .where('sendAt', '<=', at)
        .where('sendAt', '>=', oldest)
        .orderBy('sendAt')
        .limit(BATCH)
        .select('id', 'companyId')
      // Read before any transaction: embedded mode has a single database connection.
      const defaults = new Map<number, number | null>()
      for (const d of due)
        if (!defaults.has(d.companyId))
          defaults.set(
            d.companyId,
            await connections()
              .defaultId(d.companyId)
              .catch(() => null),
          )
      const flush = new Map<string, { companyId: number; whatsappId: number }>()
      let sent = 0
      for (const d of due) {
        const whatsappId = await sendOne(d.companyId, d.id, at, defaults.get(d.companyId) ?? null)
        if (!whatsappId) continue
        sent++
        flush.set(`${d.companyId}:${whatsappId}`, { companyId: d.companyId, whatsappId })
      }
      for (const f of flush.values()) messaging()?.flush(f.companyId, f.whatsappId)
      return sent
    },
  }
}

export type Dispatcher = ReturnType<typeof createDispatcher>
