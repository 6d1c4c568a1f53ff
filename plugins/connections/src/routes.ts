import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse, type Kernel } from '@atende/sdk'
import { Type } from '@sinclair/typebox'
import type { ConnectionService } from './service.ts'
import { CreateBody, ListQuery, UpdateBody, Whatsapp, errors } from './schemas.ts'

const tags = ['connections']

/** Connection CRUD (/whatsapp). Reads for every user of the company; writes for admins. */
/** The token an admin just set is answered once, in this answer alone; every read shows only its preview. */
const withToken = <T extends { token: string }>(view: T, token: string | undefined) =>
  token ? { ...view, token } : view

export function registerConnectionRoutes(root: FastifyInstance, _kernel: Kernel, connections: ConnectionService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const id = (req: { params: IdParams }) => req.params.id

  app.get(
    '/whatsapp',
    {
      schema: {
        tags,
        summary: "The company's connections, by name, with their queue ids",
        querystring: ListQuery,
        response: { 200: Type.Array(Whatsapp), ...errors },
      },
    },
    async (request) => connections.list(request.auth.companyId),
  )

  app.get(
    '/whatsapp/:id',
    {
      schema: {
        tags,
        summary: 'One connection',
        params: IdParams,
        querystring: ListQuery,
        response: { 200: Whatsapp, ...errors },
      },
    },
    async (request) => connections.get(request.auth.companyId, id(request)),
  )

  app.post(
    '/whatsapp',
    {
      config: { permission: 'connections-page:addConnection' },
      schema: {
        tags,
        summary: 'Add a connection (plan limit; the first is the default; simulator sessions start at once)',
        body: CreateBody,
        response: { 200: Whatsapp, ...errors },
      },
    },
    async (request) => withToken(await connections.create(request.auth.companyId, request.body), request.body.token),
  )

  app.put(
    '/whatsapp/:id',
    {
      config: { permission: 'connections-page:editOrDeleteConnection' },
      schema: {
        tags,
        summary: 'Edit a connection',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Whatsapp, ...errors },
      },
    },
    async (request) =>
      withToken(await connections.update(request.auth.companyId, id(request), request.body), request.body.token),
  )

  app.delete(
    '/whatsapp/:id',
    {
      config: { permission: 'connections-page:editOrDeleteConnection' },
      schema: {
        tags,
        summary: 'Delete a connection (ends its session; the default passes to the oldest other one)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await connections.remove(request.auth.companyId, id(request))
      return { message: 'Whatsapp deleted.' }
    },
  )
}
