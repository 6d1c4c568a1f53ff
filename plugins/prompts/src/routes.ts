import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@atende/sdk'
import { Prompt } from './api.ts'
import { PromptBody, PromptsList, errors } from './schemas.ts'
import type { PromptService } from './service.ts'

const tags = ['prompts']
const admin = { admin: true }

/** Prompts under /api, for admins. */
export function registerPromptRoutes(root: FastifyInstance, service: PromptService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/prompt',
    {
      config: admin,
      schema: { tags, summary: 'Every prompt of the company, by name', response: { 200: PromptsList, ...errors } },
    },
    async (req) => service.list(req.auth.companyId),
  )
  app.get(
    '/prompt/:id',
    { config: admin, schema: { tags, summary: 'One prompt', params: IdParams, response: { 200: Prompt, ...errors } } },
    async (req) => service.get(req.auth.companyId, req.params.id),
  )
  app.post(
    '/prompt',
    {
      config: admin,
      schema: { tags, summary: 'Add a prompt', body: PromptBody, response: { 200: Prompt, ...errors } },
    },
    async (req) => service.create(req.auth.companyId, req.body),
  )
  app.put(
    '/prompt/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a prompt (an empty apiKey or voiceKey keeps the stored one)',
        params: IdParams,
        body: PromptBody,
        response: { 200: Prompt, ...errors },
      },
    },
    async (req) => service.update(req.auth.companyId, req.params.id, req.body),
  )
  app.delete(
    '/prompt/:id',
    {
      config: admin,
      schema: { tags, summary: 'Delete a prompt', params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (req) => {
      await service.remove(req.auth.companyId, req.params.id)
      return { message: 'Prompt deleted' }
    },
  )
}
