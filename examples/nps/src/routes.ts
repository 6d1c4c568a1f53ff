import type { FastifyInstance } from 'fastify'
import { ListQuery, PAGE_SIZE, pageOffset, toIso, type Kernel } from '@atende/sdk'
import { CreateBody, NpsResponse, ResponsesPage, Summary, errors } from './schemas.ts'

const TABLE = 'nps_responses'
const COLUMNS = ['id', 'score', 'comment', 'createdAt']
const tags = ['nps']

interface Row {
  id: number
  score: number
  comment: string
  createdAt: Date | string
}
const view = (r: Row): NpsResponse => ({ id: r.id, score: r.score, comment: r.comment, createdAt: toIso(r.createdAt) })

/** /api/nps: answers are the company's own, read and written only through kernel.tenant. */
export function registerNpsRoutes(app: FastifyInstance, kernel: Kernel) {
  app.get<{ Querystring: ListQuery }>(
    '/nps/responses',
    {
      schema: {
        tags,
        summary: 'The NPS answers, newest first, a page at a time',
        querystring: ListQuery,
        response: { 200: ResponsesPage, ...errors },
      },
    },
    async (request) => {
      const rows: Row[] = await kernel
        .tenant(request.auth.companyId)(TABLE)
        .orderBy('id', 'desc')
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(request.query.pageNumber))
        .select(COLUMNS)
      return { responses: rows.slice(0, PAGE_SIZE).map(view), hasMore: rows.length > PAGE_SIZE }
    },
  )

  app.post<{ Body: CreateBody }>(
    '/nps/responses',
    {
      schema: { tags, summary: 'Record an NPS answer', body: CreateBody, response: { 200: NpsResponse, ...errors } },
    },
    async (request) => {
      const { score, comment } = request.body
      const [row] = await kernel
        .tenant(request.auth.companyId)
        .insert(TABLE, { score, comment: comment?.trim() ?? '' })
        .returning(COLUMNS)
      return view(row)
    },
  )

  app.get(
    '/nps/summary',
    { schema: { tags, summary: 'Promoters, passives, detractors and the NPS', response: { 200: Summary, ...errors } } },
    async (request) => {
      const row = (await kernel
        .tenant(request.auth.companyId)(TABLE)
        .select(
          kernel.db.raw('count(*) as total'),
          kernel.db.raw('count(*) filter (where score >= 9) as promoters'),
          kernel.db.raw('count(*) filter (where score <= 6) as detractors'),
        )
        .first()) as { total: string | number; promoters: string | number; detractors: string | number }
      const [total, promoters, detractors] = [row.total, row.promoters, row.detractors].map(Number) as [
        number,
        number,
        number,
      ]
      const score = total ? Math.round(((promoters - detractors) * 100) / total) : null
      return { total, promoters, detractors, passives: total - promoters - detractors, score }
    },
  )
}
