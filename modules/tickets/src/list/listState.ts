/**
 * The four lists of the screen (open, pending, closed, search) as one pure state machine: pages
 * append, and a live ticket is applied to every list at once — joining the lists it now belongs
 * to, leaving the others — so a ticket accepted elsewhere moves from pending to open in one step.
 */
import type { Ticket } from '../types.ts'
import { belongs, compareTickets, insertsLive, type ListKey, type ListView, type Me } from './rules.ts'

export interface TicketListState {
  view: ListView
  items: Ticket[]
  /** Last page loaded (1-based); 0 before the first answer. */
  page: number
  hasMore: boolean
  /** idle: not asked yet (a tab never opened). */
  status: 'idle' | 'loading' | 'ready' | 'error'
  loadingMore: boolean
  moreFailed: boolean
}

export type ListsState = Record<ListKey, TicketListState>

export type ListsAction =
  | { type: 'view'; key: ListKey; view: ListView }
  | { type: 'loading'; key: ListKey }
  | { type: 'loadingMore'; key: ListKey }
  | { type: 'loaded'; key: ListKey; page: number; items: Ticket[]; hasMore: boolean }
  | { type: 'failed'; key: ListKey; page: number }
  | { type: 'ticket'; ticket: Ticket; me: Me }
  | { type: 'remove'; ticketId: number }
  | { type: 'contact'; contact: { id: number } & Partial<NonNullable<Ticket['contact']>> }

export const initialList = (view: ListView): TicketListState => ({
  view,
  items: [],
  page: 0,
  hasMore: false,
  status: 'idle',
  loadingMore: false,
  moreFailed: false,
})

/** One list after a live ticket: replaced in place, moved, dropped or added where the server would put it. */
export function applyTicket(s: TicketListState, ticket: Ticket, me: Me): TicketListState {
  const i = s.items.findIndex((x) => x.id === ticket.id)
  const fits = belongs(ticket, s.view, me)
  if (i >= 0) {
    // The search tab keeps its rows while their status changes: it is a search, not a status list.
    const stays = s.view.status ? fits : stillMatchesSearch(ticket, s.view, me)
    if (!stays) return { ...s, items: s.items.filter((x) => x.id !== ticket.id) }
    const items = s.items.slice()
    items[i] = ticket
    return { ...s, items: items.sort(compareTickets) }
  }
  if (s.status !== 'ready' || !fits || !insertsLive(s.view)) return s
  const last = s.items[s.items.length - 1]
  // Older than every loaded row while more pages exist: it arrives with a later page.
  if (s.hasMore && last && compareTickets(ticket, last) > 0) return s
  return { ...s, items: [...s.items, ticket].sort(compareTickets) }
}

/** A search row stays while the filters the client can check (tags, users, queues) still hold. */
function stillMatchesSearch(t: Ticket, view: ListView, me: Me): boolean {
  return belongs(t, { ...view, status: undefined, showAll: true }, { ...me, admin: true })
}

export function findTicket(state: ListsState, id: number): Ticket | undefined {
  for (const key of Object.keys(state) as ListKey[]) {
    const t = state[key].items.find((x) => x.id === id)
    if (t) return t
  }
  return undefined
}

const mapLists = (state: ListsState, fn: (s: TicketListState) => TicketListState): ListsState => {
  let changed = false
  const next = { ...state }
  for (const key of Object.keys(state) as ListKey[]) {
    const s = fn(state[key])
    if (s !== state[key]) {
      next[key] = s
      changed = true
    }
  }
  return changed ? next : state
}

export function listsReducer(state: ListsState, a: ListsAction): ListsState {
  switch (a.type) {
    case 'view':
      return { ...state, [a.key]: initialList(a.view) }
    case 'loading':
      return { ...state, [a.key]: { ...initialList(state[a.key].view), status: 'loading' } }
    case 'loadingMore':
      return { ...state, [a.key]: { ...state[a.key], loadingMore: true, moreFailed: false } }
    case 'failed': {
      const s = state[a.key]
      return {
        ...state,
        [a.key]:
          a.page === 1 ? { ...initialList(s.view), status: 'error' } : { ...s, loadingMore: false, moreFailed: true },
      }
    }
    case 'loaded': {
      const s = state[a.key]
      // Pages are offsets: a ticket that rose meanwhile may come again on the next page.
      const seen = new Set(a.page === 1 ? [] : s.items.map((x) => x.id))
      const fresh = a.items.filter((x) => !seen.has(x.id))
      const items = a.page === 1 ? fresh : [...s.items, ...fresh]
      return {
        ...state,
        [a.key]: {
          ...s,
          items,
          page: a.page,
          hasMore: a.hasMore,
          status: 'ready',
          loadingMore: false,
          moreFailed: false,
        },
      }
    }
    case 'ticket':
      return mapLists(state, (s) => applyTicket(s, a.ticket, a.me))
    case 'remove':
      return mapLists(state, (s) =>
        s.items.some((x) => x.id === a.ticketId) ? { ...s, items: s.items.filter((x) => x.id !== a.ticketId) } : s,
      )
    case 'contact':
      return mapLists(state, (s) => {
        if (!s.items.some((x) => x.contactId === a.contact.id)) return s
        return {
          ...s,
          items: s.items.map((x) =>
            x.contactId === a.contact.id && x.contact
              ? { ...x, contact: { ...x.contact, ...pickContact(a.contact) } }
              : x,
          ),
        }
      })
  }
}

function pickContact(c: Partial<NonNullable<Ticket['contact']>>): Partial<NonNullable<Ticket['contact']>> {
  const out: Partial<NonNullable<Ticket['contact']>> = {}
  if (c.name !== undefined) out.name = c.name
  if (c.number !== undefined) out.number = c.number
  if (c.profilePicUrl !== undefined) out.profilePicUrl = c.profilePicUrl
  if (c.isGroup !== undefined) out.isGroup = c.isGroup
  return out
}
