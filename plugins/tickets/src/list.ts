import type { Knex } from 'knex'
import { PAGE_SIZE, badRequest, pageOffset, type Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import { scope, type Viewer } from './access.ts'
import { hydrate, type TicketDetail } from './hydrate.ts'
import type { CountsQuery, ListQuery } from './schemas.ts'
import type { TagsPort } from './neighbours-api.ts'
import type { TicketRow } from './rows.ts'

const DAY_MS = 86_400_000
const flag = (v: boolean | string | undefined) => v === true || v === 'true'

/** Ids arrive as a JSON array string ("[1,2]"), a comma list, or the parameter repeated. */
export function parseIds(field: string, raw: string | string[] | undefined): number[] | undefined {
  if (raw === undefined) return undefined
  const parts: unknown[] = []
  for (const item of Array.isArray(raw) ? raw : [raw]) {
    const s = item.trim()
    if (!s) continue
    if (s.startsWith('[')) {
      let arr: unknown
      try {
        arr = JSON.parse(s)
      } catch {
        throw badRequest(field, `${field} must be a JSON array of ids`)
      }
      if (!Array.isArray(arr)) throw badRequest(field, `${field} must be a JSON array of ids`)
      parts.push(...arr.map((x) => (x && typeof x === 'object' && 'id' in x ? (x as { id: unknown }).id : x)))
    } else parts.push(...s.split(','))
  }
  const ids = parts.map((p) => Number(p))
  if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw badRequest(field, `${field} must hold positive integer ids`)
  return [...new Set(ids)]
}
export const parseQueueIds = (raw: ListQuery['queueIds']) => parseIds('queueIds', raw)

/** Words of a search as a prefix tsquery ('pedido entre' → 'pedido:* & entre:*'); null when no word is left. */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null
}

function dayRange(field: string, day: string): [Date, Date] {
  const from = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(from.getTime())) throw badRequest(field, `Invalid date: ${day}`)
  return [from, new Date(from.getTime() + DAY_MS)]
}

/**
 * Up to this many tickets whose messages match, they are read from the search index and looked up
 * by id (a rare word); beyond it the word is common and its tickets are found by walking the newest
 * tickets, reading each one's search document (a match comes quickly). bench:tickets chose it.
 */
const SPARSE_MATCHES = 300

/**
 * Searches found common lately (company and words → until when), so the next pages and the other
 * attendants skip the probe. A word's tickets only grow with new messages; should it turn rare (its
 * tickets deleted), the walk still answers right, only slower, until the verdict lapses.
 */
const commonWords = new Map<string, number>()
const COMMON_WORD_MS = 5 * 60_000
const COMMON_WORDS_MAX = 2_000

/**
 * The viewer's tickets under the query's filters, before order and paging, for one status (or
 * none: the search tab). Without showAll (admins only) the open and closed ones are the viewer's
 * own — one indexed range (migration 005) — and the pending ones those in reach; a search (text,
 * tags or users) looks through everything in reach instead. Null when a filter rules everything
 * out; the builder comes wrapped (a bare one is a thenable: awaiting it would run it).
 */
async function filtered(
  kernel: Kernel,
  v: Viewer,
  query: ListQuery,
  status: ListQuery['status'],
): Promise<{ parts: Knex.QueryBuilder[] } | null> {
  const queueIds = parseQueueIds(query.queueIds)
  const tagIds = parseIds('tags', query.tags)
  const userIds = parseIds('users', query.users)
  const date = query.date ? dayRange('date', query.date) : undefined
  const updated = query.updatedAt ? dayRange('updatedAt', query.updatedAt) : undefined
  const text = query.searchParam?.trim()
  const t = kernel.tenant(v.companyId)
  const searching = !!text || !!tagIds?.length || !!userIds?.length
  const ownOnly = !(v.admin && flag(query.showAll)) && !searching
  let q: Knex.QueryBuilder
  if (ownOnly && (status === 'open' || status === 'closed')) q = t('tickets').where('tickets.userId', v.userId)
  else {
    q = scope(t('tickets'), v)
    if (ownOnly && !status) q.where((w) => w.where('tickets.userId', v.userId).orWhere('tickets.status', 'pending'))
  }
  if (status) q.where('tickets.status', status)
  if (queueIds?.length) q.whereIn('tickets.queueId', queueIds)
  if (userIds?.length && v.admin) q.whereIn('tickets.userId', userIds)
  if (flag(query.withUnreadMessages)) q.where('tickets.unreadMessages', '>', 0)
  if (query.contactId) q.where('tickets.contactId', query.contactId)
  if (date) q.where('tickets.createdAt', '>=', date[0]).where('tickets.createdAt', '<', date[1])
  if (updated) q.where('tickets.updatedAt', '>=', updated[0]).where('tickets.updatedAt', '<', updated[1])
  if (tagIds?.length) {
    const tags = kernel.services.find<TagsPort>('tags')
    if (!tags?.ticketIdsWithAll) return null
    q.whereIn('tickets.id', tags.ticketIdsWithAll(v.companyId, tagIds))
  }
  if (text) {
    const contacts = kernel.services.get<ContactsRef>('contacts').searchIdsQuery(v.companyId, text)
    const messages = await messageHits(kernel, v.companyId, text)
    if (!contacts && !messages) return null
    // Two simple reads merged by the caller, each planned on its own: the contacts' tickets and
    // those whose messages match (by id when few, else walked newest first).
    const parts: Knex.QueryBuilder[] = []
    if (contacts) parts.push(q.clone().whereIn('tickets.contactId', contacts))
    if (messages && 'ids' in messages) {
      if (messages.ids.length) parts.push(q.clone().whereIn('tickets.id', messages.ids))
    } else if (messages) parts.push(q.clone().whereIn('tickets.id', messages.sub))
    return parts.length ? { parts } : null
  }
  return { parts: [q] }
}

/**
 * The tickets whose messages hold the words (prefixes), from their search documents (migration
 * 009): their ids when few match (a bitmap read of the index), else a sub-query on ticket_search for
 * the planner to check ticket by ticket as the newest are walked (wrapped: a bare builder is a thenable).
 */
async function messageHits(
  kernel: Kernel,
  companyId: number,
  text: string,
): Promise<{ ids: number[] } | { sub: Knex.QueryBuilder } | null> {
  const words = toPrefixQuery(text)
  if (!words) return null
  const t = kernel.tenant(companyId)
  const matching = () =>
    t('ticket_search').whereRaw(`"ticket_search"."document" @@ to_tsquery('simple', ?)`, [words]).select('ticketId')
  const key = `${companyId}:${words}`
  if ((commonWords.get(key) ?? 0) > Date.now()) return { sub: matching() }
  // MATERIALIZED: planned for every match, so the index is read; with the LIMIT inside, Postgres
  // would rather scan the table until it found enough.
  const { rows }: { rows: { ticketId: number }[] } = await t.knex.raw(
    'WITH hits AS MATERIALIZED ? SELECT "ticketId" FROM hits LIMIT ?',
    [matching(), SPARSE_MATCHES + 1],
  )
  if (rows.length <= SPARSE_MATCHES) return { ids: rows.map((r) => r.ticketId) }
  commonWords.delete(key)
  commonWords.set(key, Date.now() + COMMON_WORD_MS)
  if (commonWords.size > COMMON_WORDS_MAX) commonWords.delete(commonWords.keys().next().value!)
  return { sub: matching() }
}

/**
 * GET /tickets: the viewer's scope (admins: all), then the filters, newest activity
 * first with the id as tiebreak, 20 per page. `date` bounds the day the ticket was created,
 * `updatedAt` the day of its last activity.
 */
export async function listTickets(
  kernel: Kernel,
  v: Viewer,
  query: ListQuery,
): Promise<{ tickets: TicketDetail[]; hasMore: boolean }> {
  const f = await filtered(kernel, v, query, query.status)
  if (!f) return { tickets: [], hasMore: false }
  const offset = pageOffset(query.pageNumber)
  const newestFirst = [
    { column: 'tickets.updatedAt', order: 'desc' },
    { column: 'tickets.id', order: 'desc' },
  ] as const
  let rows: TicketRow[]
  if (f.parts.length === 1)
    rows = await f.parts[0]!.select('tickets.*')
      .orderBy([...newestFirst])
      .limit(PAGE_SIZE + 1)
      .offset(offset)
  else {
    // Each part up to the end of this page, then merged: the same order, each ticket once.
    const lists = await Promise.all(
      f.parts.map((p) =>
        p
          .select('tickets.*')
          .orderBy([...newestFirst])
          .limit(offset + PAGE_SIZE + 1),
      ),
    )
    const byId = new Map<number, TicketRow>()
    for (const list of lists) for (const r of list) byId.set(r.id, r)
    rows = [...byId.values()].sort(newestFirstOrder).slice(offset, offset + PAGE_SIZE + 1)
  }
  const hasMore = rows.length > PAGE_SIZE
  return { tickets: await hydrate(kernel, v.companyId, rows.slice(0, PAGE_SIZE)), hasMore }
}

function newestFirstOrder(a: Pick<TicketRow, 'id' | 'updatedAt'>, b: Pick<TicketRow, 'id' | 'updatedAt'>) {
  return new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || b.id - a.id
}

/** GET /tickets/counts: the open tab's badges under the same rules as the lists (one indexed count each). */
export async function countTickets(
  kernel: Kernel,
  v: Viewer,
  query: CountsQuery,
): Promise<{ open: number; pending: number }> {
  const count = async (status: 'open' | 'pending') => {
    const f = await filtered(kernel, v, query, status)
    if (!f) return 0
    const [first, ...rest] = f.parts.map((p) => p.select('tickets.id'))
    const all = rest.length
      ? kernel.tenant(v.companyId).knex.count({ n: '*' }).from(first!.union(rest).as('u'))
      : first!.clearSelect().count({ n: '*' })
    return Number(((await all.first()) as { n: unknown }).n)
  }
  const [open, pending] = await Promise.all([count('open'), count('pending')])
  return { open, pending }
}
