import { useCallback, useEffect, useReducer, useRef } from 'react'
import { isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import type { User, UserEvent, UsersPage } from './types.ts'
import { matchesSearch } from './validation.ts'

/** The user search waits 300 ms after the last keystroke (core.md §9). */
export const USER_SEARCH_DEBOUNCE_MS = 300

interface State {
  users: User[]
  /** Last page loaded (1-based); 0 before the first answer. */
  page: number
  hasMore: boolean
  count: number
  status: 'loading' | 'ready' | 'error'
  loadingMore: boolean
  moreFailed: boolean
}

type Action =
  | { type: 'reset' }
  | { type: 'loaded'; page: number; data: UsersPage }
  | { type: 'failed'; page: number }
  | { type: 'loadingMore' }
  | { type: 'upsert'; user: User; search: string }
  | { type: 'remove'; id: number }

const initial: State = {
  users: [],
  page: 0,
  hasMore: false,
  count: 0,
  status: 'loading',
  loadingMore: false,
  moreFailed: false,
}

const byName = (a: User, b: User) => a.name.localeCompare(b.name) || a.id - b.id

function reducer(s: State, a: Action): State {
  switch (a.type) {
    case 'reset':
      return initial
    case 'loadingMore':
      return { ...s, loadingMore: true, moreFailed: false }
    case 'failed':
      return a.page === 1 ? { ...initial, status: 'error' } : { ...s, loadingMore: false, moreFailed: true }
    case 'loaded': {
      // Pages are offsets: a user created meanwhile can push a row we already hold into the next page.
      const seen = new Set(a.page === 1 ? [] : s.users.map((u) => u.id))
      const fresh = a.data.users.filter((u) => !seen.has(u.id))
      return {
        users: a.page === 1 ? fresh : [...s.users, ...fresh],
        page: a.page,
        hasMore: a.data.hasMore,
        count: a.data.count ?? s.count,
        status: 'ready',
        loadingMore: false,
        moreFailed: false,
      }
    }
    case 'upsert': {
      const i = s.users.findIndex((u) => u.id === a.user.id)
      if (i >= 0) {
        const users = s.users.slice()
        users[i] = a.user
        return { ...s, users }
      }
      if (s.status !== 'ready' || !matchesSearch(a.user, a.search)) return s
      const last = s.users[s.users.length - 1]
      // Beyond the loaded rows it arrives with a later page; place it by name otherwise.
      if (s.hasMore && last && byName(a.user, last) > 0) return { ...s, count: s.count + 1 }
      const users = [...s.users, a.user].sort(byName)
      return { ...s, users, count: s.count + 1 }
    }
    case 'remove': {
      if (!s.users.some((u) => u.id === a.id)) return s
      return { ...s, users: s.users.filter((u) => u.id !== a.id), count: Math.max(0, s.count - 1) }
    }
  }
}

/**
 * GET /api/users page by page for one search, kept live by the company's user events so two
 * admins see each other's changes. `loadMore` is safe to call repeatedly (one request at a time).
 */
export function useUserList(search: string) {
  const api = useApi()
  const { companyId } = useSession()
  const [state, dispatch] = useReducer(reducer, initial)
  const inflight = useRef<AbortController | null>(null)
  const stateRef = useRef(state)
  stateRef.current = state
  const searchRef = useRef(search)
  searchRef.current = search

  const fetchPage = useCallback(
    (page: number) => {
      inflight.current?.abort()
      const ctrl = new AbortController()
      inflight.current = ctrl
      api
        .get<UsersPage>('/users', { params: { searchParam: search, pageNumber: page }, signal: ctrl.signal })
        .then((data) => {
          if (!ctrl.signal.aborted) dispatch({ type: 'loaded', page, data })
        })
        .catch((err) => {
          if (ctrl.signal.aborted || isAbortError(err)) return
          console.error('[users] list failed', err)
          dispatch({ type: 'failed', page })
        })
        .finally(() => {
          if (inflight.current === ctrl) inflight.current = null
        })
    },
    [api, search],
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

  useRealtime<UserEvent>(companyId ? `company-${companyId}-user` : null, (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') dispatch({ type: 'remove', id: frame.userId })
    else if (frame.user) dispatch({ type: 'upsert', user: frame.user, search: searchRef.current })
  })

  /** Local changes show at once, before (or without) the socket's echo. */
  const upsert = useCallback((user: User) => dispatch({ type: 'upsert', user, search: searchRef.current }), [])
  const remove = useCallback((id: number) => dispatch({ type: 'remove', id }), [])

  return { ...state, loadMore, reload, upsert, remove }
}
