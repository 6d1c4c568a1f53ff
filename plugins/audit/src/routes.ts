import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, ErrorCodes } from '@atende/sdk'
import { AuditPage } from './api.ts'
import { AUDITED_ENTITIES } from './events.ts'
import { AuditQuery, EntitiesAnswer, errors } from './schemas.ts'
import type { AuditService } from './service.ts'

const tags = ['audit']
const admin = { admin: true }

/** Read-only: there is no route that adds, edits or deletes an entry. */
export function registerAuditRoutes(root: FastifyInstance, service: AuditService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/audit',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Changes to configuration and access, newest first: the admin's company; the super user's, every company (or companyId's)",
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errors },
      },
    },
    async (request) => {
      const { auth } = request
      const { companyId, ...filters } = request.query
      if (!auth.super && companyId !== undefined && companyId !== auth.companyId)
        throw new AppError(ErrorCodes.NO_PERMISSION, 403, "Only the super user reads other companies' logs")
      return service.page(auth.super ? (companyId ?? null) : auth.companyId, filters)
    },
  )

  app.get(
    '/audit/entities',
    {
      config: admin,
      schema: { tags, summary: 'The kinds of record the log follows', response: { 200: EntitiesAnswer, ...errors } },
    },
    async () => ({ entities: AUDITED_ENTITIES }),
  )
}
