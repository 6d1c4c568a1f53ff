import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import type { Kernel } from '@atende/sdk'
import {
  AppError,
  ErrorCodes,
  assertPasswordPolicy,
  badRequest,
  conflict,
  normaliseCnpj,
  onlyDigits,
  tooShort,
} from '@atende/sdk'
import {
  RECURRENCE_MONTHS,
  WEEKDAYS_EN,
  type CompanyView,
  type CreateCompanyBody,
  type Recurrence,
  type ScheduleRow,
  type SignupBody,
  type UpdateCompanyBody,
} from './schemas.ts'
import { COMPANY_COLUMNS, companyNotFound, companyView, toViews } from './views.ts'

export const TRIAL_DAYS = 15
export const ERR_PLAN_NOT_FOUND = 'ERR_PLAN_NOT_FOUND'
export const ERR_COMPANY_CNPJ_EXISTS = 'ERR_COMPANY_CNPJ_EXISTS'
export const ERR_CANNOT_DELETE_PLATFORM_COMPANY = 'ERR_CANNOT_DELETE_PLATFORM_COMPANY'
export const ERR_CANNOT_CHANGE_PLATFORM_COMPANY = 'ERR_CANNOT_CHANGE_PLATFORM_COMPANY'

const cnpjTaken = () => conflict(ERR_COMPANY_CNPJ_EXISTS, 'A company with this CNPJ already exists', { field: 'cnpj' })
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505'

/** Phone digits; required ones must have 10–13 digits (area code + number, optionally country code). */
export function normalisePhone(raw: string | null | undefined, required: boolean): string | null {
  const digits = onlyDigits(raw ?? '')
  if (!digits && !required) return null
  if (digits.length < 10 || digits.length > 13) throw badRequest('phone', 'Phone must have 10 to 13 digits')
  return digits
}

/** An empty or invalid due date is stored as null. */
export function parseDueDate(raw: string | null | undefined): Date | null {
  if (!raw || !raw.trim()) return null
  const d = new Date(raw.trim())
  if (Number.isNaN(d.getTime())) return null
  // Postgres (and the ISO strings we answer with) stop at year 9999.
  const year = d.getUTCFullYear()
  if (year < 1900 || year > 9999) throw badRequest('dueDate', 'The due date must fall between the years 1900 and 9999')
  return d
}

/** Calendar months forward, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

export function createCompanyService(kernel: Kernel) {
  const db = kernel.db

  async function platformCompanyId(): Promise<number | undefined> {
    return (await db('companies').where({ cnpj: kernel.config.superuser.cnpj }).first('id'))?.id
  }

  async function assertPlan(planId: number, publicOnly = false) {
    const q = db('plans').where({ id: planId })
    if (publicOnly) q.where({ isPublic: true })
    if (!(await q.first('id'))) throw new AppError(ERR_PLAN_NOT_FOUND, 400, 'Plan not found', { field: 'planId' })
  }

  async function assertCnpjFree(cnpj: string, exceptId?: number) {
    const q = db('companies').where({ cnpj })
    if (exceptId) q.whereNot({ id: exceptId })
    if (await q.first('id')) throw cnpjTaken()
  }

  /** Company and its first admin in one transaction; company.created goes out after the commit. */
  async function insertWithAdmin(
    row: Record<string, unknown>,
    admin: { name: string; email: string; passwordHash: string },
    campaignsEnabled?: string,
  ) {
    let id: number
    try {
      id = await db.transaction(async (trx: Knex.Transaction) => {
        const [company] = await trx('companies').insert(row).returning('id')
        await trx('users').insert({
          companyId: company.id,
          name: admin.name.slice(0, 50),
          email: admin.email,
          passwordHash: admin.passwordHash,
          profile: 'admin',
        })
        if (campaignsEnabled)
          await trx('settings').insert({ companyId: company.id, key: 'campaignsEnabled', value: campaignsEnabled })
        return company.id as number
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw cnpjTaken()
      throw err
    }
    const view = await companyView(kernel, id)
    await kernel.bus.emit('company.created', { companyId: id, company: view })
    return view
  }

  /** Sign-up: a trial of 15 days whatever the client sends. */
  async function signup(body: SignupBody) {
    const platformId = await platformCompanyId()
    if (platformId && (await kernel.settings.get(platformId, 'userCreation')) === 'disabled') {
      throw new AppError(ErrorCodes.USER_CREATION_DISABLED, 403, 'Sign-up is disabled')
    }
    const name = body.name.trim()
    if (name.length < 2) throw tooShort('name', 2)
    const cnpj = normaliseCnpj(body.cnpj)
    const phone = normalisePhone(body.phone, true)
    assertPasswordPolicy(body.password)
    await assertPlan(body.planId, true)
    await assertCnpjFree(cnpj)
    const email = body.email.trim()
    return insertWithAdmin(
      {
        name,
        email,
        phone,
        cnpj,
        planId: body.planId,
        status: true,
        recurrence: 'MENSAL',
        dueDate: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
      },
      { name, email, passwordHash: await kernel.auth.hashPassword(body.password) },
    )
  }

  /** Super user's create. The password is optional (the settings form has none): without it the admin sets one by password reset. */
  async function create(body: CreateCompanyBody) {
    const name = body.name.trim()
    const cnpj = normaliseCnpj(body.cnpj)
    const phone = normalisePhone(body.phone, false)
    if (body.password) assertPasswordPolicy(body.password)
    await assertPlan(body.planId)
    await assertCnpjFree(cnpj)
    const email = body.email.trim()
    const passwordHash = await kernel.auth.hashPassword(body.password || randomBytes(24).toString('base64url'))
    return insertWithAdmin(
      {
        name,
        email,
        phone,
        cnpj,
        planId: body.planId,
        status: body.status ?? true,
        recurrence: body.recurrence ?? 'MENSAL',
        dueDate: parseDueDate(body.dueDate),
      },
      { name, email, passwordHash },
      body.campaignsEnabled ? String(body.campaignsEnabled === 'enabled') : undefined,
    )
  }

  async function update(id: number, body: UpdateCompanyBody) {
    const current = await db('companies').where({ id }).first('id', 'planId', 'cnpj')
    if (!current) throw companyNotFound()
    const patch: Record<string, unknown> = {}
    if (body.name !== undefined) patch.name = body.name.trim()
    if (body.email !== undefined) patch.email = body.email.trim()
    if (body.phone !== undefined) patch.phone = normalisePhone(body.phone, false)
    if (body.status !== undefined) patch.status = body.status
    if (body.recurrence !== undefined) patch.recurrence = body.recurrence
    if (body.dueDate !== undefined) patch.dueDate = parseDueDate(body.dueDate)
    if (body.planId !== undefined) {
      await assertPlan(body.planId)
      patch.planId = body.planId
    }
    // The company as it was, for the audit log's "what changed".
    const before = await companyView(kernel, id)
    if (body.cnpj !== undefined) {
      patch.cnpj = normaliseCnpj(body.cnpj)
      await assertCnpjFree(patch.cnpj as string, id)
    }
    // The platform company must stay reachable: the super user signs in through its CNPJ.
    if (id === (await platformCompanyId()) && (patch.status === false || (patch.cnpj && patch.cnpj !== current.cnpj))) {
      throw new AppError(
        ERR_CANNOT_CHANGE_PLATFORM_COMPANY,
        403,
        'The platform company cannot be disabled or get another CNPJ',
      )
    }
    try {
      await db.transaction(async (trx: Knex.Transaction) => {
        await trx('companies')
          .where({ id })
          .update({ ...patch, updatedAt: new Date() })
        if (body.campaignsEnabled) {
          await trx('settings')
            .insert({
              companyId: id,
              key: 'campaignsEnabled',
              value: String(body.campaignsEnabled === 'enabled'),
              updatedAt: new Date(),
            })
            .onConflict(['companyId', 'key'])
            .merge(['value', 'updatedAt'])
        }
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw cnpjTaken()
      throw err
    }
    if (patch.planId !== undefined && patch.planId !== current.planId) kernel.invalidatePlanCache()
    if (body.campaignsEnabled) {
      // A setting written here, not through the settings service: announced alike (the audit log
      // records it as the setting it is; open sessions follow it).
      const previous = before.settings.find((s) => s.key === 'campaignsEnabled')?.value
      const value = String(body.campaignsEnabled === 'enabled')
      await kernel.bus.emit('setting.updated', { companyId: id, key: 'campaignsEnabled', value, previous })
    }
    return emitUpdated(id, before)
  }

  /** company.updated with the company now and, when the caller read it, as it was before. */
  async function emitUpdated(id: number, before?: CompanyView) {
    const view = await companyView(kernel, id)
    await kernel.bus.emit('company.updated', { companyId: id, company: view, before })
    return view
  }

  async function remove(id: number) {
    if (id === (await platformCompanyId()))
      throw new AppError(ERR_CANNOT_DELETE_PLATFORM_COMPANY, 403, 'The platform company cannot be deleted')
    const users: { id: number }[] = await kernel.tenant(id)('users').select('id')
    // RETURNING rather than the affected count: PGlite's knex driver does not report counts alike.
    const gone = await db('companies').where({ id }).delete().returning('id')
    if (!gone.length) throw companyNotFound()
    // Rows are gone with the cascade; this drops cached sessions in every process and tells clients.
    for (const u of users)
      await kernel.bus.emit('auth.sessionsRevoked', { companyId: id, userId: u.id, keepSessionId: null })
    kernel.invalidatePlanCache()
    await kernel.bus.emit('company.deleted', { companyId: id })
  }

  /** The expire button moves the due date forward by the recurrence. */
  async function expire(id: number) {
    const row = await db('companies').where({ id }).first('dueDate', 'recurrence')
    if (!row) throw companyNotFound()
    const before = await companyView(kernel, id)
    if (!row.dueDate) throw badRequest('dueDate', 'The company has no due date to move forward')
    const months = RECURRENCE_MONTHS[row.recurrence as Recurrence] ?? 1
    await db('companies')
      .where({ id })
      .update({ dueDate: addMonths(new Date(row.dueDate), months), updatedAt: new Date() })
    return emitUpdated(id, before)
  }

  async function setSchedules(id: number, schedules: ScheduleRow[]) {
    const seen = new Set<string>()
    schedules.forEach((s, i) => {
      if (seen.has(s.weekdayEn)) throw badRequest(`schedules.${i}.weekdayEn`, `${s.weekdayEn} appears twice`)
      seen.add(s.weekdayEn)
    })
    const ordered = [...schedules].sort((a, b) => WEEKDAYS_EN.indexOf(a.weekdayEn) - WEEKDAYS_EN.indexOf(b.weekdayEn))
    const before = await companyView(kernel, id)
    await db.transaction(async (trx) => {
      const hit = await trx('companies').where({ id }).update({ updatedAt: new Date() }).returning('id')
      if (!hit.length) throw companyNotFound()
      await trx('company_hours')
        .insert({ companyId: id, schedules: JSON.stringify(ordered) })
        .onConflict('companyId')
        .merge(['schedules'])
    })
    return emitUpdated(id, before)
  }

  /** Super user's paginated list over name, email and CNPJ. */
  async function list(searchParam: string | undefined, offset: number, limit: number) {
    const q = db('companies')
    const term = searchParam?.trim()
    if (term) {
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const digits = onlyDigits(term)
      q.where((w) => {
        w.whereILike('name', like).orWhereILike('email', like)
        if (digits) w.orWhere('cnpj', 'like', `%${digits}%`)
      })
    }
    const [{ count }] = await q.clone().count({ count: '*' })
    const rows = await q.orderBy('id').offset(offset).limit(limit).select(COMPANY_COLUMNS)
    return {
      companies: await toViews(kernel, rows),
      count: Number(count),
      hasMore: offset + rows.length < Number(count),
    }
  }

  async function all() {
    return toViews(kernel, await db('companies').orderBy('id').select(COMPANY_COLUMNS))
  }

  return { signup, create, update, remove, expire, setSchedules, list, all, platformCompanyId }
}
