import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse, type Kernel } from '@atende/sdk'
import type { ConnectionService } from './service.ts'
import type { SessionManager } from './sessions.ts'
import { errors } from './schemas.ts'

const tags = ['connections']
const permission = 'connections-page:actionButtons'

/** Session actions of the connections screen (/whatsappsession) and the simulator's phone. */
export function registerSessionRoutes(
  root: FastifyInstance,
  kernel: Kernel,
  connections: ConnectionService,
  sessions: SessionManager,
) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const target = (req: { params: IdParams; auth: { companyId: number } }) =>
    connections.row(req.auth.companyId, req.params.id)

  app.post(
    '/whatsappsession/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Start the session (try again)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.start(await target(request))
      return { message: 'Starting session.' }
    },
  )

  app.put(
    '/whatsappsession/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Ask for a new QR code (retries reset)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.newQr(await target(request))
      return { message: 'Starting session.' }
    },
  )

  app.delete(
    '/whatsappsession/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Disconnect the session',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.disconnect(await target(request))
      return { message: 'Session disconnected.' }
    },
  )
}
