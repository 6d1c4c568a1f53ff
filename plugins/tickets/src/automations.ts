/**
 * Connection-level ticket automations, one repeating job for every company:
 * - expiresTicket (hours): open or pending tickets idle that long are closed, and the customer gets
 *   the connection's expiresInactiveMessage (not groups). ingest.ts still closes such a ticket when
 *   the customer writes first; the job closes it without waiting for them.
 * - timeToTransfer (minutes) with transferQueueId: pending tickets without a queue, not held by the
 *   chatbot (`chatbot` flag), waiting that long since they were created, move to that queue (still
 *   pending, nobody's). The transfer notice follows when sendMsgTransfTicket is on, as for a manual one.
 *
 * Every write is one conditional UPDATE on what the read saw (status, and still past the cutoff):
 * an attendant's move or a customer's message in between bumps updatedAt or changes the status, and
 * wins. Each run takes at most `limit` tickets per company and kind, oldest first, so a backlog
 * drains over runs in short transactions; the indexes are migration 006's.
 */
import type { Knex } from 'knex'
import { renderVariables, type Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { Ticket } from './api.ts'
import type { MessagingRef } from './messaging-api.ts'
import { afterMove } from './auto-messages.ts'
import { ticketView, withContact } from './views.ts'
import { byId, queuesById, userNames } from './names.ts'
import { CLOSED } from './transitions.ts'
import type { TicketRow } from './rows.ts'
import type { ConnectionAutomations, QueuesPort, ConnectionsPort } from './neighbours-api.ts'

export const AUTOMATIONS_JOB = 'tickets.automations'
export const AUTOMATIONS_EVERY_MS = 60_000
export const AUTOMATIONS_LIMIT = 100

type Kind = 'close' | 'transfer'

/** What a run reads of a ticket before its conditional write. */
type Seen = Pick<TicketRow, 'id' | 'status' | 'contactId' | 'queueId' | 'userId'>

export interface AutomationOptions {
  /** Tickets per company and kind in one run. */
  limit?: number
  /** Tests: runs between the read and the conditional write. */
  beforeWrite?: (kind: Kind, companyId: number, ids: number[]) => Promise<void>
}

const ACTIVE = ['open', 'pending']

/** Defines the job and its schedule; the fixed jobId keeps one schedule however many processes add it. */
export async function registerAutomations(kernel: Kernel) {
  kernel.jobs.define(AUTOMATIONS_JOB, async () => {
    await runAutomations(kernel)
  })
  await kernel.jobs.add(AUTOMATIONS_JOB, {}, { jobId: 'tickets-automations', repeat: { every: AUTOMATIONS_EVERY_MS } })
}

/** One pass over every company's connections with an automation set; a failing company does not stop the others. */
export async function runAutomations(kernel: Kernel, now: Date = new Date(), opts: AutomationOptions = {}) {
  const connections = kernel.services.find<ConnectionsPort>('connections')
  if (!connections) return
  const byCompany = new Map<number, ConnectionAutomations[]>()
  for (const c of await connections.withAutomations())
    byCompany.set(c.companyId, [...(byCompany.get(c.companyId) ?? []), c])
  for (const [companyId, list] of byCompany) {
    try {
      await closeIdle(kernel, companyId, list, now, opts)
      await transferWaiting(kernel, companyId, list, now, opts)
    } catch (err) {
      kernel.log.warn({ err, companyId }, 'ticket automations failed for a company')
    }
  }
}

async function closeIdle(
  kernel: Kernel,
  companyId: number,
  list: ConnectionAutomations[],
  now: Date,
  opts: AutomationOptions,
) {
  const t = kernel.tenant(companyId)
  let budget = opts.limit ?? AUTOMATIONS_LIMIT
  for (const conn of list) {
    if (!(conn.expiresTicket > 0) || budget <= 0) continue
    const cutoff = new Date(now.getTime() - conn.expiresTicket * 3_600_000)
    const seen: Seen[] = await t('tickets')
      .where({ whatsappId: conn.id })
      .whereIn('status', ACTIVE)
      .where('updatedAt', '<', cutoff)
      .orderBy([{ column: 'updatedAt' }, { column: 'id' }])
      .limit(budget)
      .select('id', 'status', 'contactId', 'queueId', 'userId')
    if (!seen.length) continue
    budget -= seen.length
    const closed = await write(kernel, companyId, 'close', seen, opts, {
      // Still idle: a message or a move since the read bumped updatedAt.
      where: (q) => q.where('updatedAt', '<', cutoff),
      patch: { ...CLOSED },
    })
    if (conn.expiresInactiveMessage.trim())
      await sendInactive(
        kernel,
        companyId,
        conn,
        closed.filter((r) => !r.isGroup),
      )
  }
}

async function transferWaiting(
  kernel: Kernel,
  companyId: number,
  list: ConnectionAutomations[],
  now: Date,
  opts: AutomationOptions,
) {
  const t = kernel.tenant(companyId)
  const queues = kernel.services.find<QueuesPort>('queues')
  let budget = opts.limit ?? AUTOMATIONS_LIMIT
  for (const conn of list) {
    const queueId = conn.transferQueueId
    if (!(conn.timeToTransfer && conn.timeToTransfer > 0) || !queueId || budget <= 0) continue
    const cutoff = new Date(now.getTime() - conn.timeToTransfer * 60_000)
    const seen: Seen[] = await t('tickets')
      .where({ whatsappId: conn.id, status: 'pending', chatbot: false })
      .whereNull('queueId')
      .where('createdAt', '<', cutoff)
      .orderBy([{ column: 'createdAt' }, { column: 'id' }])
      .limit(budget)
      .select('id', 'status', 'contactId', 'queueId', 'userId')
    if (!seen.length) continue
    // A deleted queue (the connection still naming it) would leave tickets pointing at nothing.
    if (queues && !(await queues.exists(companyId, [queueId]))) {
      kernel.log.warn(
        { companyId, whatsappId: conn.id, transferQueueId: queueId },
        'ticket automations: the transfer queue is gone',
      )
      continue
    }
    budget -= seen.length
    const moved = await write(kernel, companyId, 'transfer', seen, opts, {
      where: (q) => q.where({ chatbot: false }).whereNull('queueId'),
      patch: { queueId, userId: null },
    })
    const before = new Map(seen.map((r) => [r.id as number, r]))
    for (const row of moved) afterMove(kernel, { companyId, move: 'transfer', before: before.get(row.id)!, after: row })
  }
}

/**
 * The conditional UPDATE of what was seen, each ticket on the status it had; `change` adds the
 * kind's own conditions and its patch. Returns the rows it changed, announced after the commit.
 */
async function write(
  kernel: Kernel,
  companyId: number,
  kind: Kind,
  seen: Seen[],
  opts: AutomationOptions,
  change: { where: (q: Knex.QueryBuilder) => Knex.QueryBuilder; patch: Record<string, unknown> },
): Promise<TicketRow[]> {
  // Before the unit of work: embedded mode has one connection, which the transaction holds.
  const contacts = new Map(
    (
      await kernel.services
        .get<ContactsRef>('contacts')
        .byIds(companyId, [...new Set(seen.map((r) => r.contactId as number))])
    ).map((c) => [c.id, c]),
  )
  await opts.beforeWrite?.(
    kind,
    companyId,
    seen.map((r) => r.id),
  )
  const byStatus = new Map<string, number[]>()
  for (const r of seen) byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), r.id])
  const before = new Map(seen.map((r) => [r.id as number, r]))
  return kernel.unitOfWork(companyId, async (uow) => {
    const seenHere = uow.t('tickets').where((w) => {
      for (const [status, ids] of byStatus) w.orWhere((o) => o.where({ status }).whereIn('id', ids))
    })
    const rows: TicketRow[] = await change
      .where(seenHere)
      .update({ ...change.patch, updatedAt: uow.db.fn.now() })
      .returning('*')
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const was = before.get(row.id)!
      const ticket: Ticket = ticketView(row)
      uow.emit('ticket.updated', {
        companyId,
        ticket: withContact(ticket, contacts.get(ticket.contactId)),
        previous: { queueId: was.queueId, userId: was.userId },
      })
    }
    return rows
  })
}

/** After the close committed: the connection's message, with its variables filled; a failed send is logged. */
async function sendInactive(kernel: Kernel, companyId: number, conn: ConnectionAutomations, closed: TicketRow[]) {
  if (!closed.length) return
  const messaging = kernel.services.find<MessagingRef>('messaging')
  if (!messaging) return
  const contacts = new Map(
    (
      await kernel.services.get<ContactsRef>('contacts').byIds(
        companyId,
        closed.map((r) => r.contactId),
      )
    ).map((c) => [c.id, c]),
  )
  const [users, queues] = await Promise.all([
    userNames(
      kernel,
      companyId,
      closed.map((r) => r.userId),
    ),
    queuesById(
      kernel,
      companyId,
      closed.map((r) => r.queueId),
    ),
  ])
  for (const r of closed) {
    const body = renderVariables(conn.expiresInactiveMessage, {
      contactName: contacts.get(r.contactId)?.name ?? '',
      ticketId: r.id,
      ticketCreatedAt: r.createdAt,
      userName: byId(users, r.userId) ?? '',
      queueName: byId(queues, r.queueId)?.name ?? '',
      connectionName: conn.name,
    }).trim()
    if (!body) continue
    try {
      await messaging.send(companyId, r.id, body)
    } catch (err) {
      kernel.log.warn({ err, ticketId: r.id }, 'inactivity message not sent')
    }
  }
}
