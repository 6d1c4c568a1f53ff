/**
 * The chats plugin's published contract, version 1: what other plugins and the chats module
 * may use (`import type { Chat } from '@atende/plugin-chats/api'`). Nothing else of this
 * plugin is imported from outside. TypeBox only (no SDK), so the front end's types stay small.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'

/** A member of a chat (users with userId, unreads, user id and name). */
export const ChatUser = Type.Object({
  userId: Type.Integer(),
  unreads: Type.Integer({ description: 'messages of others this member has not read yet' }),
  owner: Type.Boolean(),
  user: Type.Object({ id: Type.Integer(), name: Type.String() }),
})
export type ChatUser = Static<typeof ChatUser>

/** A chat as every answer and every socket frame carries it. */
export const Chat = Type.Object({
  id: Type.Integer(),
  uuid: Type.String({ format: 'uuid' }),
  companyId: Type.Integer(),
  title: Type.String(),
  ownerId: Type.Union([Type.Null(), Type.Integer()], { description: 'its owner (null: a deleted user)' }),
  lastMessage: Type.String(),
  unreads: Type.Integer({ description: "the caller's (a frame's recipient's) unread messages" }),
  users: Type.Array(ChatUser, { description: 'the members, by name' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time', description: 'last activity' }),
})
export type Chat = Static<typeof Chat>

/** A chat message. */
export const ChatMessage = Type.Object({
  id: Type.Integer(),
  chatId: Type.Integer(),
  senderId: Type.Union([Type.Null(), Type.Integer()], { description: 'null: a deleted user' }),
  sender: Type.Union([Type.Null(), Type.Object({ id: Type.Integer(), name: Type.String() })]),
  message: Type.String(),
  fromMe: Type.Boolean({ description: "whether the caller (a frame's recipient) sent it" }),
  createdAt: Type.String({ format: 'date-time' }),
})
export type ChatMessage = Static<typeof ChatMessage>

/** `company-{id}-chat` socket frames, each to one member's `user-{id}` room. */
export type ChatFrame =
  | { action: 'create' | 'update'; chat: Chat }
  | { action: 'delete'; id: number }
  | { action: 'new-message'; chat: Chat; message: ChatMessage }

/** Message pages (GET /chats/{id}/messages?pageNumber=…). */
export const MESSAGES_PAGE_SIZE = 30
