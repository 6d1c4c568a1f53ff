import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import { initialPagedList, pagedListReducer } from '@atende/ui'
import type { Contact, ContactFilters, ContactFrame, ContactsPage } from './types.ts'
import { byName, dayRange, effectiveSearch, matchesFilters } from './validation.ts'

/**
 * The kit's paged-list state machine, with contacts' rules: the server's order, and its filters
 * (search and creation dates) carried in the action's `search` as one JSON key, so the reducer stays pure.
 */
interface FilterKey { search: string; start?: string; end?: string }
const reducer = pagedListReducer<Contact>({
  compare: byName,
  matches: (c, key) => { const f = JSON.parse(key) as FilterKey; return matchesFilters(c, f.search, f) },
})

/**
 * GET /api/contacts page by page for one set of filters (search from 3 characters, creation dates),
 * kept live by the company's contact events: creates and edits placed by name, deletes removed, a
 * bulk import reloads page 1. A change of filters starts over from page 1. The count comes with
 * page 1 (capped by the server: `countCapped`).
 */
export function useContactList(filters: ContactFilters) {
  const api = useApi()
  const { companyId } = useSession()
  const [state, dispatch] = useReducer(reducer, undefined, initialPagedList<Contact>)
  const [countCapped, setCountCapped] = useState(false)
  const inflight = useRef<AbortController | null>(null)
  const stateRef = useRef(state)
  stateRef.current = state
  const search = effectiveSearch(filters.search)
  const range = useMemo(() => dayRange(filters.from, filters.to), [filters.from, filters.to])
  const key = JSON.stringify({ search, ...range } satisfies FilterKey)
  const keyRef = useRef(key)
  keyRef.current = key

  const fetchPage = useCallback((page: number) => {
    inflight.current?.abort()
    const ctrl = new AbortController()
    inflight.current = ctrl
    const params = { searchParam: search || undefined, pageNumber: page, dateStart: range.start, dateEnd: range.end }
    api.get<ContactsPage>('/contacts', { params, signal: ctrl.signal })
      .then((data) => {
        if (ctrl.signal.aborted) return
        if (page === 1) setCountCapped(!!data.countCapped)
        dispatch({ type: 'loaded', page, items: data.contacts, hasMore: data.hasMore, count: data.count })
      })
      .catch((err) => {
        if (ctrl.signal.aborted || isAbortError(err)) return
        console.error('[contacts] list failed', err)
        dispatch({ type: 'failed', page })
      })
      .finally(() => { if (inflight.current === ctrl) inflight.current = null })
  }, [api, search, range])

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

  const reload = useCallback(() => { dispatch({ type: 'reset' }); fetchPage(1) }, [fetchPage])
  /** Local changes show at once, before (or without) the socket's echo. */
  const upsert = useCallback((contact: Contact) => dispatch({ type: 'upsert', item: contact, search: keyRef.current }), [])
  const remove = useCallback((id: number) => dispatch({ type: 'remove', id }), [])

  useRealtime<ContactFrame>(companyId ? `company-${companyId}-contact` : null, (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') remove(frame.contactId)
    // A bulk import: page 1 again, without emptying the screen first.
    else if (frame.action === 'reload') { if (!inflight.current) fetchPage(1) }
    else if (frame.contact) upsert(frame.contact)
  })

  return { ...state, contacts: state.items, countCapped, loadMore, reload, upsert, remove }
}
