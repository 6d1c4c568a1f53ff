import { definePlugin } from '@atende/sdk'
import { mapRealtime } from './events.ts'
import { registerChatsRoutes } from './routes.ts'
import { createChatService } from './service.ts'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['chat.created', 'chat.deleted', 'chat.message', 'chat.read', 'chat.updated']

/**
 * Internal chat: team
 * conversations between users of one company, under the plan flag useInternalChat, live through
 * `company-{id}-chat` frames (see src/events.ts).
 *
 * Decisions where the spec is silent:
 * - Routes: GET /chats (searchParam on the title, pageNumber; `{ records, hasMore, count }`, 20 a
 *   page, newest activity first: a message or a rename moves a chat up), GET /chats/{id} (the id or
 *   the uuid, since the screen routes /chats/{uuid}), POST /chats, PUT /chats/{id}, DELETE
 *   /chats/{id}, GET /chats/{id}/messages (pageNumber; page 1 holds the newest 30, each page oldest
 *   first), POST /chats/{id}/messages, POST /chats/{id}/read.
 * - Visibility: only a chat's members see it and its messages; anyone else (another company
 *   included, admins included) gets 404 ERR_NO_CHAT_FOUND. Admins get no extra view of private chats.
 * - Owner: the creator owns the chat (`ownerId`, and `owner` on the member row) and is a member.
 *   Only the owner renames, changes members or deletes (403 ERR_NO_PERMISSION for other members);
 *   the owner always stays a member. A deleted owner leaves `ownerId` null: the chat then stays as
 *   it is for its members (nobody can change it any more), and it goes away only with its company.
 * - Body: `{ title, users }` where users are the ids of the *other* members (the caller's own id is
 *   ignored there); at least one other user, each a user of the caller's company, else 400
 *   ERR_CHAT_INVALID_USER naming `users`. Title trimmed, 1–100 characters (400 field `title`).
 * - Messages: trimmed, 1–10,000 characters; blank is refused (400 ERR_VALIDATION, field `message`).
 *   A message raises every other member's unread count by one and sets the sender's to 0 (writing
 *   means having read); POST /read sets the caller's to 0. `chat.unreads` is the caller's count;
 *   `users[].unreads` carries every member's. `fromMe` is true when the caller sent the message.
 *   A deleted user's messages stay with `senderId` / `sender` null.
 * - Realtime: one frame per member in their `user-{id}` room, with that member's unreads and fromMe;
 *   members removed by an edit, and all members of a deleted chat, get `{ action: 'delete', id }`.
 *   A read goes only to the reader, as an update.
 * - Permissions: none beyond the plan flag and membership: every user may start chats.
 */
export default definePlugin({
  name: 'chats',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  host: '^1.0.0',
  planFlag: 'useInternalChat',
  essential: false,
  module: true,
  moduleRoutes: ['/chats'],
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    mapRealtime(kernel)
    registerChatsRoutes(app, createChatService(kernel))
  },
})
