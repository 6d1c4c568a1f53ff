import {
  assertKnown,
  AppError,
  ErrorCodes,
  badRequest,
  forbidden,
  notFound,
  pageOffset,
  parseOptionalDateTime,
  toIso,
  type AuthInfo,
  type Kernel,
  type UnitOfWork,
  type TenantDb,
} from '@atende/sdk'
import { ALL_PERMISSION, TASKS_PAGE_SIZE, type Task } from './api.ts'
import { USERS_MAX, type CreateBody, type UpdateBody } from './schemas.ts'

/** Translated by the client (modules/tasks/src/i18n, `errors.` keys). */
export const NOT_FOUND = 'ERR_NO_TASK_FOUND'
export const INVALID_USER = 'ERR_TASK_INVALID_USER'

interface Row {
  id: number
  companyId: number
  text: string
  done: boolean
  day: Date | string | null
  createdBy: number | null
  createdAt: Date | string
  updatedAt: Date | string
}
const COLUMNS = ['id', 'companyId', 'text', 'done', 'day', 'createdBy', 'createdAt', 'updatedAt'].map(
  (c) => `tasks.${c}`,
)

const badUsers = (message: string) => new AppError(INVALID_USER, 400, message, { field: 'userid' })

/** `userid` as a list or as its JSON string: distinct positive ids, in order. */
export function parseUserIds(raw: number[] | string | undefined): number[] | undefined {
  if (raw === undefined) return undefined
  let list: unknown = raw
  if (typeof raw === 'string') {
    if (!raw.trim()) return []
    try {
      list = JSON.parse(raw)
    } catch {
      throw badUsers('userid must be a list of user ids (or its JSON string)')
    }
    if (typeof list === 'number') list = [list]
  }
  if (!Array.isArray(list)) throw badUsers('userid must be a list of user ids (or its JSON string)')
  const ids = list.map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v))
  if (!ids.every((v): v is number => Number.isSafeInteger(v) && v > 0 && v <= 2_147_483_647))
    throw badUsers('userid must hold user ids')
  const distinct = [...new Set(ids)]
  if (distinct.length > USERS_MAX) throw badUsers(`At most ${USERS_MAX} users per task`)
  return distinct
}

function cleanText(text: string) {
  const trimmed = text.trim()
  if (!trimmed) throw badRequest('text', 'The task needs a text')
  return trimmed
}

/** '' or null: no date; otherwise an ISO date-time with its offset (a 400 naming `day` else). */
const cleanDay = (day: unknown): Date | null => parseOptionalDateTime(day, 'day')

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x))

/** Every query goes through kernel.tenant(companyId) (or the unit of work's): another company's id is simply not found. */
export function createTaskService(kernel: Kernel) {
  const seesAll = (auth: AuthInfo) => kernel.permissions.has(auth, ALL_PERMISSION)

  /** The tasks the caller sees: all of the company's with tasks:all, else those assigned to them. */
  function visible(t: TenantDb, auth: AuthInfo) {
    const q = t('tasks')
    if (!seesAll(auth))
      q.whereExists(
        t.knex('task_users').whereRaw('"task_users"."taskId" = "tasks"."id"').where('task_users.userId', auth.userId),
      )
    return q
  }

  async function find(t: TenantDb, auth: AuthInfo, id: number): Promise<Row> {
    const row = await visible(t, auth).where('tasks.id', id).first(COLUMNS)
    if (!row) throw notFound(NOT_FOUND, 'Task not found')
    return row
  }

  /** Rows as answers, with their users' names: one query for all of them (no N+1). */
  async function views(t: TenantDb, rows: Row[]): Promise<Task[]> {
    if (!rows.length) return []
    // users is the kernel's table; read through the same tenant (and transaction) as the tasks.
    const links: { taskId: number; id: number; name: string }[] = await t('task_users')
      .join('users', 'users.id', 'task_users.userId')
      .whereIn(
        'task_users.taskId',
        rows.map((r) => r.id),
      )
      .orderBy([{ column: 'users.name' }, { column: 'users.id' }])
      .select('task_users.taskId', 'users.id', 'users.name')
    const byTask = new Map<number, { id: number; name: string }[]>()
    for (const l of links) {
      const list = byTask.get(l.taskId) ?? []
      list.push({ id: l.id, name: l.name })
      byTask.set(l.taskId, list)
    }
    return rows.map((r) => {
      const users = byTask.get(r.id) ?? []
      return {
        id: r.id,
        companyId: r.companyId,
        text: r.text,
        done: r.done,
        day: r.day == null ? null : toIso(r.day),
        userid: users.map((u) => u.id),
        users,
        createdBy: r.createdBy,
        createdAt: toIso(r.createdAt),
        updatedAt: toIso(r.updatedAt),
      }
    })
  }
  const viewOf = async (t: TenantDb, row: Row) => (await views(t, [row]))[0]

  /** Who a task goes to: the ids named (the company's users, asked of kernel.accounts), never without the caller when they do not see all. */
  async function assignees(uow: UnitOfWork, auth: AuthInfo, ids: number[]) {
    await assertKnown(
      auth.companyId,
      ids,
      kernel.accounts.ownedBy,
      { field: 'userid', code: INVALID_USER, message: 'userid names a user who is not of this company' },
      uow,
    )
    if (!ids.length) return [auth.userId]
    return seesAll(auth) || ids.includes(auth.userId) ? ids : [auth.userId, ...ids]
  }

  async function assign(t: TenantDb, taskId: number, ids: number[]) {
    await t('task_users').where({ taskId }).delete()
    if (ids.length)
      await t.insert(
        'task_users',
        ids.map((userId) => ({ taskId, userId })),
      )
  }

  const assigned = async (t: TenantDb, taskId: number): Promise<number[]> =>
    (await t('task_users').where({ taskId }).select('userId')).map((r: { userId: number }) => r.userId)

  return {
    /** GET /tasks: by day (dateless last), then id; TASKS_PAGE_SIZE a page, with the total. */
    async page(auth: AuthInfo, pageNumber = 1) {
      const t = kernel.tenant(auth.companyId)
      const rows: (Row & { total: string | number })[] = await visible(t, auth)
        .orderByRaw('tasks.day ASC NULLS LAST')
        .orderBy('tasks.id')
        .limit(TASKS_PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber, TASKS_PAGE_SIZE))
        .select(...COLUMNS, t.knex.raw('count(*) OVER() AS total'))
      const count = rows.length
        ? Number(rows[0].total)
        : Number(((await visible(t, auth).count({ n: '*' }).first()) as { n?: unknown } | undefined)?.n ?? 0)
      return {
        tasks: await views(
          t,
          rows.slice(0, TASKS_PAGE_SIZE).map(({ total: _total, ...r }) => r),
        ),
        hasMore: rows.length > TASKS_PAGE_SIZE,
        count,
      }
    },

    async get(auth: AuthInfo, id: number) {
      const t = kernel.tenant(auth.companyId)
      return viewOf(t, await find(t, auth, id))
    },

    async create(auth: AuthInfo, input: CreateBody) {
      const text = cleanText(input.text)
      const day = input.day === undefined ? null : cleanDay(input.day)
      const ids = parseUserIds(input.userid) ?? []
      return kernel.unitOfWork(auth.companyId, async (uow) => {
        const { t, emit } = uow
        const users = await assignees(uow, auth, ids)
        const [row] = await t
          .insert('tasks', { text, done: input.done ?? false, day, createdBy: auth.userId })
          .returning(COLUMNS.map((c) => c.slice('tasks.'.length)))
        await assign(t, row.id, users)
        const task = await viewOf(t, row)
        emit('task.created', { companyId: auth.companyId, task })
        return task
      })
    },

    /** Text, done and day by whoever sees it; the users only by an admin or the task's author. */
    async update(auth: AuthInfo, id: number, input: UpdateBody) {
      const set: Partial<Pick<Row, 'text' | 'done' | 'day'>> = {}
      if (input.text !== undefined) set.text = cleanText(input.text)
      if (input.done !== undefined) set.done = input.done
      if (input.day !== undefined) set.day = cleanDay(input.day)
      const ids = parseUserIds(input.userid)
      return kernel.unitOfWork(auth.companyId, async (uow) => {
        const { t, emit } = uow
        await find(t, auth, id)
        const previousUserIds = await assigned(t, id)
        if (ids !== undefined) {
          const users = await assignees(uow, auth, ids)
          if (!sameSet(users, previousUserIds)) {
            const current = await t('tasks').where({ id }).first('createdBy')
            if (!seesAll(auth) && current?.createdBy !== auth.userId)
              throw forbidden(ErrorCodes.NO_PERMISSION, 'Only its author or an admin changes who a task is for')
            await assign(t, id, users)
          }
        }
        const [row] = await t('tasks')
          .where({ id })
          .update({ ...set, updatedAt: new Date() })
          .returning(COLUMNS.map((c) => c.slice('tasks.'.length)))
        const task = await viewOf(t, row)
        emit('task.updated', { companyId: auth.companyId, task, previousUserIds })
        return task
      })
    },

    /** An admin deletes any task; another user only a task they wrote (403 otherwise). */
    async remove(auth: AuthInfo, id: number) {
      await kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        const row = await find(t, auth, id)
        if (!seesAll(auth) && row.createdBy !== auth.userId)
          throw forbidden(ErrorCodes.NO_PERMISSION, 'Only its author or an admin deletes a task')
        const userIds = await assigned(t, id)
        await t('tasks').where({ id }).delete()
        emit('task.deleted', { companyId: auth.companyId, id, userIds })
      })
    },
  }
}

export type TaskService = ReturnType<typeof createTaskService>
