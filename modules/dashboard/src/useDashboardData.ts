import { useCallback, useEffect, useRef, useState } from 'react'
import { useApi, useRealtime, useSession } from '@atende/client'
import type { DashboardData, TicketsByDay, TicketsByUser } from '@atende/plugin-dashboard/api'
import { queriesOf, type Filter } from './format.ts'

type Part<T> = { status: 'loading' | 'ready' | 'error'; data: T | null }

/**
 * The three dashboard calls for the applied filter, each with its own state (a failing chart
 * leaves the counters standing), read again quietly when `company-{id}-dashboard` says the figures
 * moved (the server sends at most one frame a second).
 */
export function useDashboardData(filter: Filter) {
  const api = useApi()
  const { companyId } = useSession()
  const [summary, setSummary] = useState<Part<DashboardData>>({ status: 'loading', data: null })
  const [byUser, setByUser] = useState<Part<TicketsByUser>>({ status: 'loading', data: null })
  const [byDay, setByDay] = useState<Part<TicketsByDay>>({ status: 'loading', data: null })
  const inFlight = useRef<AbortController | null>(null)

  const load = useCallback(
    (quiet: boolean) => {
      const q = queriesOf(filter)
      if (!q) return
      inFlight.current?.abort()
      const ctrl = new AbortController()
      inFlight.current = ctrl
      const { signal } = ctrl
      const part = <T>(url: string, set: (p: Part<T>) => void) => {
        if (!quiet) set({ status: 'loading', data: null })
        api.get<T>(url, { signal }).then(
          (data) => set({ status: 'ready', data }),
          () => {
            if (!signal.aborted) set({ status: 'error', data: null })
          },
        )
      }
      part<DashboardData>(`/dashboard?${q.summary}`, setSummary)
      part<TicketsByUser>(`/dashboard/ticketsUsers?${q.charts}`, setByUser)
      part<TicketsByDay>(`/dashboard/ticketsDay?${q.charts}`, setByDay)
    },
    [api, filter],
  )

  useEffect(() => {
    load(false)
    return () => inFlight.current?.abort()
  }, [load])
  useRealtime(companyId ? `company-${companyId}-dashboard` : null, () => load(true))

  return { summary, byUser, byDay, reload: () => load(false) }
}
