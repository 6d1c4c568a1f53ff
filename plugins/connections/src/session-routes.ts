import type { FastifyInstance } from 'fastify'
import { AppError, IdParams, MessageResponse, notFound, type Kernel } from '@atende/sdk'
import type { ConnectionService } from './service.ts'
import { ERR_NO_WAPP_FOUND } from './service.ts'
import { ERR_WAPP_NOT_INITIALIZED, type SessionManager } from './sessions.ts'
import { SimulatorSession, simulatorEnabled } from './providers/simulator.ts'
import { ScanBody, SessionView, WhatsappIdParams, errors } from './schemas.ts'

const tags = ['connections']
const permission = 'connections-page:actionButtons'

/** Session actions of the connections screen (core.md §7: /whatsappsession) and the simulator's phone. */
export function registerSessionRoutes(app: FastifyInstance, kernel: Kernel, connections: ConnectionService, sessions: SessionManager) {
  const target = (req: { params: unknown; auth: { companyId: number } }) => connections.row(req.auth.companyId, (req.params as IdParams).id)

  app.post('/whatsappsession/:id', {
    config: { permission },
    schema: { tags, summary: 'Start the session (try again)', params: IdParams, response: { 200: MessageResponse, ...errors } },
  }, async (request) => {
    await sessions.start(await target(request))
    return { message: 'Starting session.' }
  })

  app.put('/whatsappsession/:id', {
    config: { permission },
    schema: { tags, summary: 'Ask for a new QR code (retries reset)', params: IdParams, response: { 200: MessageResponse, ...errors } },
  }, async (request) => {
    await sessions.newQr(await target(request))
    return { message: 'Starting session.' }
  })

  app.delete('/whatsappsession/:id', {
    config: { permission },
    schema: { tags, summary: 'Disconnect the session', params: IdParams, response: { 200: MessageResponse, ...errors } },
  }, async (request) => {
    await sessions.disconnect(await target(request))
    return { message: 'Session disconnected.' }
  })

  // The simulator's "phone": embedded mode always, elsewhere only with SIMULATOR_ENABLED=true.
  // Disabled means the routes do not exist (404), so production never exposes them by accident.
  if (!simulatorEnabled(kernel.config.mode)) return

  /** The company's simulator connection with its session running here. */
  async function simulated(req: { params: unknown; auth: { companyId: number } }) {
    const whatsappId = (req.params as { whatsappId: number }).whatsappId
    const conn = await connections.row(req.auth.companyId, whatsappId)
    if (conn.provider !== 'simulator') throw notFound(ERR_NO_WAPP_FOUND, 'No simulator connection with this id')
    const session = sessions.get(whatsappId)
    if (!(session instanceof SimulatorSession)) throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, 'The session is not started: start it first')
    return session
  }
  const sessionOf = async (companyId: number, id: number) => {
    const w = await connections.row(companyId, id)
    return { id: w.id, status: w.status, qrcode: w.qrcode, retries: w.retries, number: w.number, updatedAt: new Date(w.updatedAt).toISOString() }
  }

  app.post('/simulator/:whatsappId/scan', {
    config: { permission },
    schema: { tags: ['simulator'], summary: 'Simulator: the phone scans the QR code (CONNECTED)', params: WhatsappIdParams, body: ScanBody, response: { 200: SessionView, ...errors } },
  }, async (request) => {
    const session = await simulated(request)
    await session.scan((request.body as { number?: string } | undefined)?.number)
    return sessionOf(request.auth.companyId, session.conn.id)
  })

  app.post('/simulator/:whatsappId/disconnect', {
    config: { permission },
    schema: { tags: ['simulator'], summary: 'Simulator: the phone logs out (DISCONNECTED)', params: WhatsappIdParams, response: { 200: SessionView, ...errors } },
  }, async (request) => {
    const session = await simulated(request)
    await session.disconnect()
    return sessionOf(request.auth.companyId, session.conn.id)
  })
}
