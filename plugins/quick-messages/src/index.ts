import { definePlugin } from '@atende/sdk'
import { mapRealtime } from './events.ts'
import { registerQuickMessageRoutes } from './routes.ts'
import { createQuickMessageService } from './service.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['quickMessage.created', 'quickMessage.deleted', 'quickMessage.updated']

/**
 * Quick messages: the
 * /quick-messages screen's CRUD with an attached file, and the composer's "/" suggestions
 * (GET /quick-messages/list). Live through `company-{id}-quickemessage` (the spec's spelling).
 *
 * Decisions where the spec is silent:
 * - Visibility: a user sees their own quick messages plus the company-wide (`geral`) ones; another
 *   user's private one is invisible to everyone else, admins included (404). Its author or an admin
 *   edits or deletes a visible one (403 otherwise). Anyone may share their own company-wide.
 * - Shortcode: trimmed, leading "/" dropped, 1 to 100 characters; unique among what its author
 *   sees (their own and the company-wide ones), in any case: 409 ERR_QUICK_MESSAGE_SHORTCODE_IN_USE.
 *   Another user's private shortcode never blocks anyone (it stays private), so a user may see a
 *   company-wide and an own message with one shortcode when the company-wide one came later.
 * - Message may be empty (the spec requires only the shortcode); status (active) defaults to true;
 *   only active ones are suggested in the composer. The list searches shortcode and message; the
 *   suggestions search the shortcode, those starting with the text first. The `userId` and
 *   `companyId` query parameters the spec sends are ignored: always the caller.
 * - Media: one file per message, through POST /quick-messages/{id}/media-upload (multipart `file`;
 *   `typeArch` is ignored) into kernel.storage (MEDIA_MAX_BYTES, images, audio, video, documents,
 *   text); a new file replaces the old one, DELETE …/media-upload removes it. The row keeps the
 *   storage key; answers carry `mediaPath` as a signed URL (24 h). `isMedia`/`mediaPath` in a
 *   create or edit body are ignored.
 * - Realtime: company-wide messages go to the company room, private ones to their author only.
 * - A deleted user's private messages are deleted with their files; their company-wide ones stay.
 */
export default definePlugin({
  name: 'quick-messages',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  host: '^1.0.0',
  essential: false,
  module: true,
  moduleRoutes: ['/quick-messages'],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const service = createQuickMessageService(kernel)
    mapRealtime(kernel)
    registerQuickMessageRoutes(app, service)
    kernel.bus.on('user.deleted', async ({ companyId }) => {
      await service.userDeleted(companyId)
    })
  },
})
