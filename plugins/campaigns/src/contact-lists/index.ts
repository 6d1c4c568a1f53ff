import type { FastifyInstance } from 'fastify'
import type { Kernel } from '@atende/sdk'
import { mapContactListRealtime } from './events.ts'
import { registerContactListRoutes } from './routes.ts'
import { createContactListService } from './service.ts'

/**
 * Contact lists and their items, for admins; deleting an item
 * needs contacts-page:deleteContact.
 *
 * Decisions where the spec is silent:
 * - Numbers are normalised with the contacts plugin's published rule (ContactsService.normaliseNumber),
 *   then 8 to 50 digits; one number once per list (409 ERR_CONTACT_LIST_ITEM_NUMBER_IN_USE on `number`).
 * - Import (POST /contact-lists/{id}/upload, multipart `file`): .xlsx or .xls (checked by extension
 *   and first bytes), parsed in a worker thread (@atende/spreadsheet: frozen prototypes, 256 MB heap,
 *   CONTACT_LIST_IMPORT_TIMEOUT_MS, default 20 s), at most 10 MB and 10,000 rows. The first
 *   non-empty row is the header; columns by name, case and accents ignored: nome/name,
 *   numero/número/number/telefone/phone/whatsapp, email/e-mail (a number column is required).
 *   Rows are upserted by (list, number): an existing number gets the row's name and email. Invalid
 *   rows and numbers repeated in the file come back as { row, field, message }. A bad file is a 400
 *   on `file` (ERR_SPREADSHEET_*). Live: one ContactListItem { action: 'reload', contactListId }.
 * - The example spreadsheet is served by GET /contact-lists/example (planilha_exemplo.xlsx).
 * - An item change also sends the list's update (its contactsCount).
 * - isWhatsappValid stays null until the connections service publishes checkNumbers (validity.ts).
 */
export function registerContactLists(app: FastifyInstance, kernel: Kernel) {
  const service = createContactListService(kernel)
  mapContactListRealtime(kernel)
  registerContactListRoutes(app, service)
}
