import { definePlugin } from '@atende/sdk'
import { ALL_PERMISSION } from './api.ts'
import { mapRealtime } from './events.ts'
import { registerTasksRoutes } from './routes.ts'
import { createTaskService } from './service.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['task.created', 'task.deleted', 'task.updated']

/**
 * Tasks: the
 * /todolist screen's to-dos over GET/POST /tasks and PUT/DELETE /tasks/{id}, live through
 * `company-{id}-task` ({ action: 'create'|'update', task } / { action: 'delete', id }).
 *
 * Decisions where the spec is silent:
 * - Visibility: the permission `tasks:all` (admins; the super user holds every permission) sees and
 *   changes every task of the company. Anyone else sees only the tasks assigned to them; another
 *   task is not found for them (404 ERR_NO_TASK_FOUND), as is another company's.
 * - Writing: everyone adds tasks. Whoever sees a task edits its text, day and done. Changing who it
 *   is for, and deleting it, is for `tasks:all` or the task's author (`createdBy`): 403
 *   ERR_NO_PERMISSION otherwise (a PUT repeating the same users is fine).
 * - Users (`userid`): a list of user ids or the same list as a JSON string ("[1,2]"; numeric strings
 *   inside are read as ids); every id must be a user of the caller's company, else 400
 *   ERR_TASK_INVALID_USER naming `userid`; a malformed one is the same 400. Empty or absent: the
 *   caller ("session user id required"). A caller without `tasks:all` always stays on what they
 *   assign, so they never lose sight of their own task. Answers carry `userid` and `users` ({ id, name }).
 * - Text: trimmed, 1 to 5,000 characters; blank is refused (400 ERR_VALIDATION, field `text`).
 * - Day: an ISO date-time with its offset (the screen turns its datetime-local into UTC); "" or null
 *   means no date. Anything else (a number, an array, "2026-13-45", a year past 9999) is 400
 *   ERR_VALIDATION naming `day` (the SDK's NullableDateTimeInput and parseOptionalDateTime).
 *   `createdAt` / `updatedAt` in a body (the spec lists them) are ignored: the server stamps them.
 * - List: by day ascending, dateless last, then id; paginated 50 a page (`pageNumber`), answered as
 *   `{ tasks, hasMore, count }` (the spec's page shape). Done tasks stay in place, struck through.
 * - Realtime: a task's frames go only to the user rooms of its users and of those with `tasks:all`;
 *   a user taken off a task gets a delete frame for it.
 * - A deleted user leaves their tasks with their row (task_users cascades in the user delete's own
 *   transaction, so nothing is left behind even if an event is lost); the screen drops them from the
 *   tasks it shows on the kernel's `company-{id}-user` delete frame. A task they wrote keeps
 *   `createdBy` null (then only `tasks:all` deletes or reassigns it). No user.deleted listener is needed.
 */
export default definePlugin({
  name: 'tasks',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  host: '^1.0.0',
  essential: false,
  module: true,
  moduleRoutes: ['/todolist'],
  permissions: [{ permission: ALL_PERMISSION, profiles: ['admin'] }],
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    mapRealtime(kernel)
    registerTasksRoutes(app, createTaskService(kernel))
  },
})
