import { useLivePagedList } from '@atende/ui'
import { byActivity, type Chat, type ChatFrame } from './types.ts'

const byTitle = (chat: Chat, search: string) => !search || chat.title.toLowerCase().includes(search.toLowerCase())

/**
 * GET /api/chats page by page (newest activity first), kept live by `company-{id}-chat` (the
 * server sends each member their own frames, with their unread count, and a delete to a member taken off).
 */
export function useChatList(search: string) {
  return useLivePagedList<Chat, ChatFrame>({
    path: '/chats',
    key: 'records',
    search,
    compare: byActivity,
    matches: byTitle,
    name: 'chats',
    event: 'chat',
    apply: (frame, { upsert, remove }) => {
      if (frame.action === 'delete') remove(frame.id)
      else if (frame.chat) upsert(frame.chat)
    },
  })
}
