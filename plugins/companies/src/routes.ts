import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { AuthInfo, Kernel } from '@atende/sdk'
import {
  AppError,
  ErrorCodes,
  ErrorResponse,
  IdParams,
  ListQuery,
  ListResponse,
  MessageResponse,
  PAGE_SIZE,
  pageOffset,
} from '@atende/sdk'
import { CompanyPlanView, CompanyView, CreateCompanyBody, SchedulesBody, UpdateCompanyBody } from './schemas.ts'
import { createCompanyService } from './service.ts'
import { companyPlan, companyView } from './views.ts'

const Err = Type.Ref(ErrorResponse)
const tags = ['companies']
const noPermission = () => new AppError(ErrorCodes.NO_PERMISSION, 403, 'No permission for this company')

/** Super users reach every company; anyone else only their own (and, with `adminOnly`, only as its admin). */
function assertOwnCompany(auth: AuthInfo, companyId: number, adminOnly: boolean) {
  if (auth.super) return
  if (auth.companyId !== companyId || (adminOnly && auth.profile !== 'admin')) throw noPermission()
}

/** The super user's CRUD plus a company's own plan flags and weekly schedule. */
export function registerCompanyRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const svc = createCompanyService(kernel)
  const superOnly = { super: true }

  app.get(
    '/companies',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Companies, paginated, searched by name, email or CNPJ (super user)',
        querystring: ListQuery,
        response: { 200: ListResponse('companies', CompanyView), 401: Err, 403: Err },
      },
    },
    async (request) => svc.list(request.query.searchParam, pageOffset(request.query.pageNumber), PAGE_SIZE),
  )

  app.get(
    '/companies/list',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Every company (super user)',
        response: { 200: Type.Array(CompanyView), 401: Err, 403: Err },
      },
    },
    async () => svc.all(),
  )

  app.get(
    '/companies/listPlan/:id',
    {
      schema: {
        tags,
        summary: 'The company with its plan and the seven plan flags (super user, or a user of that company)',
        params: IdParams,
        response: { 200: CompanyPlanView, 401: Err, 403: Err, 404: Err },
      },
    },
    async (request) => {
      assertOwnCompany(request.auth, request.params.id, false)
      return companyPlan(kernel, request.params.id)
    },
  )

  app.get(
    '/companies/:id',
    {
      schema: {
        tags,
        summary: 'One company (super user, or an admin of that company)',
        params: IdParams,
        response: { 200: CompanyView, 401: Err, 403: Err, 404: Err },
      },
    },
    async (request) => {
      assertOwnCompany(request.auth, request.params.id, true)
      return companyView(kernel, request.params.id)
    },
  )

  app.post(
    '/companies',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Create a company and its first admin user (super user)',
        body: CreateCompanyBody,
        response: { 201: CompanyView, 400: Err, 401: Err, 403: Err, 409: Err },
      },
    },
    async (request, reply) => reply.status(201).send(await svc.create(request.body)),
  )

  app.put(
    '/companies/:id',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Update a company (super user)',
        params: IdParams,
        body: UpdateCompanyBody,
        response: { 200: CompanyView, 400: Err, 401: Err, 403: Err, 404: Err, 409: Err },
      },
    },
    async (request) => svc.update(request.params.id, request.body),
  )

  app.put(
    '/companies/:id/expire',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Move the due date forward by the recurrence: 1, 2, 3, 6 or 12 months (super user)',
        params: IdParams,
        response: { 200: CompanyView, 400: Err, 401: Err, 403: Err, 404: Err },
      },
    },
    async (request) => svc.expire(request.params.id),
  )

  app.delete(
    '/companies/:id',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Delete a company with its users and settings (super user; not the platform company)',
        params: IdParams,
        response: { 200: MessageResponse, 401: Err, 403: Err, 404: Err, 409: Err },
      },
    },
    async (request) => {
      await svc.remove(request.params.id)
      return { message: 'Company deleted' }
    },
  )

  app.put(
    '/companies/:id/schedules',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "Replace the company's weekly business hours (its admins, or the super user)",
        params: IdParams,
        body: SchedulesBody,
        response: { 200: CompanyView, 400: Err, 401: Err, 403: Err, 404: Err },
      },
    },
    async (request) => {
      assertOwnCompany(request.auth, request.params.id, true)
      return svc.setSchedules(request.params.id, request.body.schedules)
    },
  )
}
