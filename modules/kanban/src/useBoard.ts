import { useCallback, useEffect, useReducer, useRef } from 'react'
import { isAbortError, isApiError, useApi, useRealtime, useSession } from '@atende/client'
import { belongs, boardReducer, initialBoard, kanbanIds, laneTagId, retag, toCard, type BoardState } from './board.ts'
import type { ApiTicket, Card, KanbanTag, TagFrame, TicketFrame } from './types.ts'

type Page = { tickets: ApiTicket[]; hasMore: boolean }

/**
 * The board: its lanes (GET /api/tags/kanban), each lane's cards a page at a time (GET
 * /api/tickets), kept live by the company's ticket and tag frames, and the move (POST
 * /api/tags/sync), shown at once and undone when the server refuses it.
 */
export function useBoard() {
  const api = useApi()
  const { companyId, isAdmin, isSuper } = useSession()
  const [state, dispatch] = useReducer(boardReducer, undefined, initialBoard)
  const ref = useRef<BoardState>(state)
  ref.current = state
  const busy = useRef(new Set<string>())
  const [generation, reload] = useReducer((n: number) => n + 1, 0)

  // Admins see every ticket of the company (showAll); others the ones the tickets list gives them.
  const showAll = isAdmin || isSuper

  const loadPage = useCallback(
    async (lane: string) => {
      const s = ref.current.lanes[lane]
      if (!s || busy.current.has(lane)) return
      const due = s.streams.filter((st) => st.hasMore)
      if (!due.length) return
      busy.current.add(lane)
      if (s.status === 'ready') dispatch({ type: 'loadingMore', lane })
      const tagId = laneTagId(lane)
      try {
        const results = await Promise.all(
          due.map(async (st) => {
            const page = st.page + 1
            const params: Record<string, unknown> = { status: st.status, pageNumber: page }
            if (showAll) params.showAll = true
            if (tagId != null) params.tags = String(tagId)
            const answer = await api.get<Page>('/tickets', { params })
            return { status: st.status, page, tickets: answer.tickets, hasMore: answer.hasMore }
          }),
        )
        dispatch({ type: 'page', lane, results })
      } catch (err) {
        if (!isAbortError(err)) {
          console.error('[kanban] lane failed', lane, err)
          dispatch({ type: 'pageFailed', lane })
        }
      } finally {
        busy.current.delete(lane)
      }
    },
    [api, showAll],
  )

  // The lanes, then each lane's first page.
  useEffect(() => {
    let alive = true
    dispatch({ type: 'loading' })
    busy.current.clear()
    api.get<KanbanTag[]>('/tags/kanban').then(
      (tags) => {
        if (!alive) return
        dispatch({ type: 'lanes', tags })
      },
      (err) => {
        if (!alive || isAbortError(err)) return
        console.error('[kanban] lanes failed', err)
        dispatch({ type: 'failed' })
      },
    )
    return () => {
      alive = false
    }
  }, [api, generation])

  const lanesKey = state.status === 'ready' ? Object.keys(state.lanes).join(',') : ''
  useEffect(() => {
    if (!lanesKey) return
    for (const lane of lanesKey.split(',')) void loadPage(lane)
  }, [lanesKey, loadPage])

  /** A ticket the board does not hold (or whose queue changed), read under the viewer's rule. */
  const fetchCard = useCallback(
    async (id: number) => {
      try {
        const t = await api.get<ApiTicket>(`/tickets/${id}`)
        if (t.status === 'closed') dispatch({ type: 'remove', id })
        else dispatch({ type: 'upsert', card: toCard(t), pin: true })
      } catch (err) {
        // Not (or no longer) the viewer's to see: off the board.
        if (isApiError(err) && (err.status === 403 || err.status === 404)) dispatch({ type: 'remove', id })
        else if (!isAbortError(err)) console.error('[kanban] ticket refresh failed', id, err)
      }
    },
    [api],
  )

  useRealtime<TicketFrame>(companyId ? `company-${companyId}-ticket` : null, (frame) => {
    if (!frame || typeof frame !== 'object' || ref.current.status !== 'ready') return
    if (frame.action === 'delete') return dispatch({ type: 'remove', id: frame.ticketId })
    const t = frame.ticket
    if (!t) return
    if (t.status === 'closed') return dispatch({ type: 'remove', id: t.id })
    const held = ref.current.cards[t.id]
    if (!held || held.queueId !== t.queueId) return void fetchCard(t.id)
    dispatch({
      type: 'patch',
      id: t.id,
      patch: {
        status: t.status,
        lastMessage: t.lastMessage,
        unreadMessages: t.unreadMessages,
        updatedAt: t.updatedAt,
        ...(t.contact?.name ? { contactName: t.contact.name } : {}),
      },
      pin: false,
    })
  })

  useRealtime<TagFrame>(companyId ? `company-${companyId}-tag` : null, (frame) => {
    if (!frame || typeof frame !== 'object' || ref.current.status !== 'ready') return
    const lanes = kanbanIds(ref.current.tags)
    if (frame.action === 'sync') {
      if (ref.current.cards[frame.ticketId])
        dispatch({ type: 'patch', id: frame.ticketId, patch: { tagIds: frame.tagIds }, pin: true })
      else if (frame.tagIds.some((id) => lanes.has(id))) void fetchCard(frame.ticketId)
      return
    }
    if (frame.action === 'delete') {
      if (lanes.has(frame.tagId)) reload()
      return
    }
    const tag = frame.tag
    if (!tag) return
    const known = ref.current.tags.find((x) => x.id === tag.id)
    // A lane came or went: the board starts over. A renamed or recoloured lane changes in place.
    if (!!known !== (tag.kanban === 1)) reload()
    else if (known && (known.name !== tag.name || known.color !== tag.color)) dispatch({ type: 'tag', tag })
  })

  /** Moves the card to the lane at once; undone (and the error thrown) when the server refuses it. */
  const move = useCallback(
    async (card: Card, lane: string): Promise<void> => {
      const kanban = kanbanIds(ref.current.tags)
      if (belongs(card, lane, kanban)) return
      const before = card.tagIds
      dispatch({ type: 'patch', id: card.id, patch: { tagIds: retag(before, lane, kanban) }, pin: true })
      try {
        // Its tags as they are now (another screen may have changed them), so the others are kept.
        const fresh = await api.get<ApiTicket>(`/tickets/${card.id}`)
        const tags = retag(
          fresh.tags.map((x) => x.id),
          lane,
          kanban,
        )
        const saved = await api.post<{ tags: { id: number }[] }>('/tags/sync', { body: { ticketId: card.id, tags } })
        dispatch({ type: 'patch', id: card.id, patch: { tagIds: saved.tags.map((x) => x.id) }, pin: true })
      } catch (err) {
        dispatch({ type: 'patch', id: card.id, patch: { tagIds: before }, pin: true })
        throw err
      }
    },
    [api],
  )

  return { state, loadPage, reload, move }
}
