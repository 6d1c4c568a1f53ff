/**
 * The chat events this plugin adds to the bus, and how they reach sockets: `company-{id}-chat`
 * ({ action: 'create'|'update', chat } / { action: 'delete', id } / { action: 'new-message', chat,
 * message }). Each frame goes only to members' `user-{id}` rooms, one delivery per member so that
 * its `chat.unreads` and `message.fromMe` are that member's. A member taken off a chat gets a delete
 * frame for it; a read goes only to the reader (their other tabs clear the badge).
 */
import type { Kernel, RealtimeDelivery } from '@atende/sdk'
import type { Chat, ChatFrame, ChatMessage } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'chat.created': { companyId: number; chat: Chat }
    /** `removedUserIds`: members taken off by this change (they drop the chat). */
    'chat.updated': { companyId: number; chat: Chat; removedUserIds: number[] }
    'chat.deleted': { companyId: number; id: number; userIds: number[] }
    'chat.message': { companyId: number; chat: Chat; message: ChatMessage }
    'chat.read': { companyId: number; chat: Chat; userId: number }
  }
}

/** The chat as one member sees it. */
const forMember = (chat: Chat, userId: number): Chat => ({
  ...chat,
  unreads: chat.users.find((u) => u.userId === userId)?.unreads ?? 0,
})

export function mapRealtime(kernel: Kernel) {
  const event = (companyId: number) => `company-${companyId}-chat`
  const to = (companyId: number, userId: number, data: ChatFrame): RealtimeDelivery => ({
    rooms: [`user-${userId}`],
    event: event(companyId),
    data,
  })

  kernel.realtime.map('chat.created', ({ companyId, chat }) =>
    chat.users.map((u) => to(companyId, u.userId, { action: 'create', chat: forMember(chat, u.userId) })),
  )

  kernel.realtime.map('chat.updated', ({ companyId, chat, removedUserIds }) => [
    ...chat.users.map((u) => to(companyId, u.userId, { action: 'update', chat: forMember(chat, u.userId) })),
    ...removedUserIds.map((userId) => to(companyId, userId, { action: 'delete', id: chat.id })),
  ])

  kernel.realtime.map('chat.deleted', ({ companyId, id, userIds }) =>
    userIds.map((userId) => to(companyId, userId, { action: 'delete', id })),
  )

  kernel.realtime.map('chat.message', ({ companyId, chat, message }) =>
    chat.users.map((u) =>
      to(companyId, u.userId, {
        action: 'new-message',
        chat: forMember(chat, u.userId),
        message: { ...message, fromMe: message.senderId === u.userId },
      }),
    ),
  )

  kernel.realtime.map('chat.read', ({ companyId, chat, userId }) =>
    to(companyId, userId, { action: 'update', chat: forMember(chat, userId) }),
  )
}
