import { useCallback, useEffect, useReducer, useRef } from 'react'
import { isAbortError, useApi, useRealtime, useSession } from '@atende/client'

/** The spec's page answer: `{ <key>: T[], hasMore, count? }`. */
type PageAnswer = Record<string, unknown> & { hasMore: boolean; count?: number }

export interface PagedListState<T> {
  items: T[]
  /** Last page loaded (1-based); 0 before the first answer. */
  page: number
  hasMore: boolean
  /** The server's total for the search, kept in step with live changes. */
  count: number
  status: 'loading' | 'ready' | 'error'
  loadingMore: boolean
  moreFailed: boolean
  /**
   * Rows counted live that sort beyond the loaded pages (they arrive with a later page): kept so the
   * same row seen twice (the save's answer, then its event) counts once, and its delete uncounts it.
   */
  beyond: number[]
}

/** How a list orders and filters its rows, so a live change lands where the server would put it. */
export interface PagedListRules<T> {
  compare: (a: T, b: T) => number
  /** Whether a row belongs to the list of this search text. */
  matches: (item: T, search: string) => boolean
}

export type PagedListAction<T> =
  | { type: 'reset' }
  | { type: 'loaded'; page: number; items: T[]; hasMore: boolean; count?: number }
  | { type: 'failed'; page: number }
  | { type: 'loadingMore' }
  | { type: 'upsert'; item: T; search: string }
  | { type: 'remove'; id: number }

export const initialPagedList = <T>(): PagedListState<T> => ({
  items: [],
  page: 0,
  hasMore: false,
  count: 0,
  status: 'loading',
  loadingMore: false,
  moreFailed: false,
  beyond: [],
})

/** The list's state machine, pure (tested alone): pages append, live changes keep order and count. */
export function pagedListReducer<T extends { id: number }>(rules: PagedListRules<T>) {
  return (s: PagedListState<T>, a: PagedListAction<T>): PagedListState<T> => {
    switch (a.type) {
      case 'reset':
        return initialPagedList()
      case 'loadingMore':
        return { ...s, loadingMore: true, moreFailed: false }
      case 'failed':
        return a.page === 1
          ? { ...initialPagedList<T>(), status: 'error' }
          : { ...s, loadingMore: false, moreFailed: true }
      case 'loaded': {
        // Pages are offsets: a row created meanwhile can push one we already hold into the next page.
        const seen = new Set(a.page === 1 ? [] : s.items.map((x) => x.id))
        const fresh = a.items.filter((x) => !seen.has(x.id))
        const items = a.page === 1 ? fresh : [...s.items, ...fresh]
        const arrived = new Set(fresh.map((x) => x.id))
        return {
          items,
          beyond: a.page === 1 ? [] : s.beyond.filter((id) => !arrived.has(id)),
          page: a.page,
          hasMore: a.hasMore,
          count: a.count ?? Math.max(s.count, items.length),
          status: 'ready',
          loadingMore: false,
          moreFailed: false,
        }
      }
      case 'upsert': {
        const i = s.items.findIndex((x) => x.id === a.item.id)
        const belongs = rules.matches(a.item, a.search)
        if (i >= 0) {
          // Edited out of this search: it leaves the list.
          if (!belongs)
            return { ...s, items: s.items.filter((x) => x.id !== a.item.id), count: Math.max(0, s.count - 1) }
          const items = s.items.slice()
          items[i] = a.item
          return { ...s, items: items.sort(rules.compare) }
        }
        const counted = s.beyond.includes(a.item.id)
        if (counted) {
          // Already counted beyond the loaded rows: once is enough, unless it left the search.
          return belongs
            ? s
            : { ...s, count: Math.max(0, s.count - 1), beyond: s.beyond.filter((id) => id !== a.item.id) }
        }
        if (s.status !== 'ready' || !belongs) return s
        const last = s.items[s.items.length - 1]
        // Beyond the loaded rows it arrives with a later page; in place otherwise.
        if (s.hasMore && last && rules.compare(a.item, last) > 0)
          return { ...s, count: s.count + 1, beyond: [...s.beyond, a.item.id] }
        return { ...s, items: [...s.items, a.item].sort(rules.compare), count: s.count + 1 }
      }
      case 'remove': {
        if (s.beyond.includes(a.id))
          return { ...s, count: Math.max(0, s.count - 1), beyond: s.beyond.filter((id) => id !== a.id) }
        if (!s.items.some((x) => x.id === a.id)) return s
        return { ...s, items: s.items.filter((x) => x.id !== a.id), count: Math.max(0, s.count - 1) }
      }
    }
  }
}

export interface PagedListOptions<T> extends PagedListRules<T> {
  /** GET path of the pages, e.g. '/tags'. */
  path: string
  /** The answer's list key, e.g. 'tags' or 'records'. */
  key: string
  /** The (already debounced) search text: a new one starts over at page 1. */
  search: string
  /** Console tag for failures. */
  name?: string
  /** More query parameters (filters): a change starts over at page 1 like a new search. */
  params?: Record<string, string | number | undefined>
  /** What `matches` receives for live changes; the search text unless the list filters on more. */
  matchKey?: string
  /** Sees every page's whole answer (extra fields such as a capped count). */
  onPage?: (answer: Record<string, unknown>, page: number) => void
}

/**
 * A searchable list read page by page (`searchParam`, `pageNumber`), for VirtualTable's infinite
 * scroll. `upsert`/`remove` apply live changes (socket frames, the screen's own saves) where the
 * server would place them. `loadMore` is safe to call repeatedly (one request at a time).
 * `rules` are read when the hook mounts; keep them module-level constants.
 */
export function usePagedList<T extends { id: number }>({
  path,
  key,
  search,
  compare,
  matches,
  name = path,
  params,
  matchKey,
  onPage,
}: PagedListOptions<T>) {
  const api = useApi()
  const reducer = useRef(pagedListReducer<T>({ compare, matches })).current
  const [state, dispatch] = useReducer(reducer, undefined, initialPagedList<T>)
  const inflight = useRef<AbortController | null>(null)
  const stateRef = useRef(state)
  stateRef.current = state
  const searchRef = useRef(matchKey ?? search)
  searchRef.current = matchKey ?? search
  const onPageRef = useRef(onPage)
  onPageRef.current = onPage
  // By value: a new object with the same filters must not refetch.
  const paramsKey = JSON.stringify(params ?? {})

  const fetchPage = useCallback(
    (page: number) => {
      inflight.current?.abort()
      const ctrl = new AbortController()
      inflight.current = ctrl
      api
        .get<PageAnswer>(path, {
          params: { ...JSON.parse(paramsKey), searchParam: search || undefined, pageNumber: page },
          signal: ctrl.signal,
        })
        .then((data) => {
          if (ctrl.signal.aborted) return
          onPageRef.current?.(data, page)
          dispatch({
            type: 'loaded',
            page,
            items: (data[key] as T[] | undefined) ?? [],
            hasMore: data.hasMore,
            count: data.count,
          })
        })
        .catch((err) => {
          if (ctrl.signal.aborted || isAbortError(err)) return
          console.error(`[${name}] list failed`, err)
          dispatch({ type: 'failed', page })
        })
        .finally(() => {
          if (inflight.current === ctrl) inflight.current = null
        })
    },
    [api, path, key, search, name, paramsKey],
  )

  // A new search starts over from page 1.
  useEffect(() => {
    dispatch({ type: 'reset' })
    fetchPage(1)
    return () => inflight.current?.abort()
  }, [fetchPage])

  const loadMore = useCallback(() => {
    const s = stateRef.current
    if (s.status !== 'ready' || !s.hasMore || s.loadingMore || inflight.current) return
    dispatch({ type: 'loadingMore' })
    fetchPage(s.page + 1)
  }, [fetchPage])

  const reload = useCallback(() => {
    dispatch({ type: 'reset' })
    fetchPage(1)
  }, [fetchPage])
  /** Page 1 again without emptying the screen first (skipped while a page is on its way). */
  const refresh = useCallback(() => {
    if (!inflight.current) fetchPage(1)
  }, [fetchPage])
  const upsert = useCallback((item: T) => dispatch({ type: 'upsert', item, search: searchRef.current }), [])
  const remove = useCallback((id: number) => dispatch({ type: 'remove', id }), [])

  return { ...state, loadMore, reload, refresh, upsert, remove }
}

/** The commonest live frame: a record created or changed, or an id deleted. */
export interface RecordFrame<T> {
  action: string
  record?: T
  id?: number
}

/** What a live frame may do to the list. */
export interface LiveListHandle<T> {
  upsert: (item: T) => void
  remove: (id: number) => void
  refresh: () => void
}

/** `delete` removes `frame.id`; any other frame with a record puts it in place. */
export function applyRecordFrame<T>(frame: RecordFrame<T>, list: LiveListHandle<T>) {
  if (frame.action === 'delete') {
    if (typeof frame.id === 'number') list.remove(frame.id)
  } else if (frame.record) list.upsert(frame.record)
}

export interface LivePagedListOptions<T, F> extends PagedListOptions<T> {
  /** The company's event the records' frames arrive as, after `company-{id}-` (e.g. 'tag'). */
  event: string
  /** A frame's effect on the list; default `applyRecordFrame`. Only object frames reach it. */
  apply?: (frame: F, list: LiveListHandle<T>) => void
}

/** `usePagedList` kept live by the company's frames for these records. */
export function useLivePagedList<T extends { id: number }, F extends object = RecordFrame<T>>({
  event,
  apply = applyRecordFrame as (frame: F, list: LiveListHandle<T>) => void,
  ...options
}: LivePagedListOptions<T, F>) {
  const { companyId } = useSession()
  const list = usePagedList<T>(options)
  const { upsert, remove, refresh } = list
  useRealtime<F>(companyId ? `company-${companyId}-${event}` : null, (frame) => {
    if (frame && typeof frame === 'object') apply(frame, { upsert, remove, refresh })
  })
  return list
}
