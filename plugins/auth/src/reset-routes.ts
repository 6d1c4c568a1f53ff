import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { Kernel } from '@atende/sdk'
import { ErrorResponse, MessageResponse } from '@atende/sdk'
import { createResetService } from './reset.ts'
import { normaliseEmail } from './service.ts'

const Err = Type.Ref(ErrorResponse)
const tags = ['auth']
const Email = Type.String({ minLength: 3, maxLength: 200 })
const Cnpj = Type.String({ maxLength: 30, description: 'company CNPJ, masked or digits' })

const perIpAndEmail = (prefix: string) => (req: FastifyRequest) =>
  `${prefix}:${req.ip}:${normaliseEmail((req.params as { email?: string }).email)}`

/** administration.md §7 password reset: request a code by mail, then exchange it for a new password. */
export function registerResetRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const svc = createResetService(kernel)

  app.post(
    '/forgetpassword/:email',
    {
      config: { public: true, rateLimit: { max: 5, timeWindow: '1 minute', keyGenerator: perIpAndEmail('forget') } },
      schema: {
        tags,
        summary: 'Mail a 6-digit verification code to a user of the company with this CNPJ',
        params: Type.Object({ email: Email }),
        body: Type.Object({ cnpj: Cnpj }),
        response: { 200: MessageResponse, 400: Err, 404: Err, 429: Err, 503: Err },
      },
    },
    async (request) => {
      await svc.requestCode(request.params.email, request.body.cnpj)
      return { message: 'Código de verificação enviado para o seu e-mail' }
    },
  )

  app.post(
    '/resetpasswords/:email/:cnpj/:token/:password',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: perIpAndEmail('reset') } },
      schema: {
        tags,
        summary: 'Set a new password with the emailed code (single use, 30 minutes, 5 attempts)',
        params: Type.Object({
          email: Email,
          cnpj: Cnpj,
          token: Type.String({ minLength: 1, maxLength: 20 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: MessageResponse, 400: Err, 401: Err, 429: Err },
      },
    },
    async (request) => {
      const { email, cnpj, token, password } = request.params
      await svc.resetPassword(email, cnpj, token, password)
      return { message: 'Senha redefinida com sucesso' }
    },
  )
}
