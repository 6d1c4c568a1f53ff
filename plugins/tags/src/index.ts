import { definePlugin, ownedRows } from '@atende/sdk'
import type { TagsService, TagsRef } from './api.ts'
// Listens to the tickets plugin's events (ticket.deleted): its contract declares them.
import type { TagsForTickets } from '@atende/plugin-tickets/api'
import { mapRealtime } from './events.ts'
import { registerTagRoutes } from './routes.ts'
import { KANBAN_PERMISSION, createTagService } from './service.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['tag.created', 'tag.deleted', 'tag.updated', 'ticketTags.synced']

/**
 * Tags: the /tags screen's CRUD, the
 * ticket tag picker's lookup, the kanban's columns and the tags of each ticket. Live through
 * `company-{id}-tag` ({ action: 'create'|'update', tag } / { action: 'delete', tagId }). Publishes
 * the `tags` service (api.ts) for the tickets screen.
 *
 * Decisions where the spec is silent:
 * - Every user of the company sees the tags and may create one (the ticket screen adds tags on the
 *   fly); a tag is edited or deleted by its author (userId) or an admin. The kanban flag is the
 *   `tags:kanban` permission: admins and the super user (there is no supervisor profile).
 * - Names: trimmed, inner spaces collapsed, 3 to 50 characters, unique per company in any case
 *   (409 ERR_TAG_NAME_IN_USE). Colour: hex (#rgb, #rrggbb, #rrggbbaa), stored lower-case; left out,
 *   one is picked from the name. kanban is 0 or 1 (true/false are accepted).
 * - GET /tags pages by name (lower-case order) with `count`; /tags/list and /tags/kanban are
 *   bounded lookups (searchParam, limit up to 500). A `companyId` query is ignored: always the
 *   caller's company.
 * - ticketsCount counts every ticket carrying the tag, whatever its status. POST /tags/sync sets
 *   the ticket's whole tag set (ids or tag objects); any user of the company may, until the tickets
 *   issue brings its per-ticket access rule. Changed counts go out as tag updates.
 * - Links to a deleted ticket are removed on 'ticket.deleted'; a deleted tag leaves every ticket.
 */
export default definePlugin({
  name: 'tags',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'ticket.deleted'] },
  services: { provides: ['tags'], requires: ['tickets'] },
  host: '^1.0.0',
  essential: false,
  dependsOn: ['tickets'],
  module: true,
  moduleRoutes: ['/tags'],
  permissions: [{ permission: KANBAN_PERMISSION, profiles: ['admin'] }],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const service = createTagService(kernel)
    const api: TagsService & TagsForTickets = {
      version: 1,
      ownedBy: ownedRows((c) => kernel.tenant(c), 'tags'),
      forTickets: service.forTickets,
      ticketIdsWithAll: service.ticketIdsWithAll,
    }
    kernel.services.provide<TagsRef>('tags', api)
    mapRealtime(kernel)
    registerTagRoutes(app, service)
    // The tickets plugin's event, typed by its EventMap declaration (events.ts there).
    kernel.bus.on('ticket.deleted', async (p) => {
      const { companyId, ticketId } = p
      await service.ticketDeleted(companyId, ticketId)
    })
  },
})
