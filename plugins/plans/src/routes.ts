import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams, ListQuery, ListResponse, MessageResponse, type Kernel, errorResponses } from '@atende/sdk'
import { createPlanService } from './service.ts'
import { CreatePlanBody, ModuleParams, ModuleToggleBody, PlanView, PublicPlan, UpdatePlanBody } from './schemas.ts'

const tags = ['plans']
const errors = errorResponses()

export function registerPlanRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const plans = createPlanService(kernel)

  app.get(
    '/plans/list',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public plans for the sign-up screen',
        security: [],
        response: { 200: Type.Array(PublicPlan) },
      },
    },
    async () => plans.publicList(),
  )

  app.get(
    '/plans/all',
    {
      schema: {
        tags,
        summary:
          "Plans with their flags and modules: every plan for the super user; for anyone else the public ones and the company's own",
        response: { 200: Type.Array(PlanView), ...errors },
      },
    },
    async (request) => plans.all(request.auth),
  )

  app.get(
    '/plans/user',
    {
      schema: { tags, summary: "The caller company's plan", response: { 200: PlanView, ...errors } },
    },
    async (request) => plans.ofCompany(request.auth.companyId),
  )

  app.get(
    '/plans',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Plans, searchable and paginated (super user)',
        querystring: ListQuery,
        response: { 200: ListResponse('plans', PlanView), ...errors },
      },
    },
    async (request) => {
      const { searchParam, pageNumber } = request.query
      return plans.list(searchParam, pageNumber)
    },
  )

  app.get(
    '/plans/:id',
    {
      config: { super: true },
      schema: { tags, summary: 'One plan (super user)', params: IdParams, response: { 200: PlanView, ...errors } },
    },
    async (request) => plans.view(request.params.id),
  )

  app.post(
    '/plans',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Create a plan (super user)',
        body: CreatePlanBody,
        response: { 201: PlanView, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await plans.create(request.body)),
  )

  app.put(
    '/plans/:id',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Update a plan (super user)',
        params: IdParams,
        body: UpdatePlanBody,
        response: { 200: PlanView, ...errors },
      },
    },
    async (request) => plans.update(request.params.id, request.body),
  )

  app.put(
    '/plans/:id/modules/:key',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Switch one installed module on or off for a plan (super user)',
        params: ModuleParams,
        body: ModuleToggleBody,
        response: { 200: PlanView, ...errors },
      },
    },
    async (request) => {
      const { id, key } = request.params
      return plans.setModule(id, key, request.body.enabled)
    },
  )

  app.delete(
    '/plans/:id',
    {
      config: { super: true },
      schema: {
        tags,
        summary: 'Delete a plan no company uses (super user)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await plans.remove(request.params.id)
      return { message: 'Plan deleted' }
    },
  )
}
