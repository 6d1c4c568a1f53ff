import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@atende/sdk'
import { Task } from './api.ts'
import { CreateBody, TasksPage, TasksQuery, UpdateBody, errors } from './schemas.ts'
import type { TaskService } from './service.ts'

const tags = ['tasks']

/**
 * The tasks routes under /api. Everyone may call them; what a caller sees and
 * changes is decided by the service (tasks:all, or the tasks assigned to them).
 */
export function registerTasksRoutes(root: FastifyInstance, service: TaskService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: "The tasks the caller sees (admins: all the company's) by day, dateless last, 50 a page",
        querystring: TasksQuery,
        response: { 200: TasksPage, ...errors },
      },
    },
    async (request) => service.page(request.auth, request.query.pageNumber),
  )

  app.get(
    '/tasks/:id',
    { schema: { tags, summary: 'One task the caller sees', params: IdParams, response: { 200: Task, ...errors } } },
    async (request) => service.get(request.auth, request.params.id),
  )

  app.post(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'Add a task (userid: a list or its JSON string; empty: the caller)',
        body: CreateBody,
        response: { 200: Task, ...errors },
      },
    },
    async (request) => service.create(request.auth, request.body),
  )

  app.put(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Edit a task (its users: only an admin or its author)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Task, ...errors },
      },
    },
    async (request) => service.update(request.auth, request.params.id, request.body),
  )

  app.delete(
    '/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a task (an admin, or its author)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.auth, request.params.id)
      return { message: 'Task deleted' }
    },
  )
}
