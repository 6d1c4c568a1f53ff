import { PAGE_SIZE, badRequest, notFound, pageOffset, type Kernel, toIso, likePattern } from '@atende/sdk'

export const ERR_NO_HELP_FOUND = 'ERR_NO_HELP_FOUND'
export interface HelpInput {
  title: string
  video?: string
  description?: string
}

const COLUMNS = ['id', 'title', 'video', 'description', 'createdAt', 'updatedAt']
const view = (r: {
  id: number
  title: string
  video: string
  description: string
  createdAt: Date
  updatedAt: Date
}) => ({ ...r, createdAt: toIso(r.createdAt), updatedAt: toIso(r.updatedAt) })

function clean(input: Partial<HelpInput>) {
  const out: Partial<HelpInput> = {}
  if (input.title !== undefined) {
    out.title = input.title.trim()
    if (!out.title) throw badRequest('title', 'Title is required')
  }
  if (input.video !== undefined) out.video = input.video.trim()
  if (input.description !== undefined) out.description = input.description
  return out
}

/** Helps are platform-wide rows (no companyId), so queries use kernel.db rather than kernel.tenant. */
export function createHelpService(kernel: Kernel) {
  const db = kernel.db
  async function get(id: number) {
    const row = await db('helps').where({ id }).first(COLUMNS)
    if (!row) throw notFound(ERR_NO_HELP_FOUND, 'Help not found')
    return view(row)
  }
  return {
    get,
    async list(searchParam = '', pageNumber = 1) {
      const q = db('helps').orderBy([{ column: 'title' }, { column: 'id' }])
      const s = searchParam.trim()
      if (s) q.where((w) => w.whereILike('title', likePattern(s)).orWhereILike('description', likePattern(s)))
      const rows = await q
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
        .select(COLUMNS)
      return { helps: rows.slice(0, PAGE_SIZE).map(view), hasMore: rows.length > PAGE_SIZE }
    },
    async all() {
      return (
        await db('helps')
          .orderBy([{ column: 'title' }, { column: 'id' }])
          .select(COLUMNS)
      ).map(view)
    },
    async create(input: HelpInput) {
      const { title, video = '', description = '' } = clean(input) as HelpInput
      const [row] = await db('helps').insert({ title, video, description }).returning(COLUMNS)
      return view(row)
    },
    async update(id: number, input: Partial<HelpInput>) {
      const [row] = await db('helps')
        .where({ id })
        .update({ ...clean(input), updatedAt: new Date() })
        .returning(COLUMNS)
      if (!row) throw notFound(ERR_NO_HELP_FOUND, 'Help not found')
      return view(row)
    },
    async remove(id: number) {
      // returning() rather than the affected count: PGlite's driver does not report counts.
      const rows = await db('helps').where({ id }).delete().returning('id')
      if (!rows.length) throw notFound(ERR_NO_HELP_FOUND, 'Help not found')
    },
  }
}
