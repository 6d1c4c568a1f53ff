import { definePlugin } from '@atende/sdk'
import type { InboundRef } from '@atende/plugin-connections/api'
// Listens to the tickets plugin's events (ticket.updated, ticket.deleted): its contract declares them.
import type { QueuesForTickets } from '@atende/plugin-tickets/api'
import type { QueuesService, QueuesRef } from './api.ts'
import { createChatbot } from './chatbot.ts'
import { mapRealtime } from './events.ts'
import { createOptionService } from './options.ts'
import { registerQueueRoutes } from './routes.ts'
import { createQueueService } from './service.ts'
import { releaseBot } from './bot-links.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['queue.created', 'queue.deleted', 'queue.updated']

/**
 * Queues and their options: CRUD
 * with the chatbot option tree, business hours, and the chatbot step of the connections pipeline
 * (chatbot.ts). Live through `company-{id}-queue` ({ action: 'create'|'update', queue } /
 * { action: 'delete', queueId }). Publishes the `queues` service (api.ts).
 *
 * Decisions where the spec is silent:
 * - Colours are unique in any case; ERR_QUEUE_COLOR_ALREADY_EXISTS and ERR_WAPP_GREETING_REQUIRED
 *   are 400s naming the field. The greeting rule counts the queues after the save (the second
 *   queue needs one; an edit may not empty it while there are two or more).
 * - integrationId and promptId are other plugins' rows, checked as the company's; cleared when deleted (bot-links.ts).
 * - Business hours are read in TZ (env) or America/Sao_Paulo: companies have no time zone column.
 * - Option trees are not part of the realtime channel: the dialog reloads them itself.
 */
export default definePlugin({
  name: 'queues',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'ticket.deleted', 'ticket.updated'] },
  // Integrations and prompts load after queues: asked at call time whether ids a body names are the company's.
  services: {
    provides: ['queues'],
    requires: ['tickets', 'connections', 'inbound'],
    optional: ['integrations', 'prompts', 'companies.hours', 'plans.limits'],
  },
  host: '^1.0.0',
  essential: false,
  // The chatbot's opening hours and greeting.
  settings: [
    { key: 'scheduleType', values: ['disabled', 'queue', 'company'], default: 'disabled' },
    { key: 'sendGreetingMessageOneQueues', values: ['enabled', 'disabled'], default: 'enabled' },
    { key: 'chatBotType', values: ['text'], default: 'text' },
  ],
  dependsOn: ['connections', 'tickets'],
  module: true,
  moduleRoutes: ['/queues'],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const queues = createQueueService(kernel)
    const options = createOptionService(kernel)
    kernel.services.provide<QueuesRef>('queues', {
      version: 1,
      exists: queues.exists,
      ownedBy: queues.ownedBy,
      byIds: queues.byIds,
      names: queues.names,
      botsOf: queues.botsOf,
      releaseBot,
    } satisfies QueuesService & QueuesForTickets)
    mapRealtime(kernel)
    registerQueueRoutes(app, queues, options)
    kernel.services.get<InboundRef>('inbound').register(createChatbot(kernel))
    // The tickets plugin's events, typed by its EventMap declaration (events.ts there).
    kernel.bus.on('ticket.updated', async (p) => {
      const { companyId, ticket } = p
      if (ticket.status === 'closed')
        await kernel.tenant(companyId)('queue_bot_state').where({ ticketId: ticket.id }).delete()
    })
    kernel.bus.on('ticket.deleted', async (p) => {
      const { companyId, ticketId } = p
      await kernel.tenant(companyId)('queue_bot_state').where({ ticketId }).delete()
    })
  },
})
