import { definePlugin } from '@atende/sdk'
import { createContactsService } from './service.ts'
import { mapRealtime } from './events.ts'

/**
 * Contacts: the people (and groups) a company talks to. This slice owns the table and publishes
 * the `contacts` service (canonical numbers, bulk upsert) that the inbound pipeline uses; the
 * screen, CRUD, import and export arrive with issue 5. Essential: every other feature needs it.
 */
export default definePlugin({
  name: 'contacts',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  migrations: new URL('../migrations', import.meta.url),
  async register(_app, kernel) {
    kernel.services.provide('contacts', createContactsService(kernel))
    mapRealtime(kernel)
  },
})
