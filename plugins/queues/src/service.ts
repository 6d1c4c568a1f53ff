import {
  AppError,
  ErrorCodes,
  assertKnown,
  badRequest,
  companyCache,
  notFound,
  pickByIds,
  pickDefined,
  type Kernel,
  type OwnerRef,
  type TenantDb,
  type UnitOfWork,
  toIso,
  likePattern,
  ownedRows,
} from '@atende/sdk'
import type { PlanLimitsRef } from '@atende/plugin-plans/api'
import type { Knex } from 'knex'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import { checkRedirect } from './redirect.ts'
import { DEFAULT_SCHEDULES } from './schedule.ts'
import { LIST_MAX, type CreateBody, type Queue, type UpdateBody } from './schemas.ts'

export const ERR_QUEUE_NOT_FOUND = 'ERR_QUEUE_NOT_FOUND'
export const ERR_QUEUE_COLOR_ALREADY_EXISTS = 'ERR_QUEUE_COLOR_ALREADY_EXISTS'
export const ERR_WAPP_GREETING_REQUIRED = 'ERR_WAPP_GREETING_REQUIRED'

type Row = Omit<Queue, 'schedules' | 'createdAt' | 'updatedAt'> & {
  schedules: unknown
  createdAt: Date | string
  updatedAt: Date | string
}
export const queueView = (r: Row): Queue => ({
  ...r,
  schedules: typeof r.schedules === 'string' ? JSON.parse(r.schedules) : ((r.schedules as Queue['schedules']) ?? []),
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505'
// Serialises writes of one company's queues (plan count, greeting rule), per transaction.
const LOCK_SPACE = 7501
const lock = (db: Knex.Transaction, companyId: number) =>
  db.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_SPACE, companyId])
const colorTaken = () =>
  new AppError(ERR_QUEUE_COLOR_ALREADY_EXISTS, 400, 'Another queue already has this colour', { field: 'color' })

/** The list and menu order: orderQueue (unset last), then name. */
export const ordered = (q: Knex.QueryBuilder) => q.orderByRaw('"orderQueue" asc nulls last, lower(name) asc, id asc')

/** The queue columns a body may set; redirectQueueId is resolved apart (checkRedirect). */
const WRITABLE = [
  'name',
  'color',
  'orderQueue',
  'greetingMessage',
  'outOfHoursMessage',
  'completionMessage',
  'ratingMessage',
  'token',
  'integrationId',
  'promptId',
  'schedules',
  'maxAttemptsWithoutResponse',
] as const

function clean(input: UpdateBody) {
  const out: Record<string, unknown> = pickDefined(input, WRITABLE)
  if (input.name !== undefined) {
    out.name = input.name.trim()
    const n = (out.name as string).length
    if (n < 2 || n > 50) throw badRequest('name', 'Name must have 2 to 50 characters')
  }
  if (input.color !== undefined) {
    out.color = input.color.trim()
    const n = (out.color as string).length
    if (n < 3 || n > 9) throw badRequest('color', 'Colour must have 3 to 9 characters')
  }
  if (input.schedules !== undefined) out.schedules = JSON.stringify(input.schedules)
  return out
}

/**
 * The integration and prompt a body names are the company's, asked of their plugins (they load
 * after this one; while one is not installed, none of its ids is valid), through the unit of work.
 */
async function checkReferences(kernel: Kernel, uow: UnitOfWork, input: UpdateBody) {
  const owner = (name: 'integrations' | 'prompts') => kernel.services.find<OwnerRef<typeof name>>(name)?.ownedBy
  const companyId = uow.t.companyId
  await assertKnown(companyId, input.integrationId, owner('integrations'), { field: 'integrationId' }, uow)
  await assertKnown(companyId, input.promptId, owner('prompts'), { field: 'promptId' }, uow)
}

export function createQueueService(kernel: Kernel) {
  // Which of some queue ids are the company's: what `exists` and other plugins' checks ask.
  const ownedBy = ownedRows((c) => kernel.tenant(c), 'queues')
  // Every queue's id, name and colour, in the menu's order (a company has tens, not thousands).
  const names = companyCache<{ id: number; name: string; color: string }[]>((companyId) =>
    ordered(kernel.tenant(companyId)('queues')).select('id', 'name', 'color'),
  )
  names.forgetOn(kernel.bus, ['queue.created', 'queue.updated', 'queue.deleted'])

  async function row(t: TenantDb, id: number): Promise<Row> {
    const r = await t('queues').where({ id }).first()
    if (!r) throw notFound(ERR_QUEUE_NOT_FOUND, 'Queue not found')
    return r
  }

  async function colorFree(t: TenantDb, color: string, exceptId?: number) {
    const q = t('queues').whereRaw('lower(color) = lower(?)', [color])
    if (exceptId) q.whereNot('id', exceptId)
    if (await q.first('id')) throw colorTaken()
  }

  /** With more than one queue (counting this one), each needs a greeting: the menu introduces them. */
  async function greetingCheck(t: TenantDb, greeting: string | undefined, countAfter: number) {
    if (countAfter > 1 && !greeting?.trim()) {
      throw new AppError(
        ERR_WAPP_GREETING_REQUIRED,
        400,
        'A greeting message is required when the company has more than one queue',
        { field: 'greetingMessage' },
      )
    }
  }

  const count = async (t: TenantDb) => Number(((await t('queues').count({ n: '*' }).first()) as { n: unknown }).n)

  return {
    get: async (companyId: number, id: number) => queueView(await row(kernel.tenant(companyId), id)),

    /** GET /queue: the company's queues in menu order (bounded; the plan caps how many exist). */
    async list(companyId: number, opts: { searchParam?: string; limit?: number; offset?: number } = {}) {
      const q = kernel.tenant(companyId)('queues')
      if (opts.searchParam?.trim()) q.whereILike('name', likePattern(opts.searchParam.trim()))
      const rows: Row[] = await ordered(q)
        .limit(Math.min(opts.limit ?? LIST_MAX, LIST_MAX))
        .offset(opts.offset ?? 0)
        .select()
      return rows.map(queueView)
    },

    ownedBy,
    async exists(companyId: number, ids: number[]) {
      const unique = [...new Set(ids)]
      return !unique.length || [...(await ownedBy(companyId, unique))].length === unique.length
    },

    /** From the company's cached names (every ticket list asks): forgotten on each queue event. */
    async byIds(companyId: number, ids: number[]): Promise<{ id: number; name: string; color: string }[]> {
      return ids.length ? pickByIds(await names.get(companyId), ids) : []
    },

    async botsOf(companyId: number, queueId: number) {
      const row = await kernel.tenant(companyId)('queues').where({ id: queueId }).first('integrationId', 'promptId')
      return row ? { integrationId: row.integrationId ?? null, promptId: row.promptId ?? null } : null
    },

    /** Every queue of the company in the menu's order (a company has tens, not thousands). */
    async names(companyId: number): Promise<{ id: number; name: string; color: string }[]> {
      return (await names.get(companyId)).map((q) => ({ ...q }))
    },

    async create(companyId: number, input: CreateBody) {
      const limit = (await kernel.services.find<PlanLimitsRef>('plans.limits')?.of(companyId))?.queues ?? 0
      return kernel.unitOfWork(companyId, async (uow) => {
        const { db, t, emit } = uow
        await lock(db, companyId)
        const data = clean(input)
        await checkReferences(kernel, uow, input)
        const n = await count(t)
        // 0 = unlimited, as for connections.
        if (limit > 0 && n >= limit) throw new AppError(ErrorCodes.PLAN_LIMIT, 403, `The plan allows ${limit} queues`)
        await colorFree(t, data.color as string)
        await greetingCheck(t, input.greetingMessage, n + 1)
        const redirectQueueId = await checkRedirect(t, input.redirectQueueId)
        let created: Row
        try {
          ;[created] = await t
            .insert('queues', { schedules: JSON.stringify(DEFAULT_SCHEDULES), ...data, redirectQueueId })
            .returning('*')
        } catch (err) {
          throw isUniqueViolation(err) ? colorTaken() : err
        }
        const queue = queueView(created)
        emit('queue.created', { companyId, queue })
        return queue
      })
    },

    async update(companyId: number, id: number, input: UpdateBody) {
      return kernel.unitOfWork(companyId, async (uow) => {
        const { db, t, emit } = uow
        await lock(db, companyId)
        const current = await row(t, id)
        const data = clean(input)
        await checkReferences(kernel, uow, input)
        if (data.color !== undefined) await colorFree(t, data.color as string, id)
        if (input.greetingMessage !== undefined) await greetingCheck(t, input.greetingMessage, await count(t))
        if (input.redirectQueueId !== undefined)
          data.redirectQueueId = await checkRedirect(t, input.redirectQueueId, id)
        let updated: Row
        try {
          ;[updated] = await t('queues')
            .where({ id: current.id })
            .update({ ...data, updatedAt: new Date() })
            .returning('*')
        } catch (err) {
          throw isUniqueViolation(err) ? colorTaken() : err
        }
        const queue = queueView(updated)
        emit('queue.updated', { companyId, queue })
        return queue
      })
    },

    /** Its options and bot states go with it; redirects to it (or to its options) are cleared. */
    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async (uow) => {
        const { db, t, emit } = uow
        await lock(db, companyId)
        await row(t, id)
        const optionRefs = (await t('queue_options').where({ queueId: id }).pluck('id')).map(
          (o: number) => `option-${o}`,
        )
        const refs = [String(id), ...optionRefs]
        await t('queue_options').whereIn('redirectQueueId', refs).update({ redirectQueueId: null })
        const touched: Row[] = await t('queues')
          .whereIn('redirectQueueId', refs)
          .whereNot('id', id)
          .update({ redirectQueueId: null, updatedAt: new Date() })
          .returning('*')
        // Its tickets become queueless and no connection offers it, in the same transaction: calls
        // down to tickets and connections, not events they would subscribe to up here.
        await kernel.services.get<TicketsRef>('tickets').releaseQueue(uow, id)
        await kernel.services.get<ConnectionsRef>('connections').releaseQueue(uow, id)
        await t('queues').where({ id }).delete()
        for (const r of touched) emit('queue.updated', { companyId, queue: queueView(r) })
        emit('queue.deleted', { companyId, queueId: id })
      })
    },
  }
}
export type QueueService = ReturnType<typeof createQueueService>
