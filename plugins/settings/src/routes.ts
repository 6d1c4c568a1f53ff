import { errorResponses } from '@atende/sdk'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from '@sinclair/typebox'
import type { Kernel } from '@atende/sdk'
import { createSettingService } from './service.ts'

const tags = ['settings']
export const Setting = Type.Object({ key: Type.String(), value: Type.String() })
const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) })
type KeyParams = Static<typeof KeyParams>
// The client sends { key, value }; the key comes from the path, so a body key is ignored.
const SetBody = Type.Object({ value: Type.String({ maxLength: 200 }), key: Type.Optional(Type.String()) })
const errors = errorResponses(400, 403, 404)

export function registerSettingRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const settings = createSettingService(kernel)

  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: "The caller company's settings (defaults included)",
        response: { 200: Type.Array(Setting), ...errors },
      },
    },
    async (request) => settings.all(request.auth.companyId),
  )

  app.get(
    '/settings/:key',
    {
      schema: {
        tags,
        summary: 'One setting of the caller company',
        params: KeyParams,
        response: { 200: Setting, ...errors },
      },
    },
    async (request) => settings.get(request.auth.companyId, request.params.key),
  )

  app.put(
    '/settings/:key',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          "Change one setting (admin; the platform's own switches, such as campaignsEnabled, the super user's only)",
        params: KeyParams,
        body: SetBody,
        response: { 200: Setting, ...errors },
      },
    },
    async (request) =>
      settings.set(request.auth.companyId, request.params.key, request.body.value, { super: !!request.auth.super }),
  )

  app.get(
    '/public-settings/:key',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A platform setting the login and sign-up screens need (userCreation only)',
        security: [],
        params: KeyParams,
        response: { 200: Setting, 404: { $ref: 'ErrorResponse#' } },
      },
    },
    async (request) => settings.getPublic(request.params.key),
  )
}
