import { AppError, assertKnown, conflict, notFound, type Kernel, type OwnerRef } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { TicketStatus } from './api.ts'
import { ERR_NO_TICKET_FOUND, visibleRow, type Viewer } from './access.ts'
import { ticketView, withContact } from './views.ts'
import type { UpdateBody } from './schemas.ts'
import { afterMove, type Move } from './auto-messages.ts'
import type { TicketRow } from './rows.ts'

export const ERR_TICKET_ALREADY_ACCEPTED = 'ERR_TICKET_ALREADY_ACCEPTED'
/** The ticket moved (another attendant) between the caller's read and this write. */
export const ERR_TICKET_STATUS_CHANGED = 'ERR_TICKET_STATUS_CHANGED'
export const ERR_OTHER_OPEN_TICKET = 'ERR_OTHER_OPEN_TICKET'

/** A closed ticket: its integration, prompt and bot are let go. */
export const CLOSED = {
  status: 'closed',
  useIntegration: false,
  integrationId: null,
  promptId: null,
  chatbot: false,
} as const

/**
 * Which move a PUT body asks for, given the ticket's current status. A status
 * the ticket already has is still that move (so it fails the FROM check below): accepting an open
 * ticket is the lost race, never a silent edit.
 */
export function moveOf(current: TicketStatus, body: UpdateBody): Move {
  if (body.status === 'closed') return 'close'
  if (body.queueId !== undefined && body.queueId !== null) return 'transfer'
  if (body.status === 'open') return current === 'closed' ? 'reopen' : 'accept'
  if (body.status === 'pending') return 'return'
  return 'edit'
}

const FROM: Record<Move, TicketStatus[]> = {
  accept: ['pending'],
  return: ['open'],
  close: ['open', 'pending'],
  reopen: ['closed'],
  transfer: ['open', 'pending'],
  edit: ['open', 'pending', 'closed'],
}

/**
 * One move in one transaction: a conditional UPDATE on the status the caller saw, so of two
 * attendants accepting at once exactly one wins (the other's UPDATE finds the row changed: 409).
 * Greeting, transfer, completion and rating messages go out after the commit (auto-messages.ts);
 * `silent` (close without message) sends none.
 */
export async function transition(
  kernel: Kernel,
  v: Viewer,
  id: number,
  body: UpdateBody,
  opts: { silent?: boolean } = {},
) {
  const seen = await visibleRow(kernel, v, { id })
  const move = moveOf(seen.status, body)
  if (!FROM[move].includes(seen.status)) throw refused(move, seen)

  const patch: Record<string, unknown> = {}
  for (const k of ['whatsappId', 'useIntegration', 'promptId', 'integrationId'] as const)
    if (body[k] !== undefined) patch[k] = body[k]
  if (move === 'accept' || move === 'reopen') Object.assign(patch, { status: 'open', userId: v.userId })
  if (move === 'return') Object.assign(patch, { status: 'pending', userId: null })
  if (move === 'close') Object.assign(patch, CLOSED)
  if (move === 'transfer') {
    // To a user (with the queue): theirs, open. To a queue only: waiting in it, nobody's.
    const toUser = body.userId ?? null
    Object.assign(patch, {
      queueId: body.queueId,
      userId: toUser,
      status: body.status ?? (toUser ? 'open' : 'pending'),
    })
  }
  if (move === 'edit' && body.userId !== undefined) patch.userId = body.userId
  if (patch.userId !== undefined && patch.userId !== null && patch.userId !== v.userId)
    await checkUser(kernel, v.companyId, patch.userId as number)
  if (patch.queueId !== undefined && patch.queueId !== null)
    await checkQueue(kernel, v.companyId, patch.queueId as number)
  const owner = (name: 'connections' | 'integrations' | 'prompts') =>
    kernel.services.find<OwnerRef<typeof name>>(name)?.ownedBy
  await assertKnown(v.companyId, patch.whatsappId as number | null | undefined, owner('connections'), {
    field: 'whatsappId',
    code: 'ERR_NO_WAPP_FOUND',
    message: 'Connection not found',
  })
  await assertKnown(v.companyId, patch.integrationId as number | null | undefined, owner('integrations'), {
    field: 'integrationId',
  })
  await assertKnown(v.companyId, patch.promptId as number | null | undefined, owner('prompts'), { field: 'promptId' })

  const moved = await kernel.unitOfWork(v.companyId, async (uow) => {
    let rows: TicketRow[]
    try {
      rows = await uow
        .t('tickets')
        .where({ id, status: seen.status })
        .update({ ...patch, updatedAt: uow.db.fn.now() })
        .returning('*')
    } catch (err) {
      // Reopening while the contact already has an active ticket on the connection (001's unique index).
      if ((err as { code?: string })?.code === '23505')
        throw conflict(ERR_OTHER_OPEN_TICKET, 'The contact already has an open ticket')
      throw err
    }
    if (!rows.length) {
      const now = await uow.t('tickets').where({ id }).first('status', 'userId')
      if (!now) throw notFound(ERR_NO_TICKET_FOUND, 'Ticket not found')
      throw refused(move, now)
    }
    const ticket = ticketView(rows[0])
    const contact = await kernel.services.get<ContactsRef>('contacts').get(v.companyId, ticket.contactId, uow)
    // Where it was: whoever saw it there and not now gets a delete frame (events.ts).
    uow.emit('ticket.updated', {
      companyId: v.companyId,
      ticket: withContact(ticket, contact),
      previous: { queueId: seen.queueId, userId: seen.userId },
    })
    return rows[0]
  })
  afterMove(kernel, { companyId: v.companyId, move, before: seen, after: moved, silent: opts.silent })
  return moved
}

function refused(move: Move, now: Pick<TicketRow, 'status' | 'userId'>) {
  if (move === 'accept' && now.status === 'open')
    return conflict(ERR_TICKET_ALREADY_ACCEPTED, 'Another attendant accepted this ticket first', { userId: now.userId })
  return conflict(ERR_TICKET_STATUS_CHANGED, `A ${now.status} ticket cannot be moved this way (${move}); reload it`)
}

export async function checkUser(kernel: Kernel, companyId: number, userId: number) {
  if (!(await kernel.accounts.members(companyId, [userId])).length)
    throw new AppError('ERR_NO_USER_FOUND', 400, 'User not found', { field: 'userId' })
}

/**
 * The queue is one of the company's, asked of the queues plugin (installed, whether or not the
 * company's plan enables it; not installed: no queue id is valid).
 */
export async function checkQueue(kernel: Kernel, companyId: number, queueId: number) {
  await assertKnown(companyId, queueId, kernel.services.find<OwnerRef<'queues'>>('queues')?.ownedBy, {
    field: 'queueId',
    code: 'ERR_QUEUE_NOT_FOUND',
    message: 'Queue not found',
  })
}

/** DELETE /tickets/{id}: its messages cascade. */
export async function removeTicket(kernel: Kernel, v: Viewer, id: number) {
  await visibleRow(kernel, v, { id })
  const gone = await kernel.tenant(v.companyId)('tickets').where({ id }).delete()
  if (!gone) throw notFound(ERR_NO_TICKET_FOUND, 'Ticket not found')
  await kernel.bus.emit('ticket.deleted', { companyId: v.companyId, ticketId: id })
}
