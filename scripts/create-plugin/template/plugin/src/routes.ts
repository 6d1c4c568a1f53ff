import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, ListQuery, MessageResponse } from '@atende/sdk'
import { MANAGE_PERMISSION, __Entity__ } from './api.ts'
import { CreateBody, RecordsPage, UpdateBody, errors } from './schemas.ts'
import type { __Entity__Service } from './service.ts'

const tags = ['__name__']
const manage = { permission: MANAGE_PERMISSION }

/**
 * The __name__ routes under /api. The type provider types request.params/query/body from their
 * schemas and checks each answer against its response schema.
 */
export function register__Name__Routes(root: FastifyInstance, service: __Entity__Service) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get('/__name__', {
    schema: { tags, summary: "The company's __Title__ records by name, searchable, a page at a time", querystring: ListQuery, response: { 200: RecordsPage, ...errors } },
  }, async (request) => {
    const { searchParam, pageNumber } = request.query
    return service.page(request.auth.companyId, searchParam, pageNumber)
  })

  app.get('/__name__/:id', {
    schema: { tags, summary: 'One __Title__ record', params: IdParams, response: { 200: __Entity__, ...errors } },
  }, async (request) => service.get(request.auth.companyId, request.params.id))

  app.post('/__name__', {
    config: manage,
    schema: { tags, summary: 'Add a __Title__ record', body: CreateBody, response: { 200: __Entity__, ...errors } },
  }, async (request) => service.create(request.auth.companyId, request.body))

  app.put('/__name__/:id', {
    config: manage,
    schema: { tags, summary: 'Edit a __Title__ record', params: IdParams, body: UpdateBody, response: { 200: __Entity__, ...errors } },
  }, async (request) => service.update(request.auth.companyId, request.params.id, request.body))

  app.delete('/__name__/:id', {
    config: manage,
    schema: { tags, summary: 'Delete a __Title__ record', params: IdParams, response: { 200: MessageResponse, ...errors } },
  }, async (request) => {
    await service.remove(request.auth.companyId, request.params.id)
    return { message: '__Title__ record deleted' }
  })
}
