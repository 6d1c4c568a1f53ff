import { definePlugin } from '@atende/sdk'
import { createContactsService } from './service.ts'
import { mapRealtime } from './events.ts'
import { registerContactRoutes } from './routes.ts'
import type { ContactsRef } from './api.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['contact.created', 'contact.deleted', 'contact.imported', 'contact.updated']

/**
 * Contacts: the people
 * (and groups) a company talks to. Owns the table, the `contacts` service the inbound pipeline
 * upserts through (one canonical number per company, number.ts — the screen uses the same rule),
 * the /contacts screen's API and the `company-{id}-contact` events. Essential: every feature needs it.
 *
 * Decisions where the spec is silent:
 * - Search (GET /contacts, /contacts/list, export): "contains" on the name without case or accents
 *   (002's `searchName`, e.g. "marcia" finds "Márcia"), on the email, and on the number's digits
 *   when the text is written like a phone number. Postgres serves it with pg_trgm indexes; PGlite
 *   (embedded) has no pg_trgm, so there the search scans — fine at embedded sizes.
 * - Order: by that name key, then id. 20 per page (the SDK's PAGE_SIZE); `hasMore` from one extra row.
 * - Count: only on page 1 (the screen keeps it while scrolling), exact up to 10,000; beyond that
 *   `count: 10000, countCapped: true` and the screen shows "10.000+". An exact count of a 200k
 *   company (or of a broad search) would cost every first page tens to hundreds of ms.
 * - Dates: `date` is one day, `dateStart`/`dateEnd` a range, all on createdAt. A bare YYYY-MM-DD is a
 *   UTC day; the screen sends instants (its local midnight) instead.
 * - Validation: name 2–50 ('Too Short!' / 'Too Long!'), number 8–50 digits after the shared
 *   normalisation (stored as digits), email optional but valid ('Invalid email', stored lower-cased).
 *   400 answers carry `field` and `reason` (the screen's words); an invalid number is ERR_INVALID_NUMBER.
 * - Duplicate number: 409 ERR_DUPLICATED_CONTACT with `field: 'number'` and `contact: { id, name, number }`.
 * - Delete (permission contacts-page:deleteContact, admins in the kernel's table): the contact goes,
 *   and the tickets plugin deletes its tickets (and so their messages) on `contact.deleted`.
 * - Upload (POST /contacts/upload): a JSON array of rows `{ name, number, email?, row? }`, at most
 *   10,000 per request (the screen reads the spreadsheet in a Web Worker and sends chunks). Rows break
 *   the form's rules, repeat a number of an earlier row, or have a number the company already has:
 *   those go to `errorBag` with `row`, `reason` and the existing contact; existing contacts are never
 *   overwritten by an import. Survivors are inserted in bulk (one INSERT per 1,000).
 * - Live updates: create/update/delete frames; an upload of more than 50 new contacts sends one
 *   `{ action: 'reload', count }` instead of a frame per row.
 * - Export (GET /contacts/export): the current filters, streamed in batches as contatos.csv (see csv.ts:
 *   BOM, ";", CRLF, RFC 4180 quoting, formula guard, "55 (47) 99999-9999" numbers); no extra info.
 * - Address-book import (POST /contacts/import): no provider reads the phone's address book yet; the
 *   route uses the `contacts.addressBook` service when some plugin provides it (api.ts) and
 *   otherwise answers 400 ERR_ADDRESS_BOOK_UNAVAILABLE.
 */
export default definePlugin({
  name: 'contacts',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  // contacts.addressBook: a channel that can read the phone's contacts publishes it (none does yet).
  services: { provides: ['contacts'], optional: ['contacts.addressBook'] },
  host: '^1.0.0',
  essential: true,
  permissions: [{ permission: 'contacts-page:deleteContact', profiles: ['admin'] }],
  // modules/contacts: the /contacts screen, and the contact form and picker other modules reuse.
  module: true,
  moduleRoutes: ['/contacts'],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    kernel.services.provide<ContactsRef>('contacts', createContactsService(kernel))
    mapRealtime(kernel)
    registerContactRoutes(app, kernel)
  },
})
