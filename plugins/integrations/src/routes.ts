import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@atende/sdk'
import { Type } from '@sinclair/typebox'
import {
  IntegrationBody,
  IntegrationsPage,
  IntegrationsQuery,
  QueueIntegration,
  TestSessionBody,
  errors,
} from './schemas.ts'
import type { IntegrationService } from './service.ts'

const tags = ['integrations']
const admin = { admin: true }

/** Queue integrations under /api, for admins. */
export function registerIntegrationRoutes(root: FastifyInstance, service: IntegrationService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/queueIntegration',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Integrations by name, searchable, a page at a time',
        querystring: IntegrationsQuery,
        response: { 200: IntegrationsPage, ...errors },
      },
    },
    async (req) => service.page(req.auth.companyId, req.query.searchParam, req.query.pageNumber),
  )
  app.get(
    '/queueIntegration/:id',
    {
      config: admin,
      schema: { tags, summary: 'One integration', params: IdParams, response: { 200: QueueIntegration, ...errors } },
    },
    async (req) => service.get(req.auth.companyId, req.params.id),
  )
  app.post(
    '/queueIntegration',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add an integration (its fields checked per type; a private or local URL is refused)',
        body: IntegrationBody,
        response: { 200: QueueIntegration, ...errors },
      },
    },
    async (req) => service.create(req.auth.companyId, req.body),
  )
  app.put(
    '/queueIntegration/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an integration (an empty jsonContent keeps the stored key)',
        params: IdParams,
        body: IntegrationBody,
        response: { 200: QueueIntegration, ...errors },
      },
    },
    async (req) => service.update(req.auth.companyId, req.params.id, req.body),
  )
  app.delete(
    '/queueIntegration/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an integration',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await service.remove(req.auth.companyId, req.params.id)
      return { message: 'Integration deleted' }
    },
  )
  app.post(
    '/queueIntegration/testSession',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Test a Dialogflow agent: a token for the key and "Olá" to the agent (400 ERR_DIALOGFLOW_* with the reason)',
        body: TestSessionBody,
        response: { 200: Type.Object({ message: Type.String() }), ...errors },
      },
    },
    async (req) => service.testSession(req.auth.companyId, req.body),
  )
}
