import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { DashboardData, TicketsByDay, TicketsByUser, VIEW_PERMISSION } from './api.ts'
import { ChartQuery, DashboardQuery, errors } from './schemas.ts'
import { rangeOf, type Figures } from './figures.ts'

const tags = ['dashboard']
const view = { permission: VIEW_PERMISSION }

/** GET /dashboard, /dashboard/ticketsUsers, /dashboard/ticketsDay, admins only. */
export function registerDashboardRoutes(root: FastifyInstance, figures: Figures) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/dashboard',
    {
      config: view,
      schema: {
        tags,
        summary: "Today's (or a range's) counters and the attendants' table",
        querystring: DashboardQuery,
        response: { 200: DashboardData, ...errors },
      },
    },
    async (request) => {
      const { days, date_from, date_to } = request.query
      return figures.summary(request.auth.companyId, rangeOf({ days, from: date_from, to: date_to }))
    },
  )

  app.get(
    '/dashboard/ticketsUsers',
    {
      config: view,
      schema: {
        tags,
        summary: 'Tickets accepted and closed per attendant in the range',
        querystring: ChartQuery,
        response: { 200: TicketsByUser, ...errors },
      },
    },
    async (request) =>
      figures.byUser(request.auth.companyId, rangeOf({ from: request.query.initialDate, to: request.query.finalDate })),
  )

  app.get(
    '/dashboard/ticketsDay',
    {
      config: view,
      schema: {
        tags,
        summary: 'Tickets created and closed per day of the range',
        querystring: ChartQuery,
        response: { 200: TicketsByDay, ...errors },
      },
    },
    async (request) =>
      figures.byDay(request.auth.companyId, rangeOf({ from: request.query.initialDate, to: request.query.finalDate })),
  )
}
