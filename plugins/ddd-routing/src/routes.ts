import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { MessageResponse } from '@atende/sdk'
import { DddRoute } from './api.ts'
import { CreateBody, RemoveParams, RouteList, UserParams, errors } from './schemas.ts'
import type { DddRoutingService } from './service.ts'

const tags = ['ddd-routing']
const admin = { admin: true }

/** Reads for every user of the company, writes for admins. */
export function registerDddRoutingRoutes(root: FastifyInstance, service: DddRoutingService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/ddd-routing',
    {
      schema: {
        tags,
        summary: "The company's DDD assignments (userId, ddd), by user then DDD",
        response: { 200: RouteList, ...errors },
      },
    },
    async (request) => service.list(request.auth.companyId),
  )

  app.get(
    '/ddd-routing/user/:id',
    {
      schema: {
        tags,
        summary: "One user's DDDs (404 for a user not of the company)",
        params: UserParams,
        response: { 200: RouteList, ...errors },
      },
    },
    async (request) => service.ofUser(request.auth.companyId, request.params.id),
  )

  app.post(
    '/ddd-routing',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Give a user a DDD (two digits 1–9; 409 ERR_DDD_DUPLICATE when they hold it)',
        body: CreateBody,
        response: { 200: DddRoute, ...errors },
      },
    },
    async (request) => service.add(request.auth.companyId, request.body),
  )

  app.delete(
    '/ddd-routing/user/:userId/ddd/:ddd',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Take a DDD from a user',
        params: RemoveParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.auth.companyId, request.params.userId, request.params.ddd)
      return { message: 'DDD removido com sucesso!' }
    },
  )
}
