import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import { IdParams, MessageResponse, type Kernel } from '@atende/sdk'
import { Type } from '@sinclair/typebox'
import type { ConnectionService, WhatsappInput } from './service.ts'
import { CreateBody, ListQuery, UpdateBody, Whatsapp, errors } from './schemas.ts'

const tags = ['connections']

/** Connection CRUD (core.md §7: /whatsapp). Reads for every user of the company; writes for admins. */
export function registerConnectionRoutes(app: FastifyInstance, _kernel: Kernel, connections: ConnectionService) {
  const id = (req: { params: unknown }) => (req.params as IdParams).id

  app.get('/whatsapp', {
    schema: { tags, summary: "The company's connections, by name, with their queue ids", querystring: ListQuery, response: { 200: Type.Array(Whatsapp), ...errors } },
  }, async (request) => connections.list(request.auth.companyId))

  app.get('/whatsapp/:id', {
    schema: { tags, summary: 'One connection', params: IdParams, querystring: ListQuery, response: { 200: Whatsapp, ...errors } },
  }, async (request) => connections.get(request.auth.companyId, id(request)))

  app.post('/whatsapp', {
    config: { permission: 'connections-page:addConnection' },
    schema: { tags, summary: 'Add a connection (plan limit; the first is the default; simulator sessions start at once)', body: CreateBody, response: { 200: Whatsapp, ...errors } },
  }, async (request) => connections.create(request.auth.companyId, request.body as WhatsappInput))

  app.put('/whatsapp/:id', {
    config: { permission: 'connections-page:editOrDeleteConnection' },
    schema: { tags, summary: 'Edit a connection', params: IdParams, body: UpdateBody, response: { 200: Whatsapp, ...errors } },
  }, async (request) => connections.update(request.auth.companyId, id(request), request.body as Static<typeof UpdateBody> as Partial<WhatsappInput>))

  app.delete('/whatsapp/:id', {
    config: { permission: 'connections-page:editOrDeleteConnection' },
    schema: { tags, summary: 'Delete a connection (ends its session; the default passes to the oldest other one)', params: IdParams, response: { 200: MessageResponse, ...errors } },
  }, async (request) => {
    await connections.remove(request.auth.companyId, id(request))
    return { message: 'Whatsapp deleted.' }
  })
}
