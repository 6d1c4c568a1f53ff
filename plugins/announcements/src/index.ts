import { definePlugin } from '@atende/sdk'
import { mapRealtime } from './events.ts'
import { registerAnnouncementsRoutes } from './routes.ts'
import { createAnnouncementService } from './service.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['announcement.saved']

/**
 * Announcements (shown live in the top-bar popover): notices the platform's super user publishes to
 * every company's users.
 *
 * Decisions where the spec is silent:
 * - Platform data: like plans and helps, the table has no companyId and is read through kernel.db.
 *   The plugin is essential (no plan can switch off notices from the platform).
 * - Who: only the super user (`auth.super`, route config `super: true`) creates, edits, deletes and
 *   uploads: anyone else gets 403 ERR_NO_PERMISSION. Every user reads; non-super users see only
 *   active announcements (an inactive one is 404 ERR_NO_ANNOUNCEMENT_FOUND for them), the super
 *   user sees all. Lists go by priority (1 first), then newest (`{ records, hasMore, count }`, 20 a
 *   page; searchParam on title and text).
 * - Body: title (trimmed, 1–200, else 400 field `title`), text, richContent, priority 1–3 (default
 *   3), status (default true). Neither text nor blocks → 400 field `text` 'É necessário adicionar
 *   conteúdo ao informativo'; blocks without text → text from the text blocks, or a default.
 * - Rich content is structured data, never HTML: a list of blocks validated by a TypeBox schema
 *   (api.ts RichBlock): an unknown type, style, size or position, or a custom width outside 50–1000
 *   or height outside 50–800, is 400 naming the field (`richContent.0.customWidth`). Each block is
 *   reduced to its kind's fields; ids must be unique; a text block needs text; a custom size needs
 *   both dimensions. The module renders blocks with React elements only (no dangerouslySetInnerHTML),
 *   so nothing stored can run script.
 * - Images in blocks: only our own signed media URLs, as POST /announcements/{id}/rich-content-upload
 *   returns them (multipart `richContentImage` + `blockId`; png, jpeg, gif or webp read from the bytes,
 *   anything else 400 ERR_FILE_TYPE_NOT_ALLOWED). A block's URL is reduced to its storage key, which
 *   must be an existing file of the `announcements` area; any other URL (http, data:, javascript:, a
 *   file of another area) is 400 naming `richContent.N.content`. Keys are stored and signed again on
 *   every read, so images never expire with a stored URL. The upload needs the announcement to exist:
 *   the module saves first, uploads pending images, then saves the block list again.
 * - Attachment: POST/DELETE /announcements/{id}/media-upload (multipart `file`; png/jpg/jpeg by bytes).
 *   mediaPath answers as a signed URL. Files no longer referenced (a replaced attachment, image
 *   blocks removed by an edit, everything of a deleted announcement) are removed from storage.
 * - Realtime (src/events.ts): `company-{id}-announcement` to every company's `company-{id}` room on
 *   create/update/delete: `{ action: 'create'|'update', record }` for an active one; a deleted or
 *   deactivated one goes as `{ action: 'delete', id }` (readers never receive inactive content).
 * - Read state (the popover's unread count) is kept per user in the browser's localStorage (the
 *   spec names no call for it): reading on another browser does not clear it there.
 */
export default definePlugin({
  name: 'announcements',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  host: '^1.0.0',
  essential: true,
  module: true,
  moduleRoutes: ['/announcements'],
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    mapRealtime(kernel)
    registerAnnouncementsRoutes(app, createAnnouncementService(kernel))
  },
})
