/** API shapes this module reads (plugins/companies, plans, helps, settings). */
export interface Setting {
  key: string
  value: string
}

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'
export interface ScheduleRow {
  weekday: string
  weekdayEn: Weekday
  startTime: string
  endTime: string
}

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
export type Recurrence = (typeof RECURRENCES)[number]

export interface Company {
  id: number
  name: string
  email: string | null
  phone: string | null
  cnpj: string
  planId: number | null
  plan: { id: number; name: string } | null
  status: boolean
  dueDate: string | null
  recurrence: string
  schedules: ScheduleRow[]
  settings: Setting[]
  createdAt: string
}
export interface CompanyPage {
  companies: Company[]
  hasMore: boolean
  count?: number
}

/** The seven plan flags of administration.md §3, in the spec's order. */
export const PLAN_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const
export type PlanFlag = (typeof PLAN_FLAGS)[number]

export type Plan = {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  value: number
  isPublic: boolean
  /** Every toggleable key (the seven flags and each installed non-essential module) → enabled. */
  modules: Record<string, boolean>
} & Record<PlanFlag, boolean>

export interface Help {
  id: number
  title: string
  video: string
  description: string
}

export interface UserListItem {
  id: number
  name: string
  email: string
  profile: string
}
