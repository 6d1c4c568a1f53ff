import type { Schedule, ScheduleFrame, ScheduleStatus } from '@atende/plugin-schedules/api'

export type { Schedule, ScheduleFrame, ScheduleStatus }

export interface SchedulesPage {
  schedules: Schedule[]
  hasMore: boolean
  count: number
  counts: Record<ScheduleStatus, number>
}

/** The screen's status filter: all, pending, sent. */
export type StatusFilter = 'all' | 'PENDENTE' | 'ENVIADA'
