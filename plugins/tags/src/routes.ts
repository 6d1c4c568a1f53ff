import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams, MessageResponse } from '@atende/sdk'
import type { TagService } from './service.ts'
import {
  CreateBody,
  LookupQuery,
  PageQuery,
  SyncBody,
  SyncResult,
  Tag,
  TagsPage,
  UpdateBody,
  errors,
} from './schemas.ts'

const tags = ['tags']

/** Tag routes (GET /tags/list, POST /tags, POST /tags/sync). */
export function registerTagRoutes(root: FastifyInstance, service: TagService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const id = (req: { params: IdParams }) => req.params.id

  app.get(
    '/tags',
    {
      schema: {
        tags,
        summary: "The company's tags by name, searchable, a page at a time, with ticketsCount",
        querystring: PageQuery,
        response: { 200: TagsPage, ...errors },
      },
    },
    async (request) => {
      const { searchParam, pageNumber } = request.query
      return service.page(request.auth.companyId, searchParam, pageNumber)
    },
  )

  app.get(
    '/tags/list',
    {
      schema: {
        tags,
        summary: 'Lookup list of tags by name (the ticket tag picker); bounded by limit',
        querystring: LookupQuery,
        response: { 200: Type.Array(Tag), ...errors },
      },
    },
    async (request) => {
      const { searchParam, limit } = request.query
      return service.lookup(request.auth.companyId, { searchParam, limit })
    },
  )

  app.get(
    '/tags/kanban',
    {
      schema: {
        tags,
        summary: 'The tags that are kanban columns, by name; bounded by limit',
        querystring: LookupQuery,
        response: { 200: Type.Array(Tag), ...errors },
      },
    },
    async (request) => {
      const { searchParam, limit } = request.query
      return service.lookup(request.auth.companyId, { searchParam, limit, kanbanOnly: true })
    },
  )

  app.get(
    '/tags/:id',
    {
      schema: { tags, summary: 'One tag', params: IdParams, response: { 200: Tag, ...errors } },
    },
    async (request) => service.get(request.auth.companyId, id(request)),
  )

  app.post(
    '/tags',
    {
      schema: {
        tags,
        summary: 'Add a tag (anyone; kanban only by admins)',
        body: CreateBody,
        response: { 200: Tag, ...errors },
      },
    },
    async (request) => service.create(request.auth, request.body),
  )

  app.post(
    '/tags/sync',
    {
      schema: { tags, summary: "Replace a ticket's tags", body: SyncBody, response: { 200: SyncResult, ...errors } },
    },
    async (request) => {
      const { ticketId, tags: refs } = request.body
      const tagIds = refs.map((r) => (typeof r === 'number' ? r : r.id))
      return { ticketId, tags: await service.sync(request.auth.companyId, ticketId, tagIds) }
    },
  )

  app.put(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Edit a tag (its author or an admin; kanban only by admins)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Tag, ...errors },
      },
    },
    async (request) => service.update(request.auth, id(request), request.body),
  )

  app.delete(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tag (its author or an admin); tickets lose it',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.auth, id(request))
      return { message: 'Tag deleted' }
    },
  )
}
