import { badRequest, notFound, pickDefined, type Kernel, type TenantDb, toIso } from '@atende/sdk'
import { checkRedirect } from './redirect.ts'
import { LIST_MAX, type OptionCreateBody, type OptionUpdateBody, type QueueOption } from './schemas.ts'
import { ERR_QUEUE_NOT_FOUND } from './service.ts'

export const ERR_QUEUE_OPTION_NOT_FOUND = 'ERR_QUEUE_OPTION_NOT_FOUND'

export type OptionRow = Omit<QueueOption, 'parentId' | 'createdAt' | 'updatedAt'> & {
  parentId: number | null
  createdAt: Date | string
  updatedAt: Date | string
}
export const optionView = (r: OptionRow): QueueOption => ({
  ...r,
  parentId: r.parentId ?? -1,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})

function cleanTitle(title: string) {
  const s = title.trim()
  if (s.length < 1 || s.length > 100) throw badRequest('title', 'Title must have 1 to 100 characters')
  return s
}

/** The children of a node (null: the queue's top level), in menu order. */
export const childrenOf = (t: TenantDb, queueId: number, parentId: number | null) => {
  const q = t('queue_options').where({ queueId })
  if (parentId === null) q.whereNull('parentId')
  else q.where({ parentId })
  return q.orderBy([{ column: 'option' }, { column: 'id' }])
}

/** Queue options: the chatbot's menu tree under each queue (/queue-options). */
export function createOptionService(kernel: Kernel) {
  async function row(t: TenantDb, id: number): Promise<OptionRow> {
    const r = await t('queue_options').where({ id }).first()
    if (!r) throw notFound(ERR_QUEUE_OPTION_NOT_FOUND, 'Queue option not found')
    return r
  }

  return {
    get: async (companyId: number, id: number) => optionView(await row(kernel.tenant(companyId), id)),

    /** Bounded list; with queueId and parentId (-1: top level) one level of the tree. */
    async list(companyId: number, opts: { queueId?: number; parentId?: number; limit?: number; offset?: number }) {
      const t = kernel.tenant(companyId)
      const q = t('queue_options')
      if (opts.queueId) q.where({ queueId: opts.queueId })
      if (opts.parentId === -1) q.whereNull('parentId')
      else if (opts.parentId !== undefined) q.where({ parentId: opts.parentId })
      const rows: OptionRow[] = await q
        .orderBy([{ column: 'queueId' }, { column: 'option' }, { column: 'id' }])
        .limit(Math.min(opts.limit ?? LIST_MAX, LIST_MAX))
        .offset(opts.offset ?? 0)
        .select()
      return rows.map(optionView)
    },

    async create(companyId: number, input: OptionCreateBody) {
      return kernel.unitOfWork(companyId, async ({ t }) => {
        if (!(await t('queues').where({ id: input.queueId }).first('id')))
          throw notFound(ERR_QUEUE_NOT_FOUND, 'Queue not found')
        const parentId =
          input.parentId === undefined || input.parentId === null || input.parentId === -1 ? null : input.parentId
        if (parentId !== null) {
          const parent = await t('queue_options').where({ id: parentId }).first('queueId')
          if (!parent || parent.queueId !== input.queueId)
            throw badRequest('parentId', 'The parent option is not in this queue')
        }
        const title = cleanTitle(input.title)
        const redirectQueueId = await checkRedirect(t, input.redirectQueueId)
        let option = input.option
        if (option === undefined) {
          const last = await childrenOf(t, input.queueId, parentId).clearOrder().max({ m: 'option' }).first()
          option = Number((last as { m: unknown } | undefined)?.m ?? 0) + 1
        }
        const [created]: OptionRow[] = await t
          .insert('queue_options', {
            queueId: input.queueId,
            parentId,
            title,
            message: input.message ?? '',
            option,
            maxAttemptsWithoutResponse: input.maxAttemptsWithoutResponse ?? 0,
            redirectQueueId,
          })
          .returning('*')
        return optionView(created)
      })
    },

    async update(companyId: number, id: number, input: OptionUpdateBody) {
      return kernel.unitOfWork(companyId, async ({ t }) => {
        const current = await row(t, id)
        const data: Record<string, unknown> = pickDefined(input, [
          'title',
          'message',
          'option',
          'maxAttemptsWithoutResponse',
        ] as const)
        if (input.title !== undefined) data.title = cleanTitle(input.title)
        if (input.redirectQueueId !== undefined) {
          if (input.redirectQueueId === `option-${id}`)
            throw badRequest('redirectQueueId', 'An option cannot redirect to itself')
          data.redirectQueueId = await checkRedirect(t, input.redirectQueueId)
        }
        const [updated]: OptionRow[] = await t('queue_options')
          .where({ id: current.id })
          .update({ ...data, updatedAt: new Date() })
          .returning('*')
        return optionView(updated)
      })
    },

    /** Its sub-options go with it (foreign key); redirects to any of them are cleared. */
    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async ({ t, db }) => {
        await row(t, id)
        const subtree: number[] = (
          await db.raw(
            `WITH RECURSIVE s AS (SELECT id FROM queue_options WHERE id = ? AND "companyId" = ?
             UNION ALL SELECT o.id FROM queue_options o JOIN s ON o."parentId" = s.id)
           SELECT id FROM s`,
            [id, companyId],
          )
        ).rows.map((r: { id: number }) => r.id)
        const refs = subtree.map((o) => `option-${o}`)
        await t('queue_options').whereIn('redirectQueueId', refs).update({ redirectQueueId: null })
        await t('queues').whereIn('redirectQueueId', refs).update({ redirectQueueId: null })
        await t('queue_options').where({ id }).delete()
      })
    },
  }
}
export type OptionService = ReturnType<typeof createOptionService>
