import type { Knex } from 'knex'
import { AppError, ErrorCodes, notFound, type Kernel } from '@atende/sdk'
import type { Ticket } from './api.ts'
import type { TicketRow } from './rows.ts'
import type { Attendants } from './attendants.ts'

export const ERR_NO_TICKET_FOUND = 'ERR_NO_TICKET_FOUND'

/** Who is looking, as the access rule needs it. */
export interface Viewer {
  userId: number
  companyId: number
  admin: boolean
  /** The attendant's allTicket: queueless tickets are visible too. */
  allTicket: boolean
  queueIds: number[]
}

/** The caller's role (kernel.accounts) and queues (attendants), both cached per company: read on every tickets request. */
export async function loadViewer(
  kernel: Kernel,
  attendants: Attendants,
  auth: { userId: number; companyId: number; profile: string; super?: boolean },
): Promise<Viewer> {
  const [[user], [me]] = await Promise.all([
    kernel.accounts.members(auth.companyId, [auth.userId]),
    attendants.list(auth.companyId, [auth.userId]),
  ])
  return {
    userId: auth.userId,
    companyId: auth.companyId,
    admin: (user?.profile ?? auth.profile) === 'admin' || !!auth.super,
    allTicket: !!me?.allTicket,
    queueIds: me?.queueIds ?? [],
  }
}

export function canSee(v: Viewer, ticket: Pick<Ticket, 'queueId' | 'userId'>): boolean {
  if (v.admin) return true
  if (ticket.userId === v.userId) return true
  if (ticket.queueId !== null) return v.queueIds.includes(ticket.queueId)
  return v.allTicket
}

/** The same rule as a WHERE clause, for lists. */
export function scope(q: Knex.QueryBuilder, v: Viewer): Knex.QueryBuilder {
  if (v.admin) return q
  return q.where((w) => {
    w.where('tickets.userId', v.userId)
    if (v.queueIds.length) w.orWhereIn('tickets.queueId', v.queueIds)
    if (v.allTicket) w.orWhereNull('tickets.queueId')
  })
}

export const noPermission = () => new AppError(ErrorCodes.NO_PERMISSION, 403, 'Acesso não permitido')

/** A ticket row the viewer may see: 404 when absent (or another company's), 403 when outside the rule. */
export async function visibleRow(
  kernel: Kernel,
  v: Viewer,
  where: { id: number } | { uuid: string },
): Promise<TicketRow> {
  const row: TicketRow | undefined = await kernel.tenant(v.companyId)('tickets').where(where).first()
  if (!row) throw notFound(ERR_NO_TICKET_FOUND, 'Ticket not found')
  if (!canSee(v, row)) throw noPermission()
  return row
}
