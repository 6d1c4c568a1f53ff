import type { Knex } from 'knex'
import type { Kernel } from '@atende/sdk'
import { AppError, ErrorCodes, PLAN_FLAGS } from '@atende/sdk'
import type { CompanyView, ScheduleRow } from './schemas.ts'
import type { PlanLimitsRef } from '@atende/plugin-plans/api'

/** A companies row as COMPANY_COLUMNS reads it (the kernel's migration 001), without its hours (company_hours). */
export interface CompanyRow {
  id: number
  name: string
  email: string | null
  phone: string | null
  cnpj: string
  planId: number | null
  status: boolean
  dueDate: Date | string | null
  recurrence: string
  createdAt: Date | string
  updatedAt: Date | string
}

export const COMPANY_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'cnpj',
  'planId',
  'status',
  'dueDate',
  'recurrence',
  'createdAt',
  'updatedAt',
]

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString())
const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) ?? []

export const companyNotFound = () => new AppError(ErrorCodes.COMPANY_NOT_FOUND, 404, 'Company not found')

/**
 * Company rows to their API shape, with plan name and settings, in one round of queries.
 * Cross-company by design: only the super user lists several companies; others see their own.
 */
export async function toViews(kernel: Kernel, rows: CompanyRow[], db: Knex = kernel.db): Promise<CompanyView[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const planIds = [...new Set(rows.map((r) => r.planId).filter((p) => p != null))]
  const [plans, stored, hours] = await Promise.all([
    planIds.length ? db('plans').whereIn('id', planIds).select('id', 'name') : [],
    db('settings').whereIn('companyId', ids).select('companyId', 'key', 'value'),
    // jsonb: parsed by pg, a string in some drivers.
    db('company_hours').whereIn('companyId', ids).select('companyId', 'schedules') as Promise<
      { companyId: number; schedules: ScheduleRow[] | string }[]
    >,
  ])
  const hoursOf = new Map(hours.map((h) => [h.companyId, h.schedules]))
  const planById = new Map(plans.map((p: { id: number; name: string }) => [p.id, p]))
  const defs = kernel.settings.definitions()
  return rows.map((r) => {
    const own = new Map(stored.filter((s) => s.companyId === r.id).map((s) => [s.key, s.value]))
    return {
      id: r.id,
      name: r.name,
      email: r.email ?? null,
      phone: r.phone ?? null,
      cnpj: r.cnpj,
      planId: r.planId ?? null,
      plan: r.planId != null ? (planById.get(r.planId) ?? null) : null,
      status: r.status,
      dueDate: iso(r.dueDate),
      recurrence: r.recurrence,
      schedules: parseJson(hoursOf.get(r.id)),
      settings: defs.map((d) => ({ key: d.key, value: own.get(d.key) ?? d.default ?? d.values[0] })),
      createdAt: iso(r.createdAt)!,
      updatedAt: iso(r.updatedAt)!,
    }
  })
}

export async function companyView(kernel: Kernel, id: number, db: Knex = kernel.db): Promise<CompanyView> {
  const row: CompanyRow | undefined = await db('companies').where({ id }).first(COMPANY_COLUMNS)
  if (!row) throw companyNotFound()
  return (await toViews(kernel, [row], db))[0]
}

/** The company with its plan and the seven plan flags (no plan_modules row = the key's default, on unless a plugin says off). */
export async function companyPlan(kernel: Kernel, id: number) {
  const company = await kernel.db('companies').where({ id }).first('id', 'name', 'planId')
  if (!company) throw companyNotFound()
  const row =
    company.planId != null
      ? await kernel.db('plans').where({ id: company.planId }).first('id', 'name', 'users', 'value')
      : undefined
  if (!row) return { id: company.id, name: company.name, plan: null }
  // Connection and queue limits are the plans plugin's (none installed: unlimited).
  const limits = (await kernel.services.find<PlanLimitsRef>('plans.limits')?.of(company.id)) ?? {
    connections: 0,
    queues: 0,
  }
  const plan = { ...row, ...limits }
  const rows: { module: string; enabled: boolean }[] = await kernel
    .db('plan_modules')
    .where({ planId: plan.id })
    .select('module', 'enabled')
  const own = new Map(rows.map((r) => [r.module, r.enabled]))
  const offByDefault = new Set(
    kernel
      .modules()
      .filter((m) => !m.enabledByDefault)
      .map((m) => m.key),
  )
  const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, own.get(f) ?? !offByDefault.has(f)]))
  return { id: company.id, name: company.name, plan: { ...plan, value: Number(plan.value), ...flags } }
}
