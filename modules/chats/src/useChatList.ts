import { useRealtime, useSession } from '@atende/client'
import { usePagedList } from '@atende/ui'
import { byActivity, chatEvent, type Chat, type ChatFrame } from './types.ts'

const byTitle = (chat: Chat, search: string) => !search || chat.title.toLowerCase().includes(search.toLowerCase())

/**
 * GET /api/chats page by page (newest activity first), kept live by `company-{id}-chat` (the
 * server sends each member their own frames, with their unread count, and a delete to a member taken off).
 */
export function useChatList(search: string) {
  const { companyId } = useSession()
  const list = usePagedList<Chat>({
    path: '/chats',
    key: 'records',
    search,
    compare: byActivity,
    matches: byTitle,
    name: 'chats',
  })
  const { upsert, remove } = list
  useRealtime<ChatFrame>(chatEvent(companyId), (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') remove(frame.id)
    else if (frame.chat) upsert(frame.chat)
  })
  return list
}
