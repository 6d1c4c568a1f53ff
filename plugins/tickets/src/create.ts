import { randomUUID } from 'node:crypto'
import { AppError, badRequest, conflict, type Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { Viewer } from './access.ts'
import type { Attendants } from './attendants.ts'
import { ERR_OTHER_OPEN_TICKET, checkQueue, checkUser } from './transitions.ts'
import { ticketView, withContact } from './views.ts'
import { byId, queuesById, userNames } from './names.ts'
import type { CreateBody } from './schemas.ts'
import type { ConnectionsPort } from './neighbours-api.ts'
import type { TicketRow } from './rows.ts'

/** The connection a new ticket goes through: the one asked for, else the user's own default, else the company's. */
async function connectionFor(
  kernel: Kernel,
  attendants: Attendants,
  v: Viewer,
  asked: number | null | undefined,
): Promise<number> {
  const conns = kernel.services.find<ConnectionsPort>('connections')
  if (asked) {
    if (conns)
      await conns.get(v.companyId, asked).catch(() => {
        throw badRequest('whatsappId', 'Connection not found', 'ERR_NO_WAPP_FOUND')
      })
    return asked
  }
  const mine = (await attendants.list(v.companyId, [v.userId]))[0]?.whatsappId
  const id = mine ?? (await conns?.defaultId?.(v.companyId)) ?? null
  if (!id)
    throw new AppError('ERR_NO_DEF_WAPP_FOUND', 400, 'The company has no connection to start a conversation on', {
      field: 'whatsappId',
    })
  return id
}

/**
 * How long after closing a contact's ticket starting a conversation with them reopens it
 * instead of creating another: a conversation closed by mistake, or
 * picked up again the same afternoon, keeps its history, owner change and all, in one ticket.
 */
export const REOPEN_WINDOW_MS = 2 * 60 * 60 * 1000
export type CreateOutcome = 'TICKET_CREATED' | 'TICKET_REOPENED'

/**
 * POST /tickets (ERR_OTHER_OPEN_TICKET,
 * TICKET_REOPENED): the attendant starts a conversation with a contact. When the contact's latest
 * ticket on that connection was closed within REOPEN_WINDOW_MS it is reopened, the caller's, in the
 * queue asked for (else its own); otherwise a new one is created. The database's one-active-ticket
 * index decides a race; the loser learns whose ticket it is (owner and queue names) so the modal can say so.
 */
export async function createTicket(
  kernel: Kernel,
  attendants: Attendants,
  v: Viewer,
  body: CreateBody,
): Promise<{ row: TicketRow; outcome: CreateOutcome }> {
  const contacts = kernel.services.get<ContactsRef>('contacts')
  const contact = await contacts.get(v.companyId, body.contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 400, 'Contact not found', { field: 'contactId' })
  if (!v.admin && !body.queueId) throw badRequest('queueId', 'Choose a queue', 'ERR_QUEUE_REQUIRED')
  if (body.queueId) {
    await checkQueue(kernel, v.companyId, body.queueId)
    if (!v.admin && !v.queueIds.includes(body.queueId))
      throw badRequest('queueId', 'Not one of your queues', 'ERR_NO_PERMISSION')
  }
  const userId = body.userId ?? v.userId
  if (userId !== v.userId) await checkUser(kernel, v.companyId, userId)
  const whatsappId = await connectionFor(kernel, attendants, v, body.whatsappId)
  const status = body.status ?? 'open'

  const done = await kernel.unitOfWork(v.companyId, async (uow) => {
    const { t, db } = uow
    const latest: TicketRow | undefined = await t('tickets')
      .where({ contactId: contact.id, whatsappId })
      .orderBy('id', 'desc')
      .first()
    if (
      status === 'open' &&
      latest?.status === 'closed' &&
      Date.now() - new Date(latest.updatedAt).getTime() < REOPEN_WINDOW_MS
    ) {
      const [reopened] = await t('tickets')
        .where({ id: latest.id, status: 'closed' })
        .update({ status: 'open', userId, queueId: body.queueId ?? latest.queueId, updatedAt: db.fn.now() })
        .returning('*')
      if (reopened) {
        uow.emit('ticket.updated', {
          companyId: v.companyId,
          ticket: withContact(ticketView(reopened), contact),
          previous: { queueId: latest.queueId, userId: latest.userId },
        })
        return { row: reopened as TicketRow, outcome: 'TICKET_REOPENED' as const }
      }
    }
    const returning = !!latest || !!(await t('tickets').where({ contactId: contact.id }).first('id'))
    const [created] = await t
      .insert('tickets', {
        uuid: randomUUID(),
        contactId: contact.id,
        whatsappId,
        userId: status === 'pending' ? null : userId,
        queueId: body.queueId ?? null,
        status,
        isGroup: contact.isGroup,
        isReturningCustomer: returning,
      })
      .onConflict(db.raw(`("contactId", "whatsappId") WHERE status IN ('open', 'pending')`))
      .ignore()
      .returning('*')
    if (created)
      uow.emit('ticket.updated', { companyId: v.companyId, ticket: withContact(ticketView(created), contact) })
    return created ? { row: created as TicketRow, outcome: 'TICKET_CREATED' as const } : undefined
  })
  // Read outside the transaction (embedded mode has one connection).
  if (!done) throw await otherOpen(kernel, v.companyId, contact.id, whatsappId)
  return done
}

async function otherOpen(kernel: Kernel, companyId: number, contactId: number, whatsappId: number) {
  const t = kernel.tenant(companyId)
  const other: Pick<TicketRow, 'id' | 'userId' | 'queueId' | 'status'> | undefined = await t('tickets')
    .where({ contactId, whatsappId })
    .whereIn('status', ['open', 'pending'])
    .first('id', 'userId', 'queueId', 'status')
  const [users, queues] = await Promise.all([
    userNames(kernel, companyId, [other?.userId]),
    queuesById(kernel, companyId, [other?.queueId]),
  ])
  return conflict(ERR_OTHER_OPEN_TICKET, 'The contact already has an open ticket', {
    extra: {
      ticketId: other?.id ?? null,
      userId: other?.userId ?? null,
      userName: byId(users, other?.userId) ?? null,
      queueName: byId(queues, other?.queueId)?.name ?? null,
      status: other?.status ?? null,
    },
  })
}
