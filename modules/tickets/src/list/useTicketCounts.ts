import { useCallback, useEffect, useRef, useState } from 'react'
import { isAbortError, useApi, useRealtime } from '@atende/client'

export interface TicketCounts {
  open: number
  pending: number
}
/** Bursts of frames (a campaign's replies) ask for the counts once. */
export const COUNTS_DEBOUNCE_MS = 600

/** The sub-tab badges (GET /tickets/counts), refreshed a moment after ticket and message frames. */
export function useTicketCounts(companyId: number | null, showAll: boolean, queueIds: number[]) {
  const api = useApi()
  const [counts, setCounts] = useState<TicketCounts | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const ctrl = useRef<AbortController | null>(null)
  const qKey = JSON.stringify(queueIds)

  const load = useCallback(() => {
    ctrl.current?.abort()
    const c = new AbortController()
    ctrl.current = c
    const params = { showAll: showAll ? 'true' : undefined, queueIds: qKey !== '[]' ? qKey : undefined }
    api.get<TicketCounts>('/tickets/counts', { params, signal: c.signal }).then(
      (r) => {
        if (!c.signal.aborted) setCounts({ open: r.open ?? 0, pending: r.pending ?? 0 })
      },
      (err) => {
        if (!isAbortError(err)) console.warn('[tickets] counts failed', err)
      },
    )
    // queueIds is read through qKey: the same filters in a new array are no change.
  }, [api, showAll, qKey])

  useEffect(() => {
    load()
    return () => ctrl.current?.abort()
  }, [load])
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  const refresh = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = null
      load()
    }, COUNTS_DEBOUNCE_MS)
  }, [load])

  const prefix = companyId ? `company-${companyId}` : null
  useRealtime(prefix && `${prefix}-ticket`, refresh)
  useRealtime<{ action: string }>(prefix && `${prefix}-appMessage`, (f) => {
    if (f.action === 'create') refresh()
  })
  return { counts, refresh }
}
