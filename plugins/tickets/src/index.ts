import { definePlugin } from '@atende/sdk'
import { createTicketsService } from './service.ts'
import { mapRealtime } from './events.ts'

/**
 * Tickets and messages. This slice owns the tables and publishes the `tickets` service the
 * connections pipeline writes through (inbound batches, outgoing messages, acks); the tickets
 * screen and its routes arrive with issue 6. Essential: conversations are the product.
 */
export default definePlugin({
  name: 'tickets',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  dependsOn: ['contacts'],
  migrations: new URL('../migrations', import.meta.url),
  async register(_app, kernel) {
    kernel.services.provide('tickets', createTicketsService(kernel))
    mapRealtime(kernel)
  },
})
