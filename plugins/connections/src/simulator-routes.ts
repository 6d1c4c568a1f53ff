import type { FastifyInstance } from 'fastify'
import { AppError, notFound, type Kernel } from '@atende/sdk'
import type { TicketsService } from '@atende/plugin-tickets/api'
import type { ConnectionService } from './service.ts'
import { ERR_NO_WAPP_FOUND } from './service.ts'
import { ERR_WAPP_NOT_INITIALIZED, type SessionManager } from './sessions.ts'
import { SimulatorSession, simulatorEnabled } from './providers/simulator.ts'
import { simulatorMedia } from './providers/simulator-media.ts'
import { ScanBody, SessionView, WhatsappIdParams, errors } from './schemas.ts'
import { InboundBody, InboundResult, OutboxQuery, OutboxResult } from './message-schemas.ts'
import type { Static } from '@sinclair/typebox'

const tags = ['simulator']
const permission = 'connections-page:actionButtons'

/**
 * The simulator's phone: embedded mode always, elsewhere only with SIMULATOR_ENABLED=true. Disabled
 * means the routes do not exist (404), so production never exposes them by accident. Tenant-scoped:
 * a connection id of another company is 404.
 */
export function registerSimulatorRoutes(app: FastifyInstance, kernel: Kernel, connections: ConnectionService, sessions: SessionManager) {
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
    schema: { tags, summary: 'Simulator: the phone scans the QR code (CONNECTED)', params: WhatsappIdParams, body: ScanBody, response: { 200: SessionView, ...errors } },
  }, async (request) => {
    const session = await simulated(request)
    await session.scan((request.body as { number?: string } | undefined)?.number)
    return sessionOf(request.auth.companyId, session.conn.id)
  })

  app.post('/simulator/:whatsappId/disconnect', {
    config: { permission },
    schema: { tags, summary: 'Simulator: the phone logs out (DISCONNECTED)', params: WhatsappIdParams, response: { 200: SessionView, ...errors } },
  }, async (request) => {
    const session = await simulated(request)
    await session.disconnect()
    return sessionOf(request.auth.companyId, session.conn.id)
  })

  app.post('/simulator/:whatsappId/inbound', {
    schema: {
      tags, summary: 'Simulator: a customer writes (answers once the message is stored; a repeated id is a re-delivery)',
      params: WhatsappIdParams, body: InboundBody, response: { 200: InboundResult, ...errors },
    },
  }, async (request) => {
    const session = await simulated(request)
    if (!session.connected) throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, 'The simulated phone is not connected: scan the QR code first')
    const b = request.body as Static<typeof InboundBody>
    if (!b.body && !b.mediaUrl) throw new AppError('ERR_VALIDATION', 400, 'A message needs a body or a mediaUrl', { field: 'body' })
    if (b.mediaUrl && !b.mediaType) throw new AppError('ERR_VALIDATION', 400, 'mediaType is required with mediaUrl', { field: 'mediaType' })
    const from = b.from.replace(/\D/g, '')
    const id = await session.receive({
      id: b.id,
      chatId: b.groupId ?? from,
      isGroup: !!b.groupId,
      groupName: b.groupName,
      participant: b.groupId ? { number: from, name: b.name } : undefined,
      name: b.name,
      body: b.body ?? '',
      mediaType: b.mediaType,
      media: b.mediaUrl ? simulatorMedia(b.mediaUrl) : undefined,
      quotedId: b.quotedId,
    })
    const message = await kernel.services.get<TicketsService>('tickets').findByProviderId(request.auth.companyId, session.conn.id, id)
    return { id, message }
  })

  app.get('/simulator/:whatsappId/outbox', {
    schema: { tags, summary: 'Simulator: what the platform sent to the phone, acks advancing to read', params: WhatsappIdParams, querystring: OutboxQuery, response: { 200: OutboxResult, ...errors } },
  }, async (request) => {
    const session = await simulated(request)
    const to = (request.query as { to?: string }).to?.replace(/\D/g, '')
    return { messages: session.outbox.filter((m) => !to || m.to === to || m.to.endsWith(to)) }
  })
}
