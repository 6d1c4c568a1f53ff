import { definePlugin } from '@atende/sdk'
import type { InboundRef } from '@atende/plugin-connections/api'
import { DDD_SETTING } from './api.ts'
import { registerDddRoutingRoutes } from './routes.ts'
import { createDddRoutingService } from './service.ts'
import { createDddStep } from './step.ts'

/**
 * DDD routing: which users serve
 * which Brazilian area codes, and a step of the inbound routing chain that hands a new customer to
 * one of them. The users screen's DDD column and dialog are modules/ddd-routing's contributions to
 * the users module's extension slots. Everything is off until the company setting
 * `dddRoutingEnabled` (defined here) is 'enabled'; the super user can also leave the module out of a plan.
 *
 * Routes: GET /ddd-routing (the company's [{ userId, ddd }]), GET /ddd-routing/user/{id},
 * POST /ddd-routing { userId, ddd }, DELETE /ddd-routing/user/{userId}/ddd/{ddd}.
 *
 * Decisions where the spec is silent:
 * - Reads are for every user of the company (who serves which area is no secret, and a screen may
 *   show it); writes are for admins (403 ERR_NO_PERMISSION).
 * - A DDD is two digits each 1–9 (400 ERR_DDD_INVALID, field `ddd`); the same DDD twice for one user
 *   is 409 ERR_DDD_DUPLICATE (field `ddd`); several users may hold one DDD. A userId not of the
 *   caller's company is 400 ERR_NO_USER_FOUND (field `userId`) in a body, 404 in a path. Removing a
 *   DDD the user does not hold is 404 ERR_DDD_NOT_FOUND. A deleted user's DDDs go with them.
 * - The step (order 100) runs after the rating answer (50) and before integrations and flows (200),
 *   AI prompts (300) and the queue chatbot (400): an assigned customer talks to a person at once,
 *   with no greeting menu or bot in between. It acts only on a NEW, non-group, unassigned ticket
 *   whose contact number is Brazilian (55 + DDD + 8 or 9 digits) and whose DDD someone holds; any
 *   other message goes down the usual chain untouched.
 * - The user: of the DDD's holders, only the online ones if any is online (users.online, kept by the
 *   presence tick, plus this process's sockets); of those, the fewest open tickets (the tickets
 *   service's openCountsByUser, one query); ties go round robin (the holder assigned longest ago).
 * - The ticket becomes theirs and open (as a transfer to a user does), the chatbot flag cleared. If it
 *   has no queue it takes one of the user's queues that the connection serves, else the user's first
 *   queue (so queue-based lists and reports see it); a user without queues leaves it queueless.
 * - The ticket's history gets a system note: "Atribuído a {name} pelo roteamento por DDD ({ddd})."
 * - No realtime channel of its own: only the dialog changes the map, and it updates itself.
 */
export default definePlugin({
  name: 'ddd-routing',
  version: '1.0.0',
  host: '^1.0.0',
  essential: false,
  dependsOn: ['tickets', 'connections'],
  services: { requires: ['tickets', 'connections', 'inbound'] },
  settings: [{ key: DDD_SETTING, values: ['enabled', 'disabled'], default: 'disabled' }],
  // No page: the module only contributes to the users screen's slots.
  module: true,
  moduleRoutes: [],
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    registerDddRoutingRoutes(app, createDddRoutingService(kernel))
    kernel.services.get<InboundRef>('inbound').register(createDddStep(kernel))
  },
})
