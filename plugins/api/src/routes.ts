import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@atende/sdk'
import { GenerateBody, Generated, TokenList, errors } from './schemas.ts'
import type { TokenService } from './tokens.ts'

const tags = ['api-tokens']
const config = { admin: true }

/** The /api-tokens screen's routes: company admins only. */
export function registerTokenRoutes(root: FastifyInstance, tokens: TokenService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api-tokens',
    {
      config,
      schema: {
        tags,
        summary: "The company's API tokens, newest first (previews only)",
        response: { 200: TokenList, ...errors },
      },
    },
    async (request) => ({ data: await tokens.list(request.auth.companyId) }),
  )

  app.post(
    '/api-tokens/generate',
    {
      config,
      schema: {
        tags,
        summary: 'Issue a token; the whole token is in this answer only',
        body: GenerateBody,
        response: { 200: Generated, ...errors },
      },
    },
    async (request) => ({ data: await tokens.generate(request.auth.companyId, request.body) }),
  )

  app.delete(
    '/api-tokens/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a token (it stays listed, inactive)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await tokens.revoke(request.auth.companyId, request.params.id)
      return { message: 'API token revoked' }
    },
  )
}
