import { PAGE_SIZE, badRequest, pageOffset, type Kernel } from '@atende/sdk'
import type { ContactsService } from '@atende/plugin-contacts/api'
import { scope, type Viewer } from './access.ts'
import { hydrate, type TicketDetail } from './hydrate.ts'
import type { ListQuery } from './schemas.ts'

/** The contact search feeds the list at most this many contacts (contacts' searchIds cap). */
const SEARCH_CONTACTS = 1000
const DAY_MS = 86_400_000
const flag = (v: boolean | string | undefined) => v === true || v === 'true'

/** queueIds arrives as a JSON array string ("[1,2]"), a comma list, or the parameter repeated. */
export function parseQueueIds(raw: ListQuery['queueIds']): number[] | undefined {
  if (raw === undefined) return undefined
  const parts: unknown[] = []
  for (const item of Array.isArray(raw) ? raw : [raw]) {
    const s = item.trim()
    if (!s) continue
    if (s.startsWith('[')) {
      let arr: unknown
      try { arr = JSON.parse(s) } catch { throw badRequest('queueIds', 'queueIds must be a JSON array of ids') }
      if (!Array.isArray(arr)) throw badRequest('queueIds', 'queueIds must be a JSON array of ids')
      parts.push(...arr)
    } else parts.push(...s.split(','))
  }
  const ids = parts.map((p) => Number(p))
  if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw badRequest('queueIds', 'queueIds must hold positive integer ids')
  return [...new Set(ids)]
}

function dayRange(field: string, day: string): [Date, Date] {
  const from = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(from.getTime())) throw badRequest(field, `Invalid date: ${day}`)
  return [from, new Date(from.getTime() + DAY_MS)]
}

/**
 * GET /tickets (core.md §7): the viewer's scope (admins: all), then the filters, newest activity
 * first with the id as tiebreak, 20 per page. `date` bounds the day the ticket was created,
 * `updatedAt` the day of its last activity.
 */
export async function listTickets(kernel: Kernel, v: Viewer, query: ListQuery): Promise<{ tickets: TicketDetail[]; hasMore: boolean }> {
  const queueIds = parseQueueIds(query.queueIds)
  const date = query.date ? dayRange('date', query.date) : undefined
  const updated = query.updatedAt ? dayRange('updatedAt', query.updatedAt) : undefined
  const t = kernel.tenant(v.companyId)
  const q = scope(t('tickets'), v)
  if (query.status) q.where('tickets.status', query.status)
  if (queueIds?.length) q.whereIn('tickets.queueId', queueIds)
  if (flag(query.withUnreadMessages)) q.where('tickets.unreadMessages', '>', 0)
  if (query.contactId) q.where('tickets.contactId', query.contactId)
  if (date) q.where('tickets.createdAt', '>=', date[0]).where('tickets.createdAt', '<', date[1])
  if (updated) q.where('tickets.updatedAt', '>=', updated[0]).where('tickets.updatedAt', '<', updated[1])
  const text = query.searchParam?.trim()
  if (text) {
    const contactIds = await kernel.services.get<ContactsService>('contacts').searchIds(v.companyId, text, SEARCH_CONTACTS)
    if (!contactIds.length) return { tickets: [], hasMore: false }
    q.whereIn('tickets.contactId', contactIds)
  }
  const rows = await q.select('tickets.*')
    .orderBy([{ column: 'tickets.updatedAt', order: 'desc' }, { column: 'tickets.id', order: 'desc' }])
    .limit(PAGE_SIZE + 1).offset(pageOffset(query.pageNumber))
  const hasMore = rows.length > PAGE_SIZE
  return { tickets: await hydrate(kernel, v.companyId, rows.slice(0, PAGE_SIZE)), hasMore }
}
