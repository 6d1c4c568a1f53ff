import {
  AppError,
  PAGE_SIZE,
  PLAN_FLAGS,
  badRequest,
  conflict,
  notFound,
  pageOffset,
  type Kernel,
  type UnitOfWork,
  likePattern,
} from '@atende/sdk'
import type { CreatePlanBody, PlanView, UpdatePlanBody } from './schemas.ts'
import { withLimits, writeLimits } from './limits.ts'

export const ERR_PLAN_NAME_EXISTS = 'ERR_PLAN_NAME_EXISTS'
export const ERR_PLAN_IN_USE = 'ERR_PLAN_IN_USE'
export const ERR_NO_PLAN_FOUND = 'ERR_NO_PLAN_FOUND'

type Trx = UnitOfWork['db']
interface PlanRow {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  value: number | string
  isPublic: boolean
}

/** LIKE pattern for a free-text search, with the caller's wildcards taken literally. */

/**
 * Plans are platform data (no companyId): the super user manages them for every company, so these
 * queries use kernel.db directly. Which modules a plan enables lives in plan_modules, one row per
 * (plan, module key); no row means the key's default (on, unless its manifest says planDefault 'off').
 */
export function createPlanService(kernel: Kernel) {
  const db = kernel.db
  /** Plans with their limits (plan_limits), filtered and ordered by the caller. */
  const plans = () => withLimits(db, db('plans'))

  /** Every key a plan can switch: the spec's seven flags plus each installed non-essential module. */
  const moduleKeys = () => [
    ...new Set<string>([
      ...PLAN_FLAGS,
      ...kernel
        .modules()
        .filter((m) => m.toggleable)
        .map((m) => m.key),
    ]),
  ]

  /** A key is on for a plan without its own row unless its plugins default it off. */
  const onByDefault = (key: string) => !kernel.modules().some((m) => m.key === key && !m.enabledByDefault)

  async function views(rows: PlanRow[]): Promise<PlanView[]> {
    if (!rows.length) return []
    // One read for every plan's module rows (no N+1).
    const mods: { planId: number; module: string; enabled: boolean }[] = await db('plan_modules')
      .whereIn(
        'planId',
        rows.map((r) => r.id),
      )
      .select('planId', 'module', 'enabled')
    const keys = moduleKeys()
    const defaults = new Map(keys.map((k) => [k, onByDefault(k)]))
    return rows.map((r) => {
      const own = new Map(mods.filter((m) => m.planId === r.id).map((m) => [m.module, m.enabled]))
      const on = (k: string) => own.get(k) ?? defaults.get(k) ?? true
      const modules = Object.fromEntries(keys.map((k) => [k, on(k)]))
      const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, on(f)]))
      return {
        id: r.id,
        name: r.name,
        users: r.users,
        connections: Number(r.connections),
        queues: Number(r.queues),
        value: Number(r.value),
        isPublic: r.isPublic,
        ...flags,
        modules,
      } as PlanView
    })
  }

  async function view(id: number): Promise<PlanView> {
    const row = await plans().where('plans.id', id).first()
    if (!row) throw notFound(ERR_NO_PLAN_FOUND, 'Plan not found')
    return (await views([row]))[0]
  }

  /** Module switches a body asks for: `modules` first, then the top-level flags (which win). */
  function moduleChanges(body: UpdatePlanBody): Map<string, boolean> {
    const known = new Set(moduleKeys())
    const out = new Map<string, boolean>()
    for (const [key, enabled] of Object.entries(body.modules ?? {})) {
      if (!known.has(key)) throw badRequest(`modules.${key}`, `Unknown module "${key}"`)
      out.set(key, enabled)
    }
    for (const f of PLAN_FLAGS) if (typeof body[f] === 'boolean') out.set(f, body[f] as boolean)
    return out
  }

  async function writeModules(trx: Trx, planId: number, changes: Map<string, boolean>) {
    if (!changes.size) return
    await trx('plan_modules')
      .insert([...changes].map(([module, enabled]) => ({ planId, module, enabled })))
      .onConflict(['planId', 'module'])
      .merge(['enabled'])
  }

  async function assertNameFree(trx: Trx, name: string, exceptId?: number) {
    const q = trx('plans').whereRaw('lower(name) = lower(?)', [name])
    if (exceptId) q.whereNot({ id: exceptId })
    if (await q.first('id'))
      throw conflict(ERR_PLAN_NAME_EXISTS, 'A plan with this name already exists', { field: 'name' })
  }

  function cleanName(name: string) {
    const n = name.trim()
    if (!n) throw badRequest('name', 'Name is required')
    return n
  }

  /**
   * Tell every process (gate caches, open screens) after the change is committed; the plan as it
   * now is rides along, so the audit log shows which modules and limits changed.
   */
  async function changed(planId: number, action: 'create' | 'update' | 'delete') {
    const plan = action === 'delete' ? undefined : await view(planId)
    await kernel.bus.emit('plan.updated', { companyId: 0, planId, action, plan })
    kernel.invalidatePlanCache()
    return plan!
  }

  /** A concurrent insert of the same name loses at the unique index: answer it like the pre-check. */
  async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw conflict(ERR_PLAN_NAME_EXISTS, 'A plan with this name already exists', { field: 'name' })
      throw err
    }
  }

  return {
    moduleKeys,
    view,

    async publicList() {
      const rows: PlanRow[] = await plans().where('plans.isPublic', true).orderBy('plans.id')
      return (await views(rows)).map(({ modules: _m, isPublic: _p, ...rest }) => rest)
    },

    /**
     * GET /plans/all. Private plans (and their prices) are the super user's: anyone else sees the
     * public plans plus their company's own, which is all a plan picker offers them.
     */
    async all(auth: { companyId: number; super: boolean }) {
      const q = plans().orderBy('plans.id')
      if (!auth.super) {
        const own = db('companies').where({ id: auth.companyId }).select('planId')
        q.where((w) => w.where('plans.isPublic', true).orWhereIn('plans.id', own))
      }
      return views(await q)
    },

    async ofCompany(companyId: number) {
      const company = await db('companies').where({ id: companyId }).first('planId')
      if (!company?.planId) throw notFound(ERR_NO_PLAN_FOUND, 'The company has no plan')
      return view(company.planId)
    },

    async list(searchParam = '', pageNumber = 1) {
      const q = plans().orderBy([{ column: 'plans.name' }, { column: 'plans.id' }])
      if (searchParam.trim()) q.whereILike('plans.name', likePattern(searchParam.trim()))
      const rows: PlanRow[] = await q.limit(PAGE_SIZE + 1).offset(pageOffset(pageNumber))
      return { plans: await views(rows.slice(0, PAGE_SIZE)), hasMore: rows.length > PAGE_SIZE }
    },

    async create(body: CreatePlanBody) {
      const name = cleanName(body.name)
      const changes = moduleChanges(body)
      const id = await guardUnique(() =>
        db.transaction(async (trx) => {
          await assertNameFree(trx, name)
          const [row] = await trx('plans')
            .insert({ name, users: body.users, value: body.value, isPublic: body.isPublic ?? true })
            .returning('id')
          await writeLimits(trx, row.id, body)
          await writeModules(trx, row.id, changes)
          return row.id as number
        }),
      )
      return changed(id, 'create')
    },

    async update(id: number, body: UpdatePlanBody) {
      const name = body.name === undefined ? undefined : cleanName(body.name)
      const changes = moduleChanges(body)
      await guardUnique(() =>
        db.transaction(async (trx) => {
          if (!(await trx('plans').where({ id }).forUpdate().first('id')))
            throw notFound(ERR_NO_PLAN_FOUND, 'Plan not found')
          if (name !== undefined) await assertNameFree(trx, name, id)
          const patch = { name, users: body.users, value: body.value, isPublic: body.isPublic }
          const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
          await trx('plans')
            .where({ id })
            .update({ ...set, updatedAt: new Date() })
          await writeLimits(trx, id, body)
          await writeModules(trx, id, changes)
        }),
      )
      return changed(id, 'update')
    },

    async setModule(id: number, key: string, enabled: boolean) {
      if (!moduleKeys().includes(key)) throw badRequest('key', `Unknown module "${key}"`)
      await db.transaction(async (trx) => {
        if (!(await trx('plans').where({ id }).first('id'))) throw notFound(ERR_NO_PLAN_FOUND, 'Plan not found')
        await writeModules(trx, id, new Map([[key, enabled]]))
      })
      return changed(id, 'update')
    },

    async remove(id: number) {
      await db.transaction(async (trx) => {
        if (!(await trx('plans').where({ id }).forUpdate().first('id')))
          throw notFound(ERR_NO_PLAN_FOUND, 'Plan not found')
        // Cross-company read on purpose: a plan may be deleted only when no company uses it.
        if (await trx('companies').where({ planId: id }).first('id')) {
          throw new AppError(ERR_PLAN_IN_USE, 409, 'The plan is used by at least one company')
        }
        await trx('plans').where({ id }).delete()
      })
      await changed(id, 'delete')
    },
  }
}

export type PlanService = ReturnType<typeof createPlanService>
