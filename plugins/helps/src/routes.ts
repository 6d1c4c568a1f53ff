import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams, ListQuery, ListResponse, MessageResponse, type Kernel, errorResponses } from '@atende/sdk'
import { createHelpService } from './service.ts'

const tags = ['helps']
export const Help = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  video: Type.String({ description: 'video code (e.g. a YouTube id)' }),
  description: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
const fields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  video: Type.String({ maxLength: 200 }),
  description: Type.String({ maxLength: 10_000 }),
}
const CreateBody = Type.Object({
  title: fields.title,
  video: Type.Optional(fields.video),
  description: Type.Optional(fields.description),
})
const UpdateBody = Type.Partial(CreateBody)
const errors = errorResponses(400, 403, 404)

export function registerHelpRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const helps = createHelpService(kernel)

  app.get(
    '/helps',
    {
      schema: {
        tags,
        summary: 'Help videos, searchable and paginated',
        querystring: ListQuery,
        response: { 200: ListResponse('helps', Help), ...errors },
      },
    },
    async (request) => {
      const { searchParam, pageNumber } = request.query
      return helps.list(searchParam, pageNumber)
    },
  )

  app.get(
    '/helps/list',
    {
      schema: { tags, summary: 'Every help video', response: { 200: Type.Array(Help), ...errors } },
    },
    async () => helps.all(),
  )

  app.get(
    '/helps/:id',
    {
      schema: { tags, summary: 'One help video', params: IdParams, response: { 200: Help, ...errors } },
    },
    async (request) => helps.get(request.params.id),
  )

  app.post(
    '/helps',
    {
      config: { super: true },
      schema: { tags, summary: 'Add a help video (super user)', body: CreateBody, response: { 201: Help, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await helps.create(request.body)),
  )

  app.put(
    '/helps/:id',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Edit a help video (super user)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Help, ...errors },
      },
    },
    async (request) => helps.update(request.params.id, request.body),
  )

  app.delete(
    '/helps/:id',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Delete a help video (super user)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await helps.remove(request.params.id)
      return { message: 'Help deleted' }
    },
  )
}
