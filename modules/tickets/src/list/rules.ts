/**
 * Where a ticket belongs and how the lists are ordered: the
 * same rules GET /tickets applies, so a live frame lands where the next page load would put it.
 * Pure: unit-tested in shell/test/unit/tickets-list.test.ts.
 */
import { dateOf, localDay, timeOf } from '../chat/timeline.ts'
import type { FrameTicket, Ticket, TicketStatus } from '../types.ts'

/** The viewer as the list rules need them (GET /users/me). */
export interface Me {
  id: number
  admin: boolean
  queueIds: number[]
  allTicket: boolean
}

export type ListKey = 'open' | 'pending' | 'closed' | 'search'

/** One list's query: a status tab or the search tab, plus the screen's filters. */
export interface ListView {
  /** undefined: every status (the search tab). */
  status?: TicketStatus
  /** Admins only: everyone's tickets, not just their own. */
  showAll: boolean
  /** Empty: no queue filter. */
  queueIds: number[]
  search: string
  tagIds: number[]
  userIds: number[]
}

export const emptyView = (status?: TicketStatus): ListView => ({
  status,
  showAll: false,
  queueIds: [],
  search: '',
  tagIds: [],
  userIds: [],
})

/** Query parameters of GET /tickets for a view (arrays as JSON, as the API documents). */
export function listParams(view: ListView, pageNumber: number): Record<string, string | number | undefined> {
  return {
    pageNumber,
    status: view.status,
    showAll: view.showAll ? 'true' : undefined,
    searchParam: view.search.trim() || undefined,
    queueIds: view.queueIds.length ? JSON.stringify(view.queueIds) : undefined,
    tags: view.tagIds.length ? JSON.stringify(view.tagIds) : undefined,
    users: view.userIds.length ? JSON.stringify(view.userIds) : undefined,
  }
}

/** The access rule: admins see all; others their own, their queues' and, with allTicket, queueless ones. */
export function canSee(t: Pick<Ticket, 'queueId' | 'userId'>, me: Me): boolean {
  if (me.admin || t.userId === me.id) return true
  if (t.queueId !== null) return me.queueIds.includes(t.queueId)
  return me.allTicket
}

/** A search (text, tags or users) looks through everything the viewer may see. */
const searching = (view: ListView) => !!view.search.trim() || view.tagIds.length > 0 || view.userIds.length > 0

/**
 * Whether the list of `view` shows ticket `t` — GET /tickets' rule: within the access rule, and
 * unless an admin asks for everyone's (showAll) or it is a search, only the viewer's own tickets
 * and the pending ones. Then the queue, user (admins) and tag (all of them) filters. Text search
 * matches message bodies the client never sees, so live frames only refresh search rows already
 * there (see `insertsLive`).
 */
export function belongs(t: FrameTicket, view: ListView, me: Me): boolean {
  if (view.status && t.status !== view.status) return false
  if (!canSee(t, me)) return false
  if (!(me.admin && view.showAll) && !searching(view) && t.userId !== me.id && t.status !== 'pending') return false
  if (view.queueIds.length && (t.queueId === null || !view.queueIds.includes(t.queueId))) return false
  if (me.admin && view.userIds.length && (t.userId === null || !view.userIds.includes(t.userId))) return false
  const tagIds = new Set((t.tags ?? []).map((tag) => tag.id))
  if (view.tagIds.length && !view.tagIds.every((id) => tagIds.has(id))) return false
  return true
}

/** Lists whose membership the client can decide alone; the search tab is the server's call. */
export const insertsLive = (view: ListView) => view.status !== undefined && !view.search.trim()

/** Newest activity first, the id breaking ties (the API's order). */
export function compareTickets(a: Pick<Ticket, 'updatedAt' | 'id'>, b: Pick<Ticket, 'updatedAt' | 'id'>): number {
  const d = Date.parse(b.updatedAt) - Date.parse(a.updatedAt)
  return d !== 0 && !Number.isNaN(d) ? d : b.id - a.id
}

/** A frame's ticket may come without its neighbours (only ids): keep the ones we know while the ids agree. */
export function mergeTicket(known: Ticket | undefined, incoming: Partial<Ticket> & Pick<Ticket, 'id'>): Ticket {
  const base = (known ?? {}) as Ticket
  const merged = { ...base, ...stripUndefined(incoming) } as Ticket
  const keep = <K extends 'queue' | 'user' | 'whatsapp'>(obj: K, idKey: 'queueId' | 'userId' | 'whatsappId') => {
    if (incoming[obj] !== undefined) return
    merged[obj] = (base[obj] && base[obj]!.id === merged[idKey] ? base[obj] : null) as Ticket[K]
  }
  keep('queue', 'queueId')
  keep('user', 'userId')
  keep('whatsapp', 'whatsappId')
  if (incoming.tags === undefined) merged.tags = base.tags ?? []
  if (incoming.contact === undefined || incoming.contact === null)
    merged.contact = base.contact ?? incoming.contact ?? null
  return merged
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v
  return out
}

/** Whether the row can be drawn as it is or GET /tickets/{id} must fill in queue, user, connection or contact. */
export function isComplete(t: Ticket): boolean {
  return (
    (t.queueId === null || t.queue?.id === t.queueId) &&
    (t.userId === null || t.user?.id === t.userId) &&
    (t.whatsappId === null || t.whatsapp?.id === t.whatsappId) &&
    t.contact != null
  )
}

/** The ticket of a new-message frame: it rises to the top with the message's time. */
export function ticketFromMessage(
  frameTicket: FrameTicket,
  messageCreatedAt: string,
  contact: FrameTicket['contact'],
): FrameTicket {
  const updatedAt =
    Date.parse(messageCreatedAt) > Date.parse(frameTicket.updatedAt) ? messageCreatedAt : frameTicket.updatedAt
  return { ...frameTicket, updatedAt, contact: frameTicket.contact ?? contact ?? null }
}

/** Parses the route's ticketId: a positive integer, or null ('undefined', 'null', junk → /tickets). */
export function parseTicketId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null
  const n = Number(raw)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** HH:mm when `iso` is today (local time), dd/MM/yyyy otherwise. */
export function formatTicketTime(iso: string, now: Date = new Date()): string {
  return localDay(iso) === localDay(now.toISOString()) ? timeOf(iso) : dateOf(iso)
}

/** How many tickets have unread customer messages, each counted once across lists. */
export function unreadTickets(lists: Ticket[][]): number {
  const ids = new Set<number>()
  for (const list of lists) for (const t of list) if (t.unreadMessages > 0 && t.status !== 'closed') ids.add(t.id)
  return ids.size
}

/** The page title with the unread count in front: '(3) Atende'. */
export const titleWithUnread = (base: string, unread: number) => (unread > 0 ? `(${unread}) ${base}` : base)

/**
 * Whether a new message should ring: a customer's message on a ticket the viewer's open or
 * pending lists would show, unless it is the ticket on screen while the window has focus.
 */
export function shouldRing(opts: {
  fromMe: boolean
  ticket: FrameTicket
  me: Me
  views: ListView[]
  openTicketId: number | null
  focused: boolean
}): boolean {
  if (opts.fromMe || opts.ticket.status === 'closed') return false
  if (opts.focused && opts.openTicketId === opts.ticket.id) return false
  return opts.views.some((v) => belongs(opts.ticket, v, opts.me))
}

/** The list's tabs: open (with its sub-tabs attending and waiting), closed, search. */
export type TicketsTab = 'open' | 'closed' | 'search'
export type OpenSubTab = 'open' | 'pending'
export interface TabChoice {
  tab: TicketsTab
  sub: OpenSubTab
}
/** Session storage (with `:<userId>` after it): the tab the user picked in this browser tab's session. */
export const TAB_CHOICE_KEY = 'ticketsTab'

/** A stored tab choice, or null when there is none (or it is not one). */
export function parseTabChoice(raw: string | null): TabChoice | null {
  if (!raw) return null
  try {
    const v = JSON.parse(raw) as Partial<TabChoice> | null
    if (!v || !['open', 'closed', 'search'].includes(v.tab as string) || !['open', 'pending'].includes(v.sub as string))
      return null
    return { tab: v.tab as TicketsTab, sub: v.sub as OpenSubTab }
  } catch {
    return null
  }
}

/**
 * The sub-tab to land on when the user has picked none in this session: where the work is —
 * "Aguardando" when nothing of theirs is open but customers they can see wait, "Atendendo"
 * otherwise. Null until both lists have answered (nothing to decide on yet).
 */
export function landingSubTab(
  open: { status: string; items: unknown[]; hasMore: boolean },
  pending: { status: string; items: unknown[] },
): OpenSubTab | null {
  if (open.status !== 'ready' || pending.status !== 'ready') return null
  return open.items.length === 0 && !open.hasMore && pending.items.length > 0 ? 'pending' : 'open'
}
