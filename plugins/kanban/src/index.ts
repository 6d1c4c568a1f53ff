import { definePlugin } from '@atende/sdk'

/**
 * Kanban (issue 17): the board of open and
 * pending tickets, one lane per tag whose kanban flag is on, plus the first lane "Em aberto" for
 * the tickets carrying no kanban tag. Dragging a card retags the ticket.
 *
 * This plugin is thin on purpose: it carries the `useKanban` plan flag and the module (the shell
 * offers /kanban and its drawer item only when the company's plan has the flag; /kanban then says
 * 'no permission' like every plan page). The board reads and writes through other features'
 * routes, which keep their own access rules: GET /api/tags/kanban (the lanes), GET /api/tickets
 * (each lane's cards, a page at a time, the viewer's scope), POST /api/tags/sync (the move), and
 * their `company-{id}-ticket` / `company-{id}-tag` frames (the tag frame's `sync` action tells a
 * ticket's new tag set). No table of its own.
 */
export default definePlugin({
  name: 'kanban',
  version: '1.0.0',
  host: '^1.0.0',
  planFlag: 'useKanban',
  dependsOn: ['tickets', 'tags'],
  essential: false,
  module: true,
  moduleRoutes: ['/kanban'],
  register() {},
})
