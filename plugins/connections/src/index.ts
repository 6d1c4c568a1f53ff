import { companyCache, definePlugin, ownedRows, pickByIds, type Kernel, type UnitOfWork } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import { createSessionManager, type ChannelSessionsService } from './sessions.ts'
import type {
  ConnectionsService,
  MessagingService,
  InboundRef,
  ConnectionsRef,
  MessagingRef,
  ChannelSessionsRef,
} from './api.ts'
import { createConnectionService, hashConnectionToken } from './service.ts'
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
import { createLeases } from './lease.ts'
import { createResume } from './resume.ts'
import { createMessaging } from './messages.ts'
import { releaseBot } from './bot-links.ts'

const num = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d)

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = [
  'connections.released',
  'connections.rpc',
  'connections.rpcResult',
  'whatsapp.deleted',
  'whatsapp.updated',
  'whatsappSession.updated',
]

/**
 * Connections (the spec's "whatsapp"): CRUD, session state machine, channel providers, the inbound
 * pipeline (with its routing chain, published as the `inbound` service) and outgoing messages.
 * Plan-gateable (not essential). Permissions are the kernel's connections-page:* rules.
 *
 * Sending is limited per connection: SEND_RATE_PER_SECOND (default 10) after a burst of SEND_BURST
 * (default 20); a send request waits up to SEND_WAIT_MS (default 8000) for the network's answer.
 *
 * A session runs in one process, the holder of its lease (Redis; CONNECTION_LEASE_MS, default
 * 30000, renewed every third of it); others reach it over the session RPC. Sessions whose rows say
 * they should run are resumed at boot, and taken over from a crashed process once its lease lapses.
 */
export default definePlugin({
  name: 'connections',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  // Queues, integrations and prompts load after connections: asked at call time whether ids a body
  // names are the company's (absent: none is).
  services: {
    provides: ['inbound', 'connections', 'messaging', 'channelSessions'],
    requires: ['tickets', 'contacts'],
    optional: ['queues', 'integrations', 'prompts', 'plans.limits'],
  },
  host: '^1.0.0',
  essential: false,
  permissions: [
    { permission: 'connections-page:addConnection', profiles: ['admin'] },
    { permission: 'connections-page:actionButtons', profiles: ['admin'] },
    { permission: 'connections-page:editOrDeleteConnection', profiles: ['admin'] },
  ],
  // Calls refused with a message, group messages ignored.
  settings: [
    { key: 'call', values: ['enabled', 'disabled'], default: 'enabled' },
    { key: 'CheckMsgIsGroup', values: ['enabled', 'disabled'], default: 'enabled' },
  ],
  dependsOn: ['contacts', 'tickets'],
  // modules/connections: the /connections screen.
  module: true,
  moduleRoutes: ['/connections'],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const routing = createRouting(kernel.log)
    kernel.services.provide<InboundRef>('inbound', {
      version: routing.version,
      register: routing.register,
      steps: routing.steps,
    })
    let messaging: ReturnType<typeof createMessaging> | undefined
    const pipeline = createInboundPipeline(kernel, routing, (companyId, ticket, body) =>
      messaging!.reply(companyId, ticket, body),
    )
    let sender: ReturnType<typeof createSender> | undefined
    // One owner per session across processes (lease.ts); calls reach the owner over the RPC.
    const leases = await createLeases(kernel, { ttlMs: num(process.env.CONNECTION_LEASE_MS, 30_000) })
    kernel.onClose(() => leases.close()) // last of this plugin's closers (they run in reverse)
    const rpc = createSessionRpc(kernel, leases)
    const sessions = createSessionManager(
      kernel,
      [simulatorProvider, createBaileysProvider({ kernel })],
      {
        eventsFor: (conn) => pipeline.eventsFor(conn),
        settled: (id) => pipeline.settle(id),
        onStatus: (conn, status) => {
          if (status === 'CONNECTED') void sender?.kick(conn.companyId, conn.id)
        },
      },
      { leases, rpc },
    )
    sender = createSender(kernel, sessions, {
      perSecond: num(process.env.SEND_RATE_PER_SECOND, 10),
      burst: num(process.env.SEND_BURST, 20),
    })
    const waitMs = num(process.env.SEND_WAIT_MS, 8000)
    const keyOf = messageKeys(kernel)
    rpc.handle({
      send: (conn, a: { messageId: number }) => sender!.waitFor(conn.companyId, conn.id, a.messageId, waitMs),
      kick: async (conn) => {
        void sender!.kick(conn.companyId, conn.id)
      },
      edit: async (conn, a: { messageId: number; body: string }) => {
        await sessions.get(conn.id)!.edit(await keyOf(conn.companyId, a.messageId), a.body)
      },
      delete: async (conn, a: { messageId: number }) => {
        await sessions.get(conn.id)!.delete(await keyOf(conn.companyId, a.messageId))
      },
      onWhatsApp: async (conn, a: { numbers: string[] }) =>
        (await sessions.get(conn.id)?.onWhatsApp?.(a.numbers)) ?? {},
    })
    const connections = createConnectionService(kernel, sessions)
    // Every connection's name (read by every ticket list): forgotten on each change's event.
    const names = companyCache<{ id: number; name: string }[]>((companyId) =>
      kernel.tenant(companyId)('whatsapps').orderBy('id').select('id', 'name'),
    )
    names.forgetOn(kernel.bus, ['whatsapp.updated', 'whatsapp.deleted'])
    // For the queues chatbot: a connection with its queueIds and bot messages (read-only).
    const published: ConnectionsService = {
      version: 1,
      get: connections.get,
      ownedBy: ownedRows((c) => kernel.tenant(c), 'whatsapps'),
      releaseBot,
      // For the tickets automations job (idle close, transfer of waiting tickets).
      withAutomations: connections.withAutomations,
      queueIdsOf: async (companyId: number, whatsappId: number) =>
        (await connections.get(companyId, whatsappId)).queueIds,
      // Names for list pages (tickets), from the company's cached names.
      namesByIds: async (companyId: number, ids: number[]): Promise<{ id: number; name: string }[]> =>
        ids.length ? pickByIds(await names.get(companyId), ids) : [],
      // Contact lists: which numbers have WhatsApp, asked through a connected session of the company
      // (the default one first). Unknown (no session, an error) is left out: "not checked".
      async checkNumbers(companyId: number, numbers: string[]) {
        const conn = await kernel
          .tenant(companyId)('whatsapps')
          .where({ status: 'CONNECTED' })
          .orderBy([{ column: 'isDefault', order: 'desc' }, { column: 'id' }])
          .first('id')
        if (!conn || !numbers.length) return {}
        return rpc
          .invoke<Record<string, boolean>>(companyId, conn.id, 'onWhatsApp', { numbers })
          .catch(() => ({}) as Record<string, boolean>)
      },
      // The integrators' API: a connection's own token authenticates sends through it. Platform-wide
      // by nature (the token names the company). A token two connections share names neither.
      async byToken(token: string) {
        if (!token) return null
        const rows = await kernel
          .db('whatsapps')
          .where({ tokenHash: hashConnectionToken(token) })
          .limit(2)
          .select('id', 'companyId', 'status')
        return rows.length === 1 ? (rows[0] as { id: number; companyId: number; status: string }) : null
      },
      async releaseQueue({ t }: UnitOfWork, queueId: number) {
        await t('whatsapp_queues').where({ queueId }).delete()
      },
      // New tickets started by an attendant go out through the company's default connection.
      defaultId: async (companyId: number): Promise<number | null> =>
        (await kernel.tenant(companyId)('whatsapps').where({ isDefault: true }).first('id'))?.id ?? null,
    }
    kernel.services.provide<ConnectionsRef>('connections', published)
    mapRealtime(kernel)
    registerConnectionRoutes(app, kernel, connections)
    registerSessionRoutes(app, kernel, connections, sessions)
    registerSimulatorRoutes(app, kernel, connections, sessions, rpc)
    messaging = createMessaging(kernel, rpc, { waitMs })
    registerMessageRoutes(app, kernel, messaging)
    // Automatic messages of other plugins (tickets' greeting, transfer, completion, rating): the
    // type is MessagingService in @atende/plugin-tickets (src/messaging-api.ts), its consumer.
    const botMessage = messaging.botMessage
    kernel.services.provide<MessagingRef>('messaging', {
      version: 1 as const,
      send: (companyId: number, ticketId: number, body: string) => botMessage(companyId, ticketId, body),
      flush: (companyId: number, whatsappId: number) => {
        void rpc.invoke(companyId, whatsappId, 'kick', {}).catch(() => {})
      },
    } satisfies MessagingService)
    kernel.services.provide<ChannelSessionsRef>('channelSessions', {
      processId: leases.owner,
      runningIds: sessions.runningIds,
    } satisfies ChannelSessionsService)
    // Sessions whose rows say they should run start where their lease is free: at boot and every ttl/2.
    const resume = createResume(kernel, sessions, leases, { everyMs: Math.max(100, Math.floor(leases.ttlMs / 2)) })
    app.addHook('onReady', async () => {
      resume.start()
    })
    kernel.onClose(async () => {
      await resume.stop()
      await sessions.stopAll()
      await pipeline.flushed()
      // Only now may another process take the sessions over: what they received is committed.
      await resume.handOver(await leases.releaseAll())
    })
  },
})

/** The network's key of one of our messages (edits, deletes, read receipts). */
function messageKeys(kernel: Kernel) {
  return async (companyId: number, messageId: number): Promise<MessageKey> => {
    const tickets = kernel.services.get<TicketsRef>('tickets')
    const m = await tickets.getMessage(companyId, messageId)
    const ticket = m ? await tickets.get(companyId, m.ticketId) : null
    const contact = ticket ? await kernel.services.get<ContactsRef>('contacts').get(companyId, ticket.contactId) : null
    if (!m?.providerId || !contact) throw new Error('The message is not on the network')
    return {
      chatId: contact.number,
      lid: contact.lid ?? undefined,
      isGroup: contact.isGroup,
      id: m.providerId,
      fromMe: m.fromMe,
      participant: m.participant ?? undefined,
    }
  }
}
