import { describe, expect, it } from 'vitest'
import type { Ticket } from '../../../modules/tickets/src/types.ts'
import {
  belongs,
  compareTickets,
  emptyView,
  formatTicketTime,
  insertsLive,
  isComplete,
  landingSubTab,
  listParams,
  mergeTicket,
  parseTabChoice,
  parseTicketId,
  shouldRing,
  ticketFromMessage,
  titleWithUnread,
  unreadTickets,
  type ListView,
  type Me,
} from '../../../modules/tickets/src/list/rules.ts'
import {
  applyTicket,
  initialList,
  listsReducer,
  type ListsState,
  type TicketListState,
} from '../../../modules/tickets/src/list/listState.ts'
import {
  clampPanelWidth,
  panelBounds,
  panelWidthForKey,
  readPanelWidth,
} from '../../../modules/tickets/src/list/panel.ts'
import { storedVolume } from '../../../modules/tickets/src/list/sound.ts'

const me: Me = { id: 7, admin: false, queueIds: [1, 2], allTicket: false }
const admin: Me = { id: 1, admin: true, queueIds: [], allTicket: false }

function ticket(p: Partial<Ticket> & { id: number }): Ticket {
  return {
    uuid: `u-${p.id}`,
    companyId: 1,
    contactId: 100 + p.id,
    whatsappId: null,
    userId: null,
    queueId: null,
    status: 'pending',
    isGroup: false,
    chatbot: false,
    lastMessage: '',
    unreadMessages: 0,
    origin: 'whatsapp',
    useIntegration: false,
    integrationId: null,
    promptId: null,
    isReturningCustomer: false,
    amountUsedBotQueues: 0,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    contact: { id: 100 + p.id, name: `C${p.id}`, number: '5511999990000', profilePicUrl: '', isGroup: false },
    queue: null,
    user: null,
    whatsapp: null,
    tags: [],
    ...p,
  }
}
const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 10, min)).toISOString()
const ready = (view: ListView, items: Ticket[], hasMore = false): TicketListState => ({
  ...initialList(view),
  items,
  status: 'ready',
  page: 1,
  hasMore,
})

describe('belongs: which list shows a ticket', () => {
  const open = emptyView('open'),
    pending = emptyView('pending'),
    closed = emptyView('closed')

  it('open and closed lists hold the viewer’s own tickets; admins with showAll see everyone’s', () => {
    const mine = ticket({ id: 1, status: 'open', userId: 7, queueId: 1 })
    const theirs = ticket({ id: 2, status: 'open', userId: 8, queueId: 1 })
    expect(belongs(mine, open, me)).toBe(true)
    expect(belongs(theirs, open, me)).toBe(false)
    expect(belongs(mine, pending, me)).toBe(false)
    expect(belongs(theirs, open, admin)).toBe(false)
    expect(belongs(theirs, { ...open, showAll: true }, admin)).toBe(true)
    // showAll means nothing for a non-admin.
    expect(belongs(theirs, { ...open, showAll: true }, me)).toBe(false)
    expect(belongs(ticket({ id: 3, status: 'closed', userId: 7 }), closed, me)).toBe(true)
  })

  it('pending lists hold tickets in reach: the viewer’s queues, queueless only with allTicket', () => {
    expect(belongs(ticket({ id: 1, queueId: 2 }), pending, me)).toBe(true)
    expect(belongs(ticket({ id: 2, queueId: 3 }), pending, me)).toBe(false)
    expect(belongs(ticket({ id: 3 }), pending, me)).toBe(false)
    expect(belongs(ticket({ id: 3 }), pending, { ...me, allTicket: true })).toBe(true)
    // Admins reach every pending ticket.
    expect(belongs(ticket({ id: 4, queueId: 3 }), pending, admin)).toBe(true)
  })

  it('applies the queue, user and tag filters', () => {
    const tk = ticket({ id: 1, status: 'open', userId: 7, queueId: 2, tags: [{ id: 5, name: 'vip', color: '#f00' }] })
    expect(belongs(tk, { ...open, queueIds: [2] }, me)).toBe(true)
    expect(belongs(tk, { ...open, queueIds: [1] }, me)).toBe(false)
    expect(belongs(ticket({ id: 2, status: 'open', userId: 7 }), { ...open, queueIds: [1] }, me)).toBe(false)
    const search = emptyView()
    expect(belongs(tk, { ...search, tagIds: [5] }, me)).toBe(true)
    expect(belongs(tk, { ...search, tagIds: [6] }, me)).toBe(false)
    // Tickets with all the chosen tags.
    expect(belongs(tk, { ...search, tagIds: [5, 6] }, me)).toBe(false)
    // The user filter is the admins'; the server ignores it for others.
    expect(belongs(tk, { ...search, userIds: [7] }, admin)).toBe(true)
    expect(belongs(tk, { ...search, userIds: [8] }, admin)).toBe(false)
    expect(belongs(tk, { ...search, userIds: [8] }, me)).toBe(true)
  })

  it('a search looks through everything in reach, not only the viewer’s own', () => {
    const theirs = ticket({
      id: 1,
      status: 'open',
      userId: 8,
      queueId: 1,
      tags: [{ id: 5, name: 'vip', color: '#f00' }],
    })
    expect(belongs(theirs, emptyView(), me)).toBe(false)
    expect(belongs(theirs, { ...emptyView(), tagIds: [5] }, me)).toBe(true)
    expect(belongs({ ...theirs, queueId: 3 }, { ...emptyView(), tagIds: [5] }, me)).toBe(false)
  })

  it('only status lists without search text take new tickets live', () => {
    expect(insertsLive(emptyView('open'))).toBe(true)
    expect(insertsLive(emptyView())).toBe(false)
  })

  it('sends the filters as the API reads them', () => {
    expect(listParams({ ...emptyView('open'), showAll: true, queueIds: [1, 2] }, 2)).toEqual({
      pageNumber: 2,
      status: 'open',
      showAll: 'true',
      searchParam: undefined,
      queueIds: '[1,2]',
      tags: undefined,
      users: undefined,
    })
    expect(listParams({ ...emptyView(), search: '  maria ', tagIds: [3], userIds: [4] }, 1)).toMatchObject({
      searchParam: 'maria',
      tags: '[3]',
      users: '[4]',
      status: undefined,
    })
  })
})

describe('ordering and merging frames', () => {
  it('orders by last activity, newest first, the id breaking ties', () => {
    const list = [
      ticket({ id: 1, updatedAt: at(1) }),
      ticket({ id: 3, updatedAt: at(5) }),
      ticket({ id: 2, updatedAt: at(5) }),
    ]
    expect(list.sort(compareTickets).map((x) => x.id)).toEqual([3, 2, 1])
  })

  it('keeps the neighbours a frame leaves out while their ids agree, and drops stale ones', () => {
    const known = ticket({
      id: 1,
      queueId: 2,
      queue: { id: 2, name: 'Vendas', color: '#0f0' },
      userId: 7,
      user: { id: 7, name: 'Ana' },
      tags: [{ id: 5, name: 'vip', color: '#f00' }],
    })
    const frame = { ...known, unreadMessages: 3 } as Partial<Ticket> & { id: number }
    delete frame.queue
    delete frame.user
    delete frame.tags
    delete frame.whatsapp
    const merged = mergeTicket(known, frame)
    expect(merged.unreadMessages).toBe(3)
    expect(merged.queue?.name).toBe('Vendas')
    expect(merged.tags).toHaveLength(1)
    expect(isComplete(merged)).toBe(true)
    const moved = mergeTicket(known, { ...frame, queueId: 9 })
    expect(moved.queue).toBeNull()
    expect(isComplete(moved)).toBe(false)
    // Unknown ticket from a bare frame: to be fetched.
    expect(isComplete(mergeTicket(undefined, { ...frame, userId: 8 }))).toBe(false)
  })

  it('a new message lifts the ticket to the message’s time', () => {
    const tk = ticket({ id: 1, updatedAt: at(1) })
    expect(ticketFromMessage(tk, at(9), null).updatedAt).toBe(at(9))
    expect(ticketFromMessage(tk, at(0), null).updatedAt).toBe(at(1))
  })
})

describe('lists state', () => {
  const openView = emptyView('open'),
    pendingView = emptyView('pending')

  it('moves an accepted ticket from pending to open in one step, at the top', () => {
    const waiting = ticket({ id: 1, queueId: 1, updatedAt: at(1) })
    const state: ListsState = {
      open: ready(openView, [ticket({ id: 2, status: 'open', userId: 7, updatedAt: at(3) })]),
      pending: ready(pendingView, [waiting]),
      closed: initialList(emptyView('closed')),
      search: initialList(emptyView()),
    }
    const next = listsReducer(state, {
      type: 'ticket',
      ticket: { ...waiting, status: 'open', userId: 7, updatedAt: at(5) },
      me,
    })
    expect(next.pending.items).toEqual([])
    expect(next.open.items.map((x) => x.id)).toEqual([1, 2])
    // Lists not loaded yet are left alone.
    expect(next.closed).toBe(state.closed)
  })

  it('re-sorts on a new message and leaves a ticket older than the loaded pages for later', () => {
    const s = ready(
      pendingView,
      [ticket({ id: 1, queueId: 1, updatedAt: at(5) }), ticket({ id: 2, queueId: 1, updatedAt: at(3) })],
      true,
    )
    const bumped = applyTicket(s, ticket({ id: 2, queueId: 1, updatedAt: at(9), unreadMessages: 2 }), me)
    expect(bumped.items.map((x) => [x.id, x.unreadMessages])).toEqual([
      [2, 2],
      [1, 0],
    ])
    expect(applyTicket(s, ticket({ id: 3, queueId: 1, updatedAt: at(0) }), me)).toBe(s)
    expect(applyTicket(s, ticket({ id: 3, queueId: 1, updatedAt: at(4) }), me).items.map((x) => x.id)).toEqual([
      1, 3, 2,
    ])
    // Outside the viewer's queues: not added.
    expect(applyTicket(s, ticket({ id: 4, queueId: 3, updatedAt: at(8) }), me)).toBe(s)
  })

  it('search results are updated in place but never joined live', () => {
    const search = { ...emptyView(), search: 'maria' }
    const s = ready(search, [ticket({ id: 1, status: 'pending', queueId: 1 })])
    const moved = applyTicket(s, ticket({ id: 1, status: 'open', userId: 9, queueId: 1 }), me)
    expect(moved.items[0]!.status).toBe('open')
    expect(applyTicket(s, ticket({ id: 2, queueId: 1 }), me)).toBe(s)
    // A tag filter the ticket no longer meets drops it.
    const tagged = ready({ ...search, tagIds: [5] }, [ticket({ id: 1, tags: [{ id: 5, name: 'x', color: '#000' }] })])
    expect(applyTicket(tagged, ticket({ id: 1, tags: [] }), me).items).toEqual([])
  })

  it('appends pages without duplicates, removes deleted tickets and updates contacts', () => {
    let state: ListsState = {
      open: initialList(openView),
      pending: initialList(pendingView),
      closed: initialList(emptyView('closed')),
      search: initialList(emptyView()),
    }
    state = listsReducer(state, { type: 'loading', key: 'open' })
    state = listsReducer(state, {
      type: 'loaded',
      key: 'open',
      page: 1,
      items: [ticket({ id: 1, status: 'open' }), ticket({ id: 2, status: 'open' })],
      hasMore: true,
    })
    state = listsReducer(state, {
      type: 'loaded',
      key: 'open',
      page: 2,
      items: [ticket({ id: 2, status: 'open' }), ticket({ id: 3, status: 'open' })],
      hasMore: false,
    })
    expect(state.open.items.map((x) => x.id)).toEqual([1, 2, 3])
    state = listsReducer(state, { type: 'remove', ticketId: 2 })
    expect(state.open.items.map((x) => x.id)).toEqual([1, 3])
    state = listsReducer(state, { type: 'contact', contact: { id: 101, name: 'Maria' } })
    expect(state.open.items[0]!.contact?.name).toBe('Maria')
    expect(state.open.items[0]!.contact?.number).toBe('5511999990000')
    const failed = listsReducer(state, { type: 'failed', key: 'open', page: 2 })
    expect(failed.open.moreFailed).toBe(true)
    expect(listsReducer(state, { type: 'failed', key: 'open', page: 1 }).open.status).toBe('error')
  })
})

describe('small rules of the screen', () => {
  it('accepts only positive integer ticket ids in the route', () => {
    expect(parseTicketId('12')).toBe(12)
    for (const bad of [undefined, '', 'undefined', 'null', '0', '-1', '1.5', '12abc', 'e3'])
      expect(parseTicketId(bad)).toBeNull()
  })

  it('shows HH:mm for today and dd/MM/yyyy otherwise', () => {
    const now = new Date(2026, 4, 10, 18, 0)
    expect(formatTicketTime(new Date(2026, 4, 10, 9, 5).toISOString(), now)).toBe('09:05')
    expect(formatTicketTime(new Date(2026, 4, 9, 23, 59).toISOString(), now)).toBe('09/05/2026')
    expect(formatTicketTime('nope', now)).toBe('')
  })

  it('counts unread tickets once and puts the count in the title', () => {
    const a = ticket({ id: 1, unreadMessages: 2 }),
      b = ticket({ id: 2, unreadMessages: 0 }),
      c = ticket({ id: 3, status: 'open', unreadMessages: 1 })
    expect(
      unreadTickets([
        [a, b],
        [a, c],
      ]),
    ).toBe(2)
    expect(titleWithUnread('Atende', 3)).toBe('(3) Atende')
    expect(titleWithUnread('Atende', 0)).toBe('Atende')
  })

  it('rings for a customer’s message on a ticket the viewer works on, not the one on screen with focus', () => {
    const views = [emptyView('open'), emptyView('pending')]
    const tk = ticket({ id: 1, queueId: 1 })
    const base = { fromMe: false, ticket: tk, me, views, openTicketId: null, focused: true }
    expect(shouldRing(base)).toBe(true)
    expect(shouldRing({ ...base, fromMe: true })).toBe(false)
    expect(shouldRing({ ...base, openTicketId: 1 })).toBe(false)
    expect(shouldRing({ ...base, openTicketId: 1, focused: false })).toBe(true)
    expect(shouldRing({ ...base, ticket: ticket({ id: 2, queueId: 3 }) })).toBe(false)
  })

  it('lands on "Aguardando" when nothing of the user\'s is open but customers wait, once both lists answered', () => {
    const list = (status: TicketListState['status'], n: number, hasMore = false) => ({
      ...initialList(emptyView('open')),
      status,
      hasMore,
      items: Array.from({ length: n }, (_, i) => ticket({ id: i + 1 })),
    })
    expect(landingSubTab(list('ready', 0), list('ready', 2))).toBe('pending')
    expect(landingSubTab(list('ready', 1), list('ready', 2))).toBe('open')
    expect(landingSubTab(list('ready', 0), list('ready', 0))).toBe('open')
    // More pages of open tickets: there is work open.
    expect(landingSubTab(list('ready', 0, true), list('ready', 2))).toBe('open')
    expect(landingSubTab(list('loading', 0), list('ready', 2))).toBeNull()
    expect(landingSubTab(list('ready', 0), list('loading', 0))).toBeNull()
    expect(landingSubTab(list('error', 0), list('ready', 2))).toBeNull()
  })

  it('reads the tab the user picked in this session, or none', () => {
    expect(parseTabChoice(JSON.stringify({ tab: 'open', sub: 'pending' }))).toEqual({ tab: 'open', sub: 'pending' })
    expect(parseTabChoice(JSON.stringify({ tab: 'closed', sub: 'open' }))).toEqual({ tab: 'closed', sub: 'open' })
    expect(parseTabChoice(null)).toBeNull()
    expect(parseTabChoice('junk')).toBeNull()
    expect(parseTabChoice('null')).toBeNull()
    expect(parseTabChoice(JSON.stringify({ tab: 'kanban', sub: 'open' }))).toBeNull()
    expect(parseTabChoice(JSON.stringify({ tab: 'open', sub: 'closed' }))).toBeNull()
  })

  it('reads the stored volume (default 1, clamped)', () => {
    expect(storedVolume(null)).toBe(1)
    expect(storedVolume('0.3')).toBe(0.3)
    expect(storedVolume('7')).toBe(1)
    expect(storedVolume('x')).toBe(1)
  })

  it('clamps the panel width by the window width and moves it with keys', () => {
    expect(panelBounds(1400)).toEqual([25, 65])
    expect(panelBounds(1000)).toEqual([30, 60])
    expect(panelBounds(700)).toEqual([35, 55])
    expect(readPanelWidth(null, 1400)).toBe(33)
    expect(readPanelWidth('junk', 1400)).toBe(33)
    expect(readPanelWidth('80', 1400)).toBe(65)
    expect(readPanelWidth('20', 1000)).toBe(30)
    expect(clampPanelWidth(40, 1000)).toBe(40)
    expect(panelWidthForKey(40, 'ArrowRight', false, 1400)).toBe(41)
    expect(panelWidthForKey(40, 'ArrowLeft', true, 1400)).toBe(35)
    expect(panelWidthForKey(40, 'Home', false, 1400)).toBe(25)
    expect(panelWidthForKey(40, 'x', false, 1400)).toBeNull()
  })
})
