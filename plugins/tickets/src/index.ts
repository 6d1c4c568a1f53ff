import { definePlugin } from '@atende/sdk'
import { createTicketsService } from './service.ts'
import { AttendantFields, createAttendants } from './attendants.ts'
import { mapRealtime } from './realtime.ts'
import { registerTicketRoutes } from './routes.ts'
import { registerRatingStep } from './rating.ts'
import { registerAutomations } from './automations.ts'
// Listens to the contacts plugin's events (contact.deleted): declared by its contract.
import type {} from '@atende/plugin-contacts/api'
import type { TicketsRef } from './api.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['message.created', 'message.updated', 'ticket.deleted', 'ticket.updated']

/**
 * Tickets and messages. This slice owns the tables and publishes the `tickets` service the
 * connections pipeline writes through (inbound batches, outgoing messages, acks); the tickets
 * screen's routes (issue 6, first part) are routes.ts: list, read, moves, message history. Essential: conversations are the product.
 */
export default definePlugin({
  name: 'tickets',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'contact.deleted'] },
  // Connections, queues and tags load after tickets (they depend on it): reached at call time, absent when not installed.
  services: {
    provides: ['tickets'],
    requires: ['contacts'],
    optional: ['connections', 'messaging', 'inbound', 'queues', 'tags', 'integrations', 'prompts'],
  },
  host: '^1.0.0',
  essential: true,
  permissions: [{ permission: 'ticket-options:deleteTicket', profiles: ['admin'] }],
  // Automatic messages on accepting, transferring and closing.
  settings: [
    { key: 'userRating', values: ['enabled', 'disabled'], default: 'disabled' },
    { key: 'sendGreetingAccepted', values: ['enabled', 'disabled'], default: 'disabled' },
    { key: 'sendMsgTransfTicket', values: ['enabled', 'disabled'], default: 'disabled' },
  ],
  dependsOn: ['contacts'],
  // modules/tickets: the attendant's workspace.
  module: true,
  moduleRoutes: ['/tickets'],
  migrations: new URL('../migrations', import.meta.url),
  // Every user view carries the user's queues, allTicket and default connection (attendants.ts).
  userFields: AttendantFields,
  async register(app, kernel) {
    const attendants = createAttendants(kernel)
    kernel.accounts.extendViews('tickets', (users, uow) => attendants.viewFields(users, uow))
    kernel.services.provide<TicketsRef>('tickets', createTicketsService(kernel, attendants))
    mapRealtime(kernel, attendants)
    registerTicketRoutes(app, kernel, attendants)
    // The rating answer step joins the inbound chain once every plugin registered (connections loads after this one).
    app.addHook('onReady', async () => {
      registerRatingStep(kernel)
    })
    // Connections' expiresTicket and timeToTransfer: one repeating job for every company (automations.ts).
    await registerAutomations(kernel)
    // A deleted contact's conversations go with it (their messages cascade). The contacts plugin
    // announces the delete; no foreign key crosses plugins. Idempotent: every process may run it.
    kernel.bus.on('contact.deleted', async ({ companyId, contactId }) => {
      const gone: { id: number }[] = await kernel
        .tenant(companyId)('tickets')
        .where({ contactId })
        .delete()
        .returning('id')
      for (const { id } of gone) await kernel.bus.emit('ticket.deleted', { companyId, ticketId: id })
    })
  },
})
