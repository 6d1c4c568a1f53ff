import { definePlugin, type Kernel } from '@atende/sdk'
import type { ContactsService } from '@atende/plugin-contacts/api'
import type { TicketsService } from '@atende/plugin-tickets/api'
import { createSessionManager } from './sessions.ts'
import { createConnectionService } from './service.ts'
import { registerConnectionRoutes } from './routes.ts'
import { registerSessionRoutes } from './session-routes.ts'
import { registerSimulatorRoutes } from './simulator-routes.ts'
import { registerMessageRoutes } from './message-routes.ts'
import { mapRealtime } from './events.ts'
import { simulatorProvider } from './providers/simulator.ts'
import { createBaileysProvider } from './providers/baileys/index.ts'
import type { MessageKey } from './providers/types.ts'
import { createInboundPipeline } from './pipeline/inbound.ts'
import { createRouting } from './pipeline/routing.ts'
import { createSender } from './pipeline/outbound.ts'
import { createSessionRpc } from './session-rpc.ts'
import { createMessaging } from './messages.ts'

const num = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d)

/**
 * Connections (the spec's "whatsapp"): CRUD, session state machine, channel providers, the inbound
 * pipeline (with its routing chain, published as the `inbound` service) and outgoing messages.
 * Plan-gateable (not essential). Permissions are the kernel's connections-page:* rules.
 *
 * Sending is limited per connection: SEND_RATE_PER_SECOND (default 10) after a burst of SEND_BURST
 * (default 20); a send request waits up to SEND_WAIT_MS (default 8000) for the network's answer.
 */
export default definePlugin({
  name: 'connections',
  version: '1.0.0',
  host: '^1.0.0',
  essential: false,
  dependsOn: ['contacts', 'tickets'],
  // modules/connections: the /connections screen (core.md §2 "Connections").
  module: true,
  moduleRoutes: ['/connections'],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const routing = createRouting(kernel.log)
    kernel.services.provide('inbound', { version: routing.version, register: routing.register, steps: routing.steps })
    const pipeline = createInboundPipeline(kernel, routing)
    let sender: ReturnType<typeof createSender> | undefined
    const sessions = createSessionManager(kernel, [simulatorProvider, createBaileysProvider({ kernel })], {
      eventsFor: (conn) => pipeline.eventsFor(conn),
      onStatus: (conn, status) => { if (status === 'CONNECTED') void sender?.kick(conn.companyId, conn.id) },
    })
    sender = createSender(kernel, sessions, { perSecond: num(process.env.SEND_RATE_PER_SECOND, 10), burst: num(process.env.SEND_BURST, 20) })
    const waitMs = num(process.env.SEND_WAIT_MS, 8000)
    const keyOf = messageKeys(kernel)
    const rpc = createSessionRpc(kernel, sessions, {
      send: (conn, a: { messageId: number }) => sender!.waitFor(conn.companyId, conn.id, a.messageId, waitMs),
      edit: async (conn, a: { messageId: number; body: string }) => { await sessions.get(conn.id)!.edit(await keyOf(conn.companyId, a.messageId), a.body) },
      delete: async (conn, a: { messageId: number }) => { await sessions.get(conn.id)!.delete(await keyOf(conn.companyId, a.messageId)) },
    })
    const connections = createConnectionService(kernel, sessions)
    mapRealtime(kernel)
    registerConnectionRoutes(app, kernel, connections)
    registerSessionRoutes(app, kernel, connections, sessions)
    registerSimulatorRoutes(app, kernel, connections, sessions)
    registerMessageRoutes(app, kernel, createMessaging(kernel, rpc, { waitMs }))
    kernel.onClose(async () => {
      await sessions.stopAll()
      await pipeline.flushed()
    })
  },
})

/** The network's key of one of our messages (edits, deletes, read receipts). */
function messageKeys(kernel: Kernel) {
  return async (companyId: number, messageId: number): Promise<MessageKey> => {
    const tickets = kernel.services.get<TicketsService>('tickets')
    const m = await tickets.getMessage(companyId, messageId)
    const ticket = m ? await tickets.get(companyId, m.ticketId) : null
    const contact = ticket ? await kernel.services.get<ContactsService>('contacts').get(companyId, ticket.contactId) : null
    if (!m?.providerId || !contact) throw new Error('The message is not on the network')
    return { chatId: contact.number, lid: contact.lid ?? undefined, isGroup: contact.isGroup, id: m.providerId, fromMe: m.fromMe, participant: m.participant ?? undefined }
  }
}
