import { definePlugin } from '@atende/sdk'
import { VIEW_PERMISSION } from './api.ts'
import { createFigures } from './figures.ts'
import { liveDashboard } from './live.ts'
import { recordTicketMoves } from './record.ts'
import { registerDashboardRoutes } from './routes.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['dashboard.changed']

/**
 * The dashboard (permission dashboard:view): the
 * admin's view of the day — counters, the attendants' table and two charts — kept live.
 *
 * Its figures come from its own tables, fed by the tickets plugin's `ticket.updated` events
 * (record.ts; the definitions of created, wait, accepted, transferred and support are in
 * moments.ts), leads from the contacts plugin's `countCreated` and ratings from the tickets plugin's
 * `ratingsByUser`. Decisions where the spec is silent:
 * - supportHappening and supportPending are the tickets open and pending *now* (a live queue,
 *   whatever the range); the other figures are of the chosen range of local days.
 * - Averages are over the moments in the range (an acceptance's wait, a closing's support), in
 *   minutes; null (shown as a dash) when there are none. Ratings are averaged per attendant over
 *   the ratings given in the range.
 * - The attendants' table lists every user of the company, by name.
 * - ticketsUsers answers { data: [{ userId, name, accepted, closed }] } and ticketsDay
 *   { data: [{ day, created, closed }] } with every day of the range.
 * - Tickets the dashboard first sees closed (campaign or schedule outreach) are not support.
 *   Tickets that existed before the plugin was installed count from their next move.
 */
export default definePlugin({
  name: 'dashboard',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'ticket.deleted', 'ticket.updated'] },
  host: '^1.0.0',
  essential: false,
  module: true,
  moduleRoutes: ['/dashboard'],
  dependsOn: ['tickets', 'contacts'],
  services: { requires: ['tickets', 'contacts'] },
  permissions: [{ permission: VIEW_PERMISSION, profiles: ['admin'] }],
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    const moves = recordTicketMoves(kernel, liveDashboard(kernel))
    registerDashboardRoutes(app, createFigures(kernel, moves.settled))
  },
})
