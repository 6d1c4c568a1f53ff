import { definePlugin } from '@atende/sdk'
import { MANAGE_PERMISSION } from './api.ts'
import { mapRealtime } from './events.ts'
import { registerFileListRoutes } from './routes.ts'
import { createFileListService } from './service.ts'
import type { FileListsRef } from './api.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['fileList.created', 'fileList.deleted', 'fileList.updated']

/**
 * File lists: named
 * sets of files with a message, which campaigns send (the campaign dialog's `fileListId`). The
 * /files screen lists them by name; a dialog edits name, message and options (one file each).
 * Live through `company-{id}-file` ({ action: 'create'|'update', record } / { action: 'delete', id }).
 * Published for other plugins as the `fileLists` service (api.ts `FileListsApi`).
 *
 * Decisions where the spec is silent:
 * - Paths: the spec's `/files` is `/api/files`, which was the kernel's signed-media path; signed
 *   media moved to `/api/media/<key>` and old `/api/files/<key>?exp&sig` links keep working until
 *   they expire (the router prefers these routes to the kernel's wildcard; see its routes.ts).
 * - No plan flag (the spec's seven flags do not name files); every user of the company reads lists
 *   (campaigns and attendants use them), admins (`files:manage`) add, edit, upload and delete.
 * - Validation: name trimmed, at least 3 and at most 100 characters, unique in the company in
 *   any case (409 ERR_FILE_LIST_NAME_IN_USE, field name); message required (not blank, at most
 *   10,000 characters). Errors are 400 ERR_VALIDATION naming the field (`options.2.name`, …).
 * - Options: at most 20 per list, each a name (1–100 characters) and at most one file. Create and
 *   edit send the options by name in order (`options: [{ id?, name }]`); on edit the array is the
 *   whole new set: entries with an id keep that option and its file, without one are new, options
 *   left out are deleted with their files. An option has no file until one is uploaded.
 * - Upload (POST /files/uploadList/{id}): multipart `files` parts with, per file, `name` and `id`
 *   text fields (the n-th value goes with the n-th file, before or after it): `id` names an option
 *   of this list whose file is replaced (the old one removed), no id adds a new option at the end
 *   named `name` or the file's name. The spec's `mediaType`, `fileId` and `typeArch` fields are
 *   ignored: the type is read from the file's first bytes (images, audio, video, PDF and office
 *   documents, plain text; anything else 400 ERR_FILE_TYPE_NOT_ALLOWED) and `mediaType` is its
 *   kind (image, audio, video or document, as WhatsApp sends it). Each file may be as large as
 *   kernel.storage allows (MEDIA_MAX_BYTES, 16 MiB; 400 ERR_FILE_TOO_LARGE); one refused file
 *   refuses the whole upload and nothing stays stored.
 * - Answers carry each option's `path` as a signed URL (24 h); the rows keep storage keys, which
 *   the published service hands to other plugins. Deleting a list deletes its files.
 * - GET /files answers `{ files, count, hasMore }` (20 a page, name order, searching name and
 *   message); the `companyId` query parameter of the spec's campaign dialog is ignored.
 */
export default definePlugin({
  name: 'files',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  host: '^1.0.0',
  essential: false,
  module: true,
  moduleRoutes: ['/files'],
  permissions: [{ permission: MANAGE_PERMISSION, profiles: ['admin'] }],
  services: { provides: ['fileLists'] },
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    const service = createFileListService(kernel)
    mapRealtime(kernel)
    registerFileListRoutes(app, kernel, service)
    kernel.services.provide<FileListsRef>('fileLists', service.api)
  },
})
