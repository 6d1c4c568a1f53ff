import { useCallback, useEffect, useReducer, useRef } from 'react'
import { isAbortError, useApi, useRealtime } from '@atende/client'
import type { FrameTicket, MessageFrame, Ticket, TicketFrame } from '../types.ts'
import type { ContactFrame } from '@atende/plugin-contacts/api'
import { findTicket, initialList, listsReducer, type ListsState } from './listState.ts'
import {
  isComplete,
  listParams,
  mergeTicket,
  ticketFromMessage,
  type ListKey,
  type ListView,
  type Me,
} from './rules.ts'

const KEYS: ListKey[] = ['open', 'pending', 'closed', 'search']

export interface TicketListsOptions {
  companyId: number | null
  me: Me | null
  views: Record<ListKey, ListView>
  /** Lists that load now; open and pending always do (the title's unread count and the sound read them). */
  enabled: ListKey[]
}

/**
 * The screen's four ticket lists: pages from GET /tickets and live frames (ticket, appMessage,
 * contact) applied to all of them at once. A frame's ticket lacking its queue, user or connection
 * is completed with GET /tickets/{id} (one request per ticket at a time).
 */
export function useTicketLists({ companyId, me, views, enabled }: TicketListsOptions) {
  const api = useApi()
  const [state, dispatch] = useReducer(listsReducer, views, (v): ListsState => ({
    open: initialList(v.open),
    pending: initialList(v.pending),
    closed: initialList(v.closed),
    search: initialList(v.search),
  }))
  const stateRef = useRef(state)
  stateRef.current = state
  const meRef = useRef(me)
  meRef.current = me
  const inflight = useRef<Partial<Record<ListKey, AbortController>>>({})
  const fetching = useRef(new Map<number, Promise<void>>())

  const fetchPage = useCallback(
    (key: ListKey, view: ListView, page: number) => {
      inflight.current[key]?.abort()
      const ctrl = new AbortController()
      inflight.current[key] = ctrl
      dispatch(page === 1 ? { type: 'loading', key } : { type: 'loadingMore', key })
      api
        .get<{ tickets: Ticket[]; hasMore: boolean }>('/tickets', {
          params: listParams(view, page),
          signal: ctrl.signal,
        })
        .then((r) => {
          if (!ctrl.signal.aborted) dispatch({ type: 'loaded', key, page, items: r.tickets, hasMore: r.hasMore })
        })
        .catch((err) => {
          if (ctrl.signal.aborted || isAbortError(err)) return
          console.error(`[tickets] ${key} list failed`, err)
          dispatch({ type: 'failed', key, page })
        })
        .finally(() => {
          if (inflight.current[key] === ctrl) delete inflight.current[key]
        })
    },
    [api],
  )

  // A changed view starts its list over (by value: a new object with the same filters is no change).
  const viewsKey = JSON.stringify(views)
  useEffect(() => {
    const next = JSON.parse(viewsKey) as Record<ListKey, ListView>
    for (const key of KEYS) {
      if (JSON.stringify(stateRef.current[key].view) !== JSON.stringify(next[key])) {
        inflight.current[key]?.abort()
        delete inflight.current[key]
        dispatch({ type: 'view', key, view: next[key] })
      }
    }
  }, [viewsKey])

  const enabledKey = enabled.join(',')
  useEffect(() => {
    for (const key of enabledKey.split(',') as ListKey[]) {
      const s = state[key]
      if (s && s.status === 'idle' && !inflight.current[key]) fetchPage(key, s.view, 1)
    }
  }, [state, enabledKey, fetchPage])

  const loadMore = useCallback(
    (key: ListKey) => {
      const s = stateRef.current[key]
      if (s.status !== 'ready' || !s.hasMore || s.loadingMore || inflight.current[key]) return
      fetchPage(key, s.view, s.page + 1)
    },
    [fetchPage],
  )

  const reload = useCallback((key: ListKey) => fetchPage(key, stateRef.current[key].view, 1), [fetchPage])

  /** Applies a ticket (an action's answer or a frame) to every list. */
  const upsert = useCallback((ticket: Ticket) => {
    if (meRef.current) dispatch({ type: 'ticket', ticket, me: meRef.current })
  }, [])
  const remove = useCallback((ticketId: number) => dispatch({ type: 'remove', ticketId }), [])

  /** Merges what a frame says with what we know, completing it from the API when needed. */
  const receive = useCallback(
    (incoming: FrameTicket) => {
      const merged = mergeTicket(findTicket(stateRef.current, incoming.id), incoming)
      if (isComplete(merged)) {
        upsert(merged)
        return
      }
      if (fetching.current.has(incoming.id)) return
      const p = api
        .get<Ticket>(`/tickets/${incoming.id}`)
        // Asked after the frame: the answer is at least as fresh as the frame.
        .then((full) =>
          upsert({ ...full, contact: full.contact ?? merged.contact, tags: full.tags ?? merged.tags ?? [] }),
        )
        .catch((err) => {
          // 403/404: it is no longer ours to see.
          if (!isAbortError(err)) remove(incoming.id)
        })
        .finally(() => fetching.current.delete(incoming.id))
      fetching.current.set(incoming.id, p)
    },
    [api, upsert, remove],
  )

  const prefix = companyId ? `company-${companyId}` : null
  useRealtime<TicketFrame>(prefix && `${prefix}-ticket`, (f) => {
    if (f.action === 'delete') remove(f.ticketId)
    else if (f.action === 'update' && f.ticket) receive(f.ticket)
  })
  useRealtime<MessageFrame>(prefix && `${prefix}-appMessage`, (f) => {
    if (f.action !== 'create' || !f.ticket) return
    receive(ticketFromMessage(f.ticket, f.message.createdAt, f.contact))
  })
  useRealtime<ContactFrame>(prefix && `${prefix}-contact`, (f) => {
    if ((f.action === 'create' || f.action === 'update') && f.contact) dispatch({ type: 'contact', contact: f.contact })
  })

  return { state, loadMore, reload, upsert, remove }
}
