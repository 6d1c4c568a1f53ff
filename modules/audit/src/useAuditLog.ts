import { useCallback, useEffect, useRef, useState } from 'react'
import { isAbortError, isApiError, useApi } from '@atende/client'
import type { AuditEntry, AuditPage } from '@atende/plugin-audit/api'

/** The screen's filters; each is left out of the query when empty. */
export interface AuditFilters {
  userId?: number
  entity?: string
  /** ISO instants: the start of the first chosen day, the end of the last. */
  from?: string
  to?: string
  /** The super user's choice of one company. */
  companyId?: number
}

export interface AuditLogState {
  entries: AuditEntry[]
  nextCursor: number | null
  status: 'loading' | 'ready' | 'error'
  loadingMore: boolean
  moreFailed: boolean
  /** The first page's error code (a bad date range), for the screen to say. */
  errorCode?: string
}

const initial: AuditLogState = {
  entries: [],
  nextCursor: null,
  status: 'loading',
  loadingMore: false,
  moreFailed: false,
}

/**
 * GET /api/audit newest first, older entries by cursor as the table scrolls (one request at a
 * time); a change of filters starts over.
 */
export function useAuditLog(filters: AuditFilters) {
  const api = useApi()
  const [state, setState] = useState<AuditLogState>(initial)
  const stateRef = useRef(state)
  stateRef.current = state
  const inflight = useRef<AbortController | null>(null)
  const key = JSON.stringify(filters)

  const fetchFrom = useCallback(
    (cursor: number | null) => {
      inflight.current?.abort()
      const ctrl = new AbortController()
      inflight.current = ctrl
      api
        .get<AuditPage>('/audit', { params: { ...JSON.parse(key), cursor: cursor ?? undefined }, signal: ctrl.signal })
        .then((page) => {
          if (ctrl.signal.aborted) return
          setState((s) => ({
            entries: cursor ? [...s.entries, ...page.entries] : page.entries,
            nextCursor: page.nextCursor,
            status: 'ready',
            loadingMore: false,
            moreFailed: false,
          }))
        })
        .catch((err: unknown) => {
          if (ctrl.signal.aborted || isAbortError(err)) return
          console.error('[audit] log failed', err)
          setState((s) =>
            cursor
              ? { ...s, loadingMore: false, moreFailed: true }
              : { ...initial, status: 'error', errorCode: isApiError(err) ? err.code : undefined },
          )
        })
        .finally(() => {
          if (inflight.current === ctrl) inflight.current = null
        })
    },
    [api, key],
  )

  useEffect(() => {
    setState(initial)
    fetchFrom(null)
    return () => inflight.current?.abort()
  }, [fetchFrom])

  const loadMore = useCallback(() => {
    const s = stateRef.current
    if (s.status !== 'ready' || s.nextCursor === null || inflight.current) return
    setState({ ...s, loadingMore: true, moreFailed: false })
    fetchFrom(s.nextCursor)
  }, [fetchFrom])

  return { ...state, items: state.entries, hasMore: state.nextCursor !== null, loadMore, reload: () => fetchFrom(null) }
}
