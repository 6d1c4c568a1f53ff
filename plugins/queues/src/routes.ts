import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams, MessageResponse } from '@atende/sdk'
import type { QueueService } from './service.ts'
import type { OptionService } from './options.ts'
import {
  CreateBody,
  ListQuery,
  OptionCreateBody,
  OptionQuery,
  OptionUpdateBody,
  Queue,
  QueueOption,
  UpdateBody,
  errors,
} from './schemas.ts'

const tags = ['queues']
const admin = { admin: true }

/** Reads for every user of the company, writes for admins. */
export function registerQueueRoutes(root: FastifyInstance, queues: QueueService, options: OptionService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const id = (req: { params: IdParams }) => req.params.id

  app.get(
    '/queue',
    {
      schema: {
        tags,
        summary: "The company's queues by orderQueue then name (bounded: limit/offset)",
        querystring: ListQuery,
        response: { 200: Type.Array(Queue), ...errors },
      },
    },
    async (request) => queues.list(request.auth.companyId, request.query),
  )

  app.get(
    '/queue/:id',
    {
      schema: { tags, summary: 'One queue', params: IdParams, response: { 200: Queue, ...errors } },
    },
    async (request) => queues.get(request.auth.companyId, id(request)),
  )

  app.post(
    '/queue',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a queue (plan limit; colour unique; greeting required beyond one queue)',
        body: CreateBody,
        response: { 200: Queue, ...errors },
      },
    },
    async (request) => queues.create(request.auth.companyId, request.body),
  )

  app.put(
    '/queue/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a queue (fields, schedules, promptId, redirect)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Queue, ...errors },
      },
    },
    async (request) => queues.update(request.auth.companyId, id(request), request.body),
  )

  app.delete(
    '/queue/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a queue with its options; users and connections drop it',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await queues.remove(request.auth.companyId, id(request))
      return { message: 'Queue deleted' }
    },
  )

  app.get(
    '/queue-options',
    {
      schema: {
        tags,
        summary: 'Queue options (the chatbot menu tree); queueId and parentId (-1: top level) pick one level',
        querystring: OptionQuery,
        response: { 200: Type.Array(QueueOption), ...errors },
      },
    },
    async (request) => options.list(request.auth.companyId, request.query),
  )

  app.get(
    '/queue-options/:id',
    {
      schema: { tags, summary: 'One queue option', params: IdParams, response: { 200: QueueOption, ...errors } },
    },
    async (request) => options.get(request.auth.companyId, id(request)),
  )

  app.post(
    '/queue-options',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add an option under a queue or another option',
        body: OptionCreateBody,
        response: { 200: QueueOption, ...errors },
      },
    },
    async (request) => options.create(request.auth.companyId, request.body),
  )

  app.put(
    '/queue-options/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an option',
        params: IdParams,
        body: OptionUpdateBody,
        response: { 200: QueueOption, ...errors },
      },
    },
    async (request) => options.update(request.auth.companyId, id(request), request.body),
  )

  app.delete(
    '/queue-options/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an option and its sub-options',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await options.remove(request.auth.companyId, id(request))
      return { message: 'Queue option deleted' }
    },
  )
}
