/**
 * The board's state, pure (no React): the lanes, the cards held (by id, each in every lane it
 * belongs to) and how a lane reads its pages. A lane is two streams of GET /api/tickets pages, the
 * open and the pending tickets (the list takes one status at a time), merged newest first.
 */
import type { ApiTicket, Card, KanbanTag } from './types.ts'

/** The first lane: open and pending tickets carrying no kanban tag ("Em aberto"). */
export const OPEN_LANE = 'open'
export const laneKey = (tagId: number | null) => (tagId == null ? OPEN_LANE : `tag-${tagId}`)
export const laneTagId = (key: string): number | null => (key === OPEN_LANE ? null : Number(key.slice(4)))

export type StreamStatus = 'open' | 'pending'
export const STREAMS: StreamStatus[] = ['open', 'pending']

export interface Stream {
  status: StreamStatus
  /** Pages read (1-based); 0 before the first. */
  page: number
  hasMore: boolean
  /** updatedAt of the last ticket read (the stream's oldest so far). */
  last: string | null
}

export interface LaneState {
  streams: Stream[]
  status: 'loading' | 'ready' | 'error'
  loadingMore: boolean
  moreFailed: boolean
}

export interface BoardState {
  status: 'loading' | 'ready' | 'error'
  tags: KanbanTag[]
  lanes: Record<string, LaneState>
  cards: Record<number, Card>
  /** Cards placed by a move or a live event: shown even beyond the pages a lane has read. */
  pinned: Record<number, true>
}

export const initialBoard = (): BoardState => ({ status: 'loading', tags: [], lanes: {}, cards: {}, pinned: {} })

const freshLane = (): LaneState => ({
  streams: STREAMS.map((status) => ({ status, page: 0, hasMore: true, last: null })),
  status: 'loading',
  loadingMore: false,
  moreFailed: false,
})

export function toCard(t: ApiTicket): Card {
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    queueId: t.queueId,
    lastMessage: t.lastMessage,
    unreadMessages: t.unreadMessages,
    updatedAt: t.updatedAt,
    contactName: t.contact?.name || t.contact?.number || `#${t.id}`,
    contactPicture: t.contact?.profilePicUrl ?? '',
    queue: t.queue ? { name: t.queue.name, color: t.queue.color } : null,
    tagIds: t.tags.map((x) => x.id),
  }
}

export const kanbanIds = (tags: KanbanTag[]) => new Set(tags.map((t) => t.id))

/** Whether the card sits in the lane: open or pending, and the lane's tag (or, for the open lane, no kanban tag). */
export function belongs(card: Card, lane: string, kanban: ReadonlySet<number>): boolean {
  if (card.status === 'closed') return false
  const tagId = laneTagId(lane)
  return tagId == null ? !card.tagIds.some((id) => kanban.has(id)) : card.tagIds.includes(tagId)
}

/**
 * The oldest time the lane may show without a gap: a stream with more pages may still hold tickets
 * newer than what the other stream read, so cards older than its last one wait for its next page.
 */
export function frontier(lane: LaneState | undefined): number {
  if (!lane) return Infinity
  let f = -Infinity
  for (const s of lane.streams) if (s.hasMore) f = Math.max(f, s.last ? Date.parse(s.last) : Infinity)
  return f
}

const newestFirst = (a: Card, b: Card) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id

/** The lane's cards, newest activity first. */
export function laneCards(state: BoardState, lane: string): Card[] {
  const kanban = kanbanIds(state.tags)
  const from = frontier(state.lanes[lane])
  return Object.values(state.cards)
    .filter((c) => belongs(c, lane, kanban) && (state.pinned[c.id] || Date.parse(c.updatedAt) >= from))
    .sort(newestFirst)
}

export const laneHasMore = (lane: LaneState | undefined) => !!lane?.streams.some((s) => s.hasMore)

/**
 * The tag set a move gives the ticket (POST /api/tags/sync replaces it whole): its other tags stay,
 * its kanban tags give way to the target lane's; to the open lane it keeps no kanban tag.
 */
export function retag(tagIds: number[], targetLane: string, kanban: ReadonlySet<number>): number[] {
  const kept = tagIds.filter((id) => !kanban.has(id))
  const target = laneTagId(targetLane)
  return target == null ? kept : [...kept, target]
}

export type BoardAction =
  | { type: 'loading' }
  | { type: 'failed' }
  | { type: 'lanes'; tags: KanbanTag[] }
  | { type: 'tag'; tag: KanbanTag }
  | { type: 'loadingMore'; lane: string }
  | {
      type: 'page'
      lane: string
      results: { status: StreamStatus; page: number; tickets: ApiTicket[]; hasMore: boolean }[]
    }
  | { type: 'pageFailed'; lane: string }
  | { type: 'upsert'; card: Card; pin: boolean }
  | { type: 'patch'; id: number; patch: Partial<Card>; pin: boolean }
  | { type: 'remove'; id: number }

export function boardReducer(s: BoardState, a: BoardAction): BoardState {
  switch (a.type) {
    case 'loading':
      return initialBoard()
    case 'failed':
      return { ...initialBoard(), status: 'error' }
    case 'lanes': {
      const lanes: Record<string, LaneState> = { [OPEN_LANE]: freshLane() }
      for (const t of a.tags) lanes[laneKey(t.id)] = freshLane()
      return { status: 'ready', tags: a.tags, lanes, cards: {}, pinned: {} }
    }
    case 'tag':
      return { ...s, tags: s.tags.map((t) => (t.id === a.tag.id ? { ...t, name: a.tag.name, color: a.tag.color } : t)) }
    case 'loadingMore': {
      const lane = s.lanes[a.lane]
      if (!lane) return s
      return { ...s, lanes: { ...s.lanes, [a.lane]: { ...lane, loadingMore: true, moreFailed: false } } }
    }
    case 'page': {
      const lane = s.lanes[a.lane]
      if (!lane) return s
      const cards = { ...s.cards }
      const streams = lane.streams.map((st) => {
        const r = a.results.find((x) => x.status === st.status)
        if (!r) return st
        for (const t of r.tickets) cards[t.id] = toCard(t)
        const last = r.tickets.length ? r.tickets[r.tickets.length - 1]!.updatedAt : st.last
        return { ...st, page: r.page, hasMore: r.hasMore, last }
      })
      return {
        ...s,
        cards,
        lanes: { ...s.lanes, [a.lane]: { streams, status: 'ready', loadingMore: false, moreFailed: false } },
      }
    }
    case 'pageFailed': {
      const lane = s.lanes[a.lane]
      if (!lane) return s
      const first = lane.streams.every((st) => st.page === 0)
      return {
        ...s,
        lanes: {
          ...s.lanes,
          [a.lane]: first
            ? { ...lane, status: 'error', loadingMore: false }
            : { ...lane, loadingMore: false, moreFailed: true },
        },
      }
    }
    case 'upsert':
      return {
        ...s,
        cards: { ...s.cards, [a.card.id]: a.card },
        pinned: a.pin ? { ...s.pinned, [a.card.id]: true } : s.pinned,
      }
    case 'patch': {
      const card = s.cards[a.id]
      if (!card) return s
      return {
        ...s,
        cards: { ...s.cards, [a.id]: { ...card, ...a.patch } },
        pinned: a.pin ? { ...s.pinned, [a.id]: true } : s.pinned,
      }
    }
    case 'remove': {
      if (!s.cards[a.id]) return s
      const { [a.id]: _gone, ...cards } = s.cards
      return { ...s, cards }
    }
  }
}

/** What the drag announcements read of dnd-kit's active and over (its Active and Over carry more). */
interface DragActive {
  id: string | number
  data: { current?: unknown }
}
interface DragOver {
  id: string | number
}
type Say = (key: string, values: Record<string, string>) => string
/** dnd-kit's Announcements, in the shape it calls them (the board passes them to DndContext). */
export interface DragAnnouncements {
  onDragStart(a: { active: DragActive }): string
  onDragOver(a: { active: DragActive; over: DragOver | null }): string
  onDragEnd(a: { active: DragActive; over: DragOver | null }): string
  onDragCancel(a: { active: DragActive; over: DragOver | null }): string
}

/**
 * What a screen reader hears while a card is dragged (dnd-kit's live region), in the page's
 * language: the customer's name and the lanes' titles instead of dnd-kit's English with internal
 * ids ("Draggable item card-1 was dropped over droppable area tag-2").
 */
export function dragAnnouncements(t: Say, laneTitle: (lane: string) => string): DragAnnouncements {
  const about = (active: DragActive) => {
    const data = active.data.current as { card?: { contactName?: string }; lane?: string } | undefined
    return { name: data?.card?.contactName ?? String(active.id), from: laneTitle(data?.lane ?? OPEN_LANE) }
  }
  const home = (active: DragActive) => (active.data.current as { lane?: string } | undefined)?.lane ?? OPEN_LANE
  return {
    onDragStart: ({ active }) => {
      const { name, from } = about(active)
      return t('kanban.a11y.picked', { name, lane: from })
    },
    onDragOver: ({ active, over }) => {
      const { name } = about(active)
      return over
        ? t('kanban.a11y.over', { name, lane: laneTitle(String(over.id)) })
        : t('kanban.a11y.notOver', { name })
    },
    onDragEnd: ({ active, over }) => {
      const { name, from } = about(active)
      if (!over) return t('kanban.a11y.droppedNowhere', { name, lane: from })
      if (String(over.id) === home(active)) return t('kanban.a11y.stayed', { name, lane: from })
      return t('kanban.a11y.dropped', { name, lane: laneTitle(String(over.id)) })
    },
    onDragCancel: ({ active }) => {
      const { name, from } = about(active)
      return t('kanban.a11y.cancelled', { name, lane: from })
    },
  }
}
