import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, notFound, type Kernel } from '@atende/sdk'
import type { Message, TicketsRef } from '@atende/plugin-tickets/api'
import type { ConnectionService } from './service.ts'
import { ERR_NO_WAPP_FOUND } from './service.ts'
import { ERR_WAPP_NOT_INITIALIZED, type SessionManager } from './sessions.ts'
import type { SessionRpc } from './session-rpc.ts'
import { SimulatorSession, simulatorEnabled, type OutboxEntry } from './providers/simulator.ts'
import { checkSimulatorMediaUrl, simulatorMedia } from './providers/simulator-media.ts'
import { ScanBody, SessionView, WhatsappIdParams, errors } from './schemas.ts'
import { InboundBody, InboundResult, OutboxQuery, OutboxResult } from './message-schemas.ts'
import type { Static } from '@sinclair/typebox'

const tags = ['simulator']
// The phone speaks for a customer and shows everything the connection sent: an admin's tool only.
const permission = 'connections-page:actionButtons'
const INBOUND_WAIT_MS = 60_000

/**
 * The simulator's phone: embedded mode always, elsewhere only with SIMULATOR_ENABLED=true. Disabled
 * means the routes do not exist (404), so production never exposes them by accident. Tenant-scoped:
 * a connection id of another company is 404. The phone is the session object, which lives in the
 * process holding the connection's lease: the routes reach it over the session RPC from any process.
 */
export function registerSimulatorRoutes(
  root: FastifyInstance,
  kernel: Kernel,
  connections: ConnectionService,
  sessions: SessionManager,
  rpc: SessionRpc,
) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  if (!simulatorEnabled(kernel.config.mode)) return
  const allowPrivate = kernel.config.mediaFetchAllowPrivate ?? false

  /** In the owner's process: the running simulator session. */
  function phone(whatsappId: number) {
    const session = sessions.get(whatsappId)
    if (!(session instanceof SimulatorSession))
      throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, 'The session is not started: start it first')
    return session
  }
  rpc.handle({
    'sim.scan': async (conn, a: { number?: string }) => {
      await phone(conn.id).scan(a.number)
    },
    'sim.disconnect': async (conn) => {
      await phone(conn.id).disconnect()
    },
    'sim.inbound': async (conn, b: Static<typeof InboundBody>) => {
      const session = phone(conn.id)
      if (!session.connected)
        throw new AppError(
          ERR_WAPP_NOT_INITIALIZED,
          400,
          'The simulated phone is not connected: scan the QR code first',
        )
      const from = b.from.replace(/\D/g, '')
      return session.receive({
        id: b.id,
        chatId: b.groupId ?? from,
        isGroup: !!b.groupId,
        groupName: b.groupName,
        participant: b.groupId ? { number: from, name: b.name } : undefined,
        name: b.name,
        body: b.body ?? '',
        mediaType: b.mediaType,
        media: b.mediaUrl ? simulatorMedia(b.mediaUrl, b.fileName, allowPrivate) : undefined,
        quotedId: b.quotedId,
      })
    },
    'sim.outbox': async (conn, a: { to?: string }) =>
      phone(conn.id).outbox.filter((m) => !a.to || m.to === a.to || m.to.endsWith(a.to)),
  })

  /** The company's simulator connection (404 for another company's id or another provider). */
  async function simulated(req: { params: { whatsappId: number }; auth: { companyId: number } }) {
    const { whatsappId } = req.params
    // Its session runs here: the session knows its company, no need to read the row (the hot path).
    const local = sessions.get(whatsappId)
    if (local instanceof SimulatorSession && local.conn.companyId === req.auth.companyId)
      return { id: whatsappId, companyId: req.auth.companyId }
    const conn = await connections.row(req.auth.companyId, whatsappId)
    if (conn.provider !== 'simulator') throw notFound(ERR_NO_WAPP_FOUND, 'No simulator connection with this id')
    return conn
  }
  /** Call the phone wherever its session runs (ERR_WAPP_NOT_INITIALIZED when it runs nowhere). */
  const onPhone = <R = void>(
    conn: { id: number; companyId: number },
    op: string,
    args: unknown = {},
    timeoutMs?: number,
  ) => rpc.invoke<R>(conn.companyId, conn.id, op, args, timeoutMs)
  const sessionOf = async (companyId: number, id: number) => {
    const w = await connections.row(companyId, id)
    return {
      id: w.id,
      status: w.status,
      qrcode: w.qrcode,
      retries: w.retries,
      number: w.number,
      updatedAt: new Date(w.updatedAt).toISOString(),
    }
  }

  app.post(
    '/simulator/:whatsappId/scan',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Simulator: the phone scans the QR code (CONNECTED)',
        params: WhatsappIdParams,
        body: ScanBody,
        response: { 200: SessionView, ...errors },
      },
    },
    async (request) => {
      const conn = await simulated(request)
      await onPhone(conn, 'sim.scan', { number: request.body?.number })
      return sessionOf(request.auth.companyId, conn.id)
    },
  )

  app.post(
    '/simulator/:whatsappId/disconnect',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Simulator: the phone logs out (DISCONNECTED)',
        params: WhatsappIdParams,
        response: { 200: SessionView, ...errors },
      },
    },
    async (request) => {
      const conn = await simulated(request)
      await onPhone(conn, 'sim.disconnect')
      return sessionOf(request.auth.companyId, conn.id)
    },
  )

  app.post(
    '/simulator/:whatsappId/inbound',
    {
      // A 5 MB attachment as a data: URI is about 6.7 MB of JSON.
      bodyLimit: 8 * 1024 * 1024,
      config: { permission },
      schema: {
        tags,
        summary: 'Simulator: a customer writes (answers once the message is stored; a repeated id is a re-delivery)',
        params: WhatsappIdParams,
        body: InboundBody,
        response: { 200: InboundResult, ...errors },
      },
    },
    async (request) => {
      const conn = await simulated(request)
      const b = request.body
      if (!b.body && !b.mediaUrl)
        throw new AppError('ERR_VALIDATION', 400, 'A message needs a body or a mediaUrl', { field: 'body' })
      if (b.mediaUrl && !b.mediaType)
        throw new AppError('ERR_VALIDATION', 400, 'mediaType is required with mediaUrl', { field: 'mediaType' })
      if (b.mediaUrl) await checkSimulatorMediaUrl(b.mediaUrl, allowPrivate) // refused here, naming its field
      // Stored once the owner answers: the pipeline may hold it behind a burst, so allow it time.
      const r = await onPhone<{ id: string; message: Message | null; duplicate: boolean }>(
        conn,
        'sim.inbound',
        b,
        INBOUND_WAIT_MS,
      )
      // A re-delivery stored nothing: answer with the copy stored the first time.
      const message =
        r.message ??
        (r.duplicate
          ? await kernel.services.get<TicketsRef>('tickets').findByProviderId(request.auth.companyId, conn.id, r.id)
          : null)
      return { id: r.id, message }
    },
  )

  app.get(
    '/simulator/:whatsappId/outbox',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Simulator: what the platform sent to the phone, acks advancing to read',
        params: WhatsappIdParams,
        querystring: OutboxQuery,
        response: { 200: OutboxResult, ...errors },
      },
    },
    async (request) => {
      const conn = await simulated(request)
      const to = request.query.to?.replace(/\D/g, '')
      return { messages: await onPhone<OutboxEntry[]>(conn, 'sim.outbox', { to }) }
    },
  )
}
