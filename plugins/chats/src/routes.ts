import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, ListQuery, MessageResponse } from '@atende/sdk'
import { Chat, ChatMessage } from './api.ts'
import {
  ChatsPage,
  CreateBody,
  IdOrUuidParams,
  MessageBody,
  MessagesPage,
  PageQuery,
  UpdateBody,
  errors,
} from './schemas.ts'
import type { ChatService } from './service.ts'

const tags = ['chats']

/**
 * The internal chat's routes under /api (the rest designed here, see
 * src/index.ts). Everyone with the plan flag may call them; a chat is visible only to its members
 * (404 ERR_NO_CHAT_FOUND otherwise), and only its owner changes or deletes it (403).
 */
export function registerChatsRoutes(root: FastifyInstance, service: ChatService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/chats',
    {
      schema: {
        tags,
        summary: "The caller's chats, newest activity first, searchable by title, 20 a page",
        querystring: ListQuery,
        response: { 200: ChatsPage, ...errors },
      },
    },
    async (request) => service.page(request.auth, request.query.searchParam, request.query.pageNumber),
  )

  app.get(
    '/chats/:id',
    {
      schema: {
        tags,
        summary: 'One chat the caller is a member of, by id or uuid',
        params: IdOrUuidParams,
        response: { 200: Chat, ...errors },
      },
    },
    async (request) => service.get(request.auth, request.params.id),
  )

  app.post(
    '/chats',
    {
      schema: {
        tags,
        summary: 'Start a chat (title and at least one other user); the caller owns it',
        body: CreateBody,
        response: { 200: Chat, ...errors },
      },
    },
    async (request) => service.create(request.auth, request.body),
  )

  app.put(
    '/chats/:id',
    {
      schema: {
        tags,
        summary: 'Rename a chat or change its members (its owner)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Chat, ...errors },
      },
    },
    async (request) => service.update(request.auth, request.params.id, request.body),
  )

  app.delete(
    '/chats/:id',
    {
      schema: {
        tags,
        summary: 'Delete a chat with its messages (its owner)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.auth, request.params.id)
      return { message: 'Chat deleted' }
    },
  )

  app.get(
    '/chats/:id/messages',
    {
      schema: {
        tags,
        summary: "A chat's messages: page 1 is the newest, each page oldest first, 30 a page",
        params: IdParams,
        querystring: PageQuery,
        response: { 200: MessagesPage, ...errors },
      },
    },
    async (request) => service.messages(request.auth, request.params.id, request.query.pageNumber),
  )

  app.post(
    '/chats/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message to a chat (blank is refused)',
        params: IdParams,
        body: MessageBody,
        response: { 200: ChatMessage, ...errors },
      },
    },
    async (request) => service.send(request.auth, request.params.id, request.body),
  )

  app.post(
    '/chats/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a chat read for the caller (their unread count goes to 0)',
        params: IdParams,
        response: { 200: Chat, ...errors },
      },
    },
    async (request) => service.read(request.auth, request.params.id),
  )
}
