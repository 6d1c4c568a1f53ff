import { PAGE_SIZE, badRequest, likePattern, notFound, pageOffset, pickDefined, toIso, type Kernel, type TenantDb } from '@atende/sdk'
import type { __Entity__ } from './api.ts'
import type { CreateBody, UpdateBody } from './schemas.ts'

/** Translated by the client (modules/__name__/src/i18n, `errors.` keys). */
export const NOT_FOUND = '__ERR_NOT_FOUND__'

interface Row { id: number; companyId: number; name: string; description: string; createdAt: Date | string; updatedAt: Date | string }
const TABLE = '__table__'
const COLUMNS = ['id', 'companyId', 'name', 'description', 'createdAt', 'updatedAt']

const view = (r: Row): __Entity__ => ({
  id: r.id, companyId: r.companyId, name: r.name, description: r.description,
  createdAt: toIso(r.createdAt), updatedAt: toIso(r.updatedAt),
})

/** The schema counts spaces as characters; a name of spaces only is still no name. */
function cleanName(name: string) {
  const trimmed = name.trim()
  if (!trimmed) throw badRequest('name', 'Name is required')
  return trimmed
}

/** The columns an edit may set, picked by name: a body is never spread into a write. */
function changes(input: UpdateBody) {
  const out = pickDefined(input, ['name', 'description'])
  if (out.name !== undefined) out.name = cleanName(out.name)
  return out
}

/** Every query goes through kernel.tenant(companyId): another company's id is simply not found. */
export function create__Entity__Service(kernel: Kernel) {
  async function find(t: TenantDb, id: number): Promise<Row> {
    const row = await t(TABLE).where({ id }).first(COLUMNS)
    if (!row) throw notFound(NOT_FOUND, '__Title__ record not found')
    return row
  }

  function search(t: TenantDb, searchParam = '') {
    const q = t(TABLE)
    const s = searchParam.trim()
    if (s) q.where((w) => w.whereILike('name', likePattern(s)).orWhereILike('description', likePattern(s)))
    return q
  }

  return {
    async get(companyId: number, id: number) {
      return view(await find(kernel.tenant(companyId), id))
    },

    /** A page by name (then id, so pages never overlap), with the total of the search. */
    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const t = kernel.tenant(companyId)
      const rows: Row[] = await search(t, searchParam).orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(PAGE_SIZE + 1).offset(pageOffset(pageNumber)).select(COLUMNS)
      const total = (await search(t, searchParam).count({ n: '*' }).first()) as { n: number | string } | undefined
      return { records: rows.slice(0, PAGE_SIZE).map(view), hasMore: rows.length > PAGE_SIZE, count: Number(total?.n ?? 0) }
    },

    async create(companyId: number, input: CreateBody) {
      // t.insert stamps the caller's companyId on the row.
      const [row] = await kernel.tenant(companyId).insert(TABLE, { name: cleanName(input.name), description: input.description ?? '' }).returning(COLUMNS)
      const record = view(row)
      // Open screens hear it (events.ts): after the write, from every process.
      await kernel.bus.emit('__entity__.saved', { companyId, action: 'create', record })
      return record
    },

    async update(companyId: number, id: number, input: UpdateBody) {
      const [row] = await kernel.tenant(companyId)(TABLE).where({ id }).update({ ...changes(input), updatedAt: new Date() }).returning(COLUMNS)
      if (!row) throw notFound(NOT_FOUND, '__Title__ record not found')
      const record = view(row)
      await kernel.bus.emit('__entity__.saved', { companyId, action: 'update', record })
      return record
    },

    async remove(companyId: number, id: number) {
      // returning() rather than the affected count: PGlite's driver does not report counts.
      const rows = await kernel.tenant(companyId)(TABLE).where({ id }).delete().returning('id')
      if (!rows.length) throw notFound(NOT_FOUND, '__Title__ record not found')
      await kernel.bus.emit('__entity__.deleted', { companyId, id })
    },
  }
}

export type __Entity__Service = ReturnType<typeof create__Entity__Service>
