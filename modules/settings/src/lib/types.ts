/** API shapes this module reads: the published contracts of the companies, plans, helps and settings plugins. */
import type { Company, ScheduleRow } from '@atende/plugin-companies/api'
import type { Plan } from '@atende/plugin-plans/api'

export type { Company, ScheduleRow, Plan }
export type { Help } from '@atende/plugin-helps/api'
export type { Setting } from '@atende/plugin-settings/api'
export type Weekday = ScheduleRow['weekdayEn']

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
export type Recurrence = (typeof RECURRENCES)[number]

export interface CompanyPage {
  companies: Company[]
  hasMore: boolean
  count?: number
}

/** The seven plan flags, in order: the platform's own list. */
export { PLAN_FLAGS, type PlanFlag } from '@atende/sdk/values'

export interface UserListItem {
  id: number
  name: string
  email: string
  profile: string
}
