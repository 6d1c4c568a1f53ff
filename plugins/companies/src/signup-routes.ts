import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { Kernel } from '@atende/sdk'
import { ErrorResponse } from '@atende/sdk'
import { CompanyView, SignupBody } from './schemas.ts'
import { createCompanyService } from './service.ts'

const Err = Type.Ref(ErrorResponse)

/** Company sign-up (public). */
export function registerSignupRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const svc = createCompanyService(kernel)

  app.post(
    '/companies/cadastro',
    {
      config: {
        public: true,
        rateLimit: { max: 5, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `signup:${req.ip}` },
      },
      schema: {
        tags: ['companies'],
        summary: 'Company sign-up: the company, its first admin user and a 15-day trial',
        body: SignupBody,
        response: { 201: CompanyView, 400: Err, 403: Err, 409: Err, 429: Err },
      },
    },
    async (request, reply) => {
      const company = await svc.signup(request.body)
      return reply.status(201).send(company)
    },
  )
}
