import { useCallback, useEffect, useRef, useState } from 'react'
import { isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import type { Schedule, ScheduleFrame, SchedulesPage, StatusFilter } from './types.ts'

const LIMIT = 500

interface Query {
  from: Date
  to: Date
  status: StatusFilter
  search: string
  /** The date filter's range, for the counters (null: all). */
  counted: { from: Date; to: Date } | null
}

const inRange = (s: Schedule, from: Date, to: Date) => {
  const d = new Date(s.scheduleDate).getTime()
  return d >= from.getTime() && d < to.getTime()
}

/**
 * The schedules of the calendar's visible range (GET /schedules with from/to, status and search, up
 * to 500), the counters of the date filter's range, and live changes (`company-{id}-schedule`).
 */
export function useSchedules(query: Query) {
  const api = useApi()
  const { companyId } = useSession()
  const [items, setItems] = useState<Schedule[]>([])
  const [counts, setCounts] = useState<SchedulesPage['counts'] | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [version, setVersion] = useState(0)
  const latest = useRef(query)
  latest.current = query

  const { from, to, status: statusFilter, search, counted } = query
  const countedFrom = counted?.from.getTime()
  const countedTo = counted?.to.getTime()
  useEffect(() => {
    const ctrl = new AbortController()
    const params = (extra: Record<string, string>) =>
      new URLSearchParams({ ...(search.trim() ? { searchParam: search.trim() } : {}), ...extra }).toString()
    const visible = api.get<SchedulesPage>(
      `/schedules?${params({
        from: from.toISOString(),
        to: to.toISOString(),
        limit: String(LIMIT),
        ...(statusFilter !== 'all' ? { status: statusFilter } : {}),
      })}`,
      { signal: ctrl.signal },
    )
    const counters = api.get<SchedulesPage>(
      `/schedules?${params({
        limit: '1',
        ...(countedFrom != null && countedTo != null
          ? { from: new Date(countedFrom).toISOString(), to: new Date(countedTo).toISOString() }
          : {}),
      })}`,
      { signal: ctrl.signal },
    )
    Promise.all([visible, counters])
      .then(([page, c]) => {
        setItems(page.schedules)
        setCounts(c.counts)
        setStatus('ready')
      })
      .catch((err) => {
        if (isAbortError(err) || ctrl.signal.aborted) return
        setStatus('error')
      })
    return () => ctrl.abort()
  }, [api, from, to, statusFilter, search, countedFrom, countedTo, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])

  /** A row saved here or announced live: kept when it belongs to what is shown, dropped otherwise. */
  const upsert = useCallback((s: Schedule) => {
    const q = latest.current
    const shown = inRange(s, q.from, q.to) && (q.status === 'all' || s.status === q.status)
    setItems((list) => {
      const rest = list.filter((x) => x.id !== s.id)
      return shown ? [...rest, s] : rest
    })
  }, [])
  const remove = useCallback((id: number) => setItems((list) => list.filter((x) => x.id !== id)), [])

  useRealtime<ScheduleFrame>(companyId ? `company-${companyId}-schedule` : null, (frame) => {
    if (frame.action === 'delete') remove(frame.id)
    else upsert(frame.schedule)
    // The counters follow from the server (a status change moves one between them).
    reload()
  })

  return { items, counts, status, reload, upsert, remove }
}
