import { definePlugin } from '@atende/sdk'
import type { InboundRef } from '@atende/plugin-connections/api'
import { GRANTED_SETTING, IMPORT_PERMISSION } from './api.ts'
import { createConsult } from './consult.ts'
import { createGrants } from './grants.ts'
import { createInventory } from './inventory.ts'
import { registerPartsRoutes } from './routes.ts'

/**
 * Parts import and the
 * "start-parts-consult-flow": a company's parts inventory from an Excel sheet, and a
 * built-in WhatsApp consult that answers customers from it.
 *
 * Decisions where the spec is silent or reads two ways:
 * - The "special company" (the spec reads it as id 99999999990 for the menu and the calls, and as id 2
 *   for the screen: the anchors hard-code one company) is a grant the super user gives any company
 *   (`part_grants`, PUT/DELETE /api/part-inventory/grants/{companyId}). Without it every route but
 *   GET /access answers 403 ERR_PARTS_NOT_GRANTED and the screen says 'Acesso restrito.'.
 * - Import (admins, `parts:import`): .xlsx/.xls only (name and first bytes, else 400
 *   ERR_PARTS_FILE_TYPE); the first non-empty row must be the 11 headers in order (accents and
 *   case ignored, else 400 ERR_PARTS_COLUMNS); the sheet is parsed in a worker thread with a time
 *   limit (PARTS_IMPORT_TIMEOUT_MS, 20 s) and at most 20,000 rows. Rows are upserted by the sheet's
 *   ID per company; a bad row (no ID, no Peça, a year that is not 2015 or 2010-2015, Em Estoque?
 *   other than Sim/Não, a cell too long, an ID repeated) is reported { row, field, message } and
 *   the others are imported. `companyId` in the form must be the caller's own (403 otherwise).
 * - Consult (any user of a granted company; consult.ts): on the number's pending ticket (404
 *   ERR_NO_PENDING_TICKET without one) the bot asks the part, the model and the year, one at a
 *   time, then lists up to 5 parts whose name holds the part, whose model holds a word of the
 *   model answer (or whose brand holds it) and whose Ano covers the year, in stock first, with
 *   stock and branch, and hands over to an attendant: the ticket stays pending. Starting again
 *   restarts from the first question; accepting or closing the ticket ends it.
 * - The drawer item shows to admins of granted companies: the grant is mirrored as the managed
 *   company setting partsGranted (menu items know roles, permissions and settings), pushed to open
 *   sessions when the super user changes it; the page still says 'Acesso restrito.' without it.
 */
export default definePlugin({
  name: 'parts',
  version: '1.0.0',
  host: '^1.0.0',
  essential: false,
  module: true,
  moduleRoutes: ['/import-parts'],
  cshowRoutes: ['/import-parts'],
  dependsOn: ['contacts', 'tickets', 'connections'],
  services: { requires: ['tickets', 'contacts', 'messaging', 'inbound'] },
  permissions: [{ permission: IMPORT_PERMISSION, profiles: ['admin'] }],
  settings: [{ key: GRANTED_SETTING, values: ['false', 'true'], default: 'false', managed: true }],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const grants = createGrants(kernel)
    await grants.mirrorAll()
    const inventory = createInventory(kernel)
    const consult = createConsult(kernel, grants, inventory)
    kernel.services.get<InboundRef>('inbound').register(consult.step)
    registerPartsRoutes(app, { grants, inventory, consult })
  },
})
