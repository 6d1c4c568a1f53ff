import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from '@sinclair/typebox'
import type { Kernel } from '@atende/sdk'
import { ErrorResponse, MessageResponse } from '@atende/sdk'
import { createResetService } from './reset.ts'
import { normaliseEmail } from './service.ts'

const Err = Type.Ref(ErrorResponse)
const tags = ['auth']
const Email = Type.String({ minLength: 3, maxLength: 200 })
const Cnpj = Type.String({ maxLength: 30, description: 'company CNPJ, masked or digits' })

/** What a password reset names, in its path (the spec's form) or in its JSON body. */
const ResetInput = Type.Object({
  email: Email,
  cnpj: Cnpj,
  token: Type.String({ minLength: 1, maxLength: 20, description: 'the emailed 6-digit code' }),
  password: Type.String({ minLength: 1, maxLength: 200, description: 'the new password' }),
})

/** The client and the account; the email is in the path, or in the JSON body of the body form. */
const perIpAndEmail = (prefix: string) => (req: FastifyRequest) => {
  const email = (req.params as { email?: string }).email ?? (req.body as { email?: string } | undefined)?.email
  return `${prefix}:${req.ip}:${normaliseEmail(email)}`
}

/** Password reset: request a code by mail, then exchange it for a new password. */
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

  const resetRoute = {
    tags,
    summary: 'Set a new password with the emailed code (single use, 30 minutes, 5 attempts)',
    response: { 200: MessageResponse, 400: Err, 401: Err, 429: Err },
  }
  const reset = async (input: Static<typeof ResetInput>) => {
    await svc.resetPassword(input.email, input.cnpj, input.token, input.password)
    return { message: 'Senha redefinida com sucesso' }
  }

  // The spec's shape: every value in the path. Kept for its clients; logs show it redacted (kernel log.ts).
  app.post(
    '/resetpasswords/:email/:cnpj/:token/:password',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: perIpAndEmail('reset') } },
      schema: { ...resetRoute, params: ResetInput },
    },
    async (request) => reset(request.params),
  )

  // The same in a JSON body, where the code and the new password stay out of every URL.
  app.post(
    '/resetpasswords',
    {
      config: {
        public: true,
        // Counted once the body is parsed: the key needs its email.
        rateLimit: { max: 10, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: perIpAndEmail('reset') },
      },
      schema: {
        ...resetRoute,
        summary: `${resetRoute.summary}; the values in a JSON body`,
        body: ResetInput,
      },
    },
    async (request) => reset(request.body),
  )
}
