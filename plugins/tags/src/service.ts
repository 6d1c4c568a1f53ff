import {
  AppError,
  ErrorCodes,
  PAGE_SIZE,
  badRequest,
  conflict,
  notFound,
  pageOffset,
  type AuthInfo,
  type Kernel,
  type TenantDb,
  toIso,
  likePattern,
  tooLong,
  tooShort,
} from '@atende/sdk'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { Tag, TicketTag } from './api.ts'
import { LOOKUP_MAX, NAME_MAX, NAME_MIN, isColor } from './schemas.ts'

export const ERR_NO_TAG_FOUND = 'ERR_NO_TAG_FOUND'
export const ERR_TAG_NAME_IN_USE = 'ERR_TAG_NAME_IN_USE'
export const ERR_NO_TICKET_FOUND = 'ERR_NO_TICKET_FOUND'
export const KANBAN_PERMISSION = 'tags:kanban'

/** Colours for tags created without one (from the tickets screen): picked from the name, so the same name gets the same colour. */
const PALETTE = [
  '#1e88e5',
  '#43a047',
  '#e53935',
  '#fb8c00',
  '#8e24aa',
  '#00897b',
  '#3949ab',
  '#6d4c41',
  '#c0ca33',
  '#d81b60',
]
export const colorFor = (name: string) =>
  PALETTE[[...name.toLowerCase()].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7) % PALETTE.length]

type Row = {
  id: number
  companyId: number
  name: string
  color: string
  kanban: number
  userId: number | null
  createdAt: Date | string
  updatedAt: Date | string
}
const COLUMNS = ['id', 'companyId', 'name', 'color', 'kanban', 'userId', 'createdAt', 'updatedAt']
const view = (r: Row, ticketsCount: number): Tag => ({
  ...r,
  kanban: r.kanban ? 1 : 0,
  ticketsCount,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})
const isAdmin = (auth: AuthInfo) => auth.profile === 'admin' || auth.super
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505'
// Serialises syncs of one ticket (delete + insert of its links), per transaction.
const SYNC_LOCK = 7411

export interface TagInput {
  name?: string
  color?: string
  kanban?: number
}

function clean(input: TagInput) {
  const out: Partial<Pick<Row, 'name' | 'color' | 'kanban'>> = {}
  if (input.name !== undefined) {
    out.name = input.name.trim().replace(/\s+/g, ' ')
    if (!out.name) throw badRequest('name', 'Name is required')
    if (out.name.length < NAME_MIN) throw tooShort('name', NAME_MIN)
    if (out.name.length > NAME_MAX) throw tooLong('name', NAME_MAX)
  }
  if (input.color !== undefined) {
    if (!isColor(input.color.trim())) throw badRequest('color', 'Color must be a hex colour such as #1e88e5')
    out.color = input.color.trim().toLowerCase()
  }
  if (input.kanban !== undefined) out.kanban = input.kanban ? 1 : 0
  return out
}

const nameTaken = () => conflict(ERR_TAG_NAME_IN_USE, 'A tag with this name already exists', { field: 'name' })

export function createTagService(kernel: Kernel) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')

  /** ticketsCount of some tags: one grouped query. */
  async function counts(t: TenantDb, tagIds: number[]) {
    const map = new Map<number, number>()
    if (!tagIds.length) return map
    const rows: { tagId: number; n: number | string }[] = await t('ticket_tags')
      .whereIn('tagId', tagIds)
      .groupBy('tagId')
      .select('tagId', t.knex.raw('count(*) as n'))
    for (const r of rows) map.set(r.tagId, Number(r.n))
    return map
  }

  async function withCounts(t: TenantDb, rows: Row[]) {
    const n = await counts(
      t,
      rows.map((r) => r.id),
    )
    return rows.map((r) => view(r, n.get(r.id) ?? 0))
  }

  async function row(t: TenantDb, id: number): Promise<Row> {
    const r = await t('tags').where({ id }).first(COLUMNS)
    if (!r) throw notFound(ERR_NO_TAG_FOUND, 'Tag not found')
    return r
  }

  /** Authors edit their own tags; admins any. The kanban flag is admins' only. */
  function checkWrite(auth: AuthInfo, current: Row | null, data: ReturnType<typeof clean>) {
    if (current && !isAdmin(auth) && current.userId !== auth.userId)
      throw new AppError(ErrorCodes.NO_PERMISSION, 403, 'Only its author or an admin may change this tag')
    const kanbanChanges = data.kanban !== undefined && data.kanban !== (current?.kanban ?? 0)
    if (kanbanChanges && !kernel.permissions.has(auth, KANBAN_PERMISSION)) {
      throw new AppError(ErrorCodes.NO_PERMISSION, 403, 'Only admins may change the kanban flag', { field: 'kanban' })
    }
  }

  async function nameFree(t: TenantDb, name: string, exceptId?: number) {
    const q = t('tags').whereRaw('lower(name) = lower(?)', [name])
    if (exceptId) q.whereNot('id', exceptId)
    if (await q.first('id')) throw nameTaken()
  }

  /** Emits the tags whose counts moved (after a sync or a deleted ticket). */
  async function announceCounts(t: TenantDb, tagIds: number[], emit: (tag: Tag) => void) {
    if (!tagIds.length) return
    const rows: Row[] = await t('tags').whereIn('id', tagIds).select(COLUMNS)
    for (const tag of await withCounts(t, rows)) emit(tag)
  }

  function searchable(t: TenantDb, searchParam = '') {
    const q = t('tags')
    const s = searchParam.trim()
    if (s) q.whereILike('name', likePattern(s))
    return q
  }

  return {
    async get(companyId: number, id: number) {
      const t = kernel.tenant(companyId)
      return (await withCounts(t, [await row(t, id)]))[0]
    },

    /** GET /tags: a page by name, with the total. */
    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const t = kernel.tenant(companyId)
      const offset = pageOffset(pageNumber)
      const rows: (Row & { total: number | string })[] = await searchable(t, searchParam)
        .orderByRaw('lower(name)')
        .limit(PAGE_SIZE + 1)
        .offset(offset)
        .select([...COLUMNS, t.knex.raw('count(*) OVER() AS total')])
      const page = rows.slice(0, PAGE_SIZE)
      const count = rows.length
        ? Number(rows[0].total)
        : Number(((await searchable(t, searchParam).count({ n: '*' }).first()) as { n?: unknown })?.n ?? 0)
      return {
        tags: await withCounts(
          t,
          page.map(({ total: _total, ...r }) => r),
        ),
        count,
        hasMore: rows.length > PAGE_SIZE,
      }
    },

    /** GET /tags/list and /tags/kanban: a bounded lookup by name. */
    async lookup(companyId: number, opts: { searchParam?: string; limit?: number; kanbanOnly?: boolean }) {
      const t = kernel.tenant(companyId)
      const q = searchable(t, opts.searchParam)
      if (opts.kanbanOnly) q.where('kanban', 1)
      const rows: Row[] = await q
        .orderByRaw('lower(name)')
        .limit(Math.min(opts.limit ?? LOOKUP_MAX, LOOKUP_MAX))
        .select(COLUMNS)
      return withCounts(t, rows)
    },

    async create(auth: AuthInfo, input: TagInput) {
      const data = clean(input)
      checkWrite(auth, null, data)
      const name = data.name!
      return kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        await nameFree(t, name)
        let created: Row
        try {
          ;[created] = await t
            .insert('tags', {
              name,
              color: data.color ?? colorFor(name),
              kanban: data.kanban ?? 0,
              userId: auth.userId,
            })
            .returning(COLUMNS)
        } catch (err) {
          throw isUniqueViolation(err) ? nameTaken() : err
        }
        const tag = view(created, 0)
        emit('tag.created', { companyId: auth.companyId, tag })
        return tag
      })
    },

    async update(auth: AuthInfo, id: number, input: TagInput) {
      return kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        // Found first: another company's id is a 404 whatever the body says.
        const current = await row(t, id)
        const data = clean(input)
        checkWrite(auth, current, data)
        if (data.name !== undefined && data.name.toLowerCase() !== current.name.toLowerCase())
          await nameFree(t, data.name, id)
        let updated: Row
        try {
          ;[updated] = await t('tags')
            .where({ id })
            .update({ ...data, updatedAt: new Date() })
            .returning(COLUMNS)
        } catch (err) {
          throw isUniqueViolation(err) ? nameTaken() : err
        }
        const [tag] = await withCounts(t, [updated])
        emit('tag.updated', { companyId: auth.companyId, tag })
        return tag
      })
    },

    /** Its links to tickets go with it (foreign key). */
    async remove(auth: AuthInfo, id: number) {
      await kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        checkWrite(auth, await row(t, id), {})
        await t('tags').where({ id }).delete()
        emit('tag.deleted', { companyId: auth.companyId, tagId: id })
      })
    },

    /**
     * POST /tags/sync: the ticket's tag set becomes exactly `tagIds`. Counts of the tags that gained
     * or lost the ticket are announced so open tag lists follow.
     */
    async sync(companyId: number, ticketId: number, tagIds: number[]): Promise<TicketTag[]> {
      // Read before the unit of work: embedded mode has one connection, held by the transaction.
      if (!(await tickets().get(companyId, ticketId))) throw notFound(ERR_NO_TICKET_FOUND, 'Ticket not found')
      const ids = [...new Set(tagIds)]
      return kernel.unitOfWork(companyId, async ({ db, t, emit }) => {
        await db.raw('select pg_advisory_xact_lock(?, ?)', [SYNC_LOCK, ticketId])
        const found: number[] = ids.length ? await t('tags').whereIn('id', ids).pluck('id') : []
        if (found.length !== ids.length) throw new AppError(ERR_NO_TAG_FOUND, 404, 'Tag not found', { field: 'tags' })
        const before: number[] = await t('ticket_tags').where({ ticketId }).pluck('tagId')
        const removed = before.filter((id) => !ids.includes(id))
        const added = ids.filter((id) => !before.includes(id))
        if (removed.length) await t('ticket_tags').where({ ticketId }).whereIn('tagId', removed).delete()
        if (added.length)
          await t
            .insert(
              'ticket_tags',
              added.map((tagId) => ({ ticketId, tagId })),
            )
            .onConflict(['ticketId', 'tagId'])
            .ignore()
        await announceCounts(t, [...removed, ...added], (tag) => emit('tag.updated', { companyId, tag }))
        if (removed.length || added.length) emit('ticketTags.synced', { companyId, ticketId, tagIds: ids })
        return (await tagsOf(t, [ticketId])).get(ticketId)!
      })
    },

    forTickets: (companyId: number, ticketIds: number[]) => tagsOf(kernel.tenant(companyId), ticketIds),

    ticketIdsWithAll: (companyId: number, tagIds: number[]) => {
      const ids = [...new Set(tagIds)]
      return kernel
        .tenant(companyId)('ticket_tags')
        .whereIn('tagId', ids)
        .groupBy('ticketId')
        .havingRaw('count(distinct "tagId") = ?', [ids.length])
        .select('ticketId')
    },

    /** A deleted ticket (another plugin's row) leaves no links behind. */
    async ticketDeleted(companyId: number, ticketId: number) {
      await kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const gone: { tagId: number }[] = await t('ticket_tags').where({ ticketId }).delete().returning('tagId')
        await announceCounts(
          t,
          gone.map((g) => g.tagId),
          (tag) => emit('tag.updated', { companyId, tag }),
        )
      })
    },
  }
}

/** The tags of some tickets, one query. */
async function tagsOf(t: TenantDb, ticketIds: number[]) {
  const ids = [...new Set(ticketIds)]
  const map = new Map<number, TicketTag[]>(ids.map((id) => [id, []]))
  if (!ids.length) return map
  const rows: (TicketTag & { ticketId: number })[] = await t('ticket_tags as tt')
    .join('tags as tg', (j) => j.on('tg.id', 'tt.tagId').andOn('tg.companyId', 'tt.companyId'))
    .whereIn('tt.ticketId', ids)
    .orderByRaw('lower(tg.name)')
    .select('tt.ticketId', 'tg.id', 'tg.name', 'tg.color', 'tg.kanban')
  for (const { ticketId, ...tag } of rows) map.get(ticketId)?.push({ ...tag, kanban: tag.kanban ? 1 : 0 })
  return map
}

export type TagService = ReturnType<typeof createTagService>
