import { useTranslation } from 'react-i18next'
import { Avatar, Button, EmptyState, Loading, useInfiniteScroll, cx } from '@atende/ui'
import { formatTime, type Chat } from './types.ts'
import type { useChatList } from './useChatList.ts'

/** The chat list: title, last message, time and the viewer's unread badge. */
export function ChatList({
  list,
  selectedId,
  search,
  onOpen,
}: {
  list: ReturnType<typeof useChatList>
  selectedId: number | null
  search: string
  onOpen: (chat: Chat) => void
}) {
  const { t } = useTranslation()
  const scroll = useInfiniteScroll({
    hasMore: list.hasMore,
    busy: list.loadingMore || list.status !== 'ready',
    loadMore: list.loadMore,
    count: list.items.length,
  })
  if (list.status === 'loading') return <Loading label={t('chats.loading')} />
  if (list.status === 'error')
    return (
      <div className="p-4 text-center text-sm text-slate-600 dark:text-slate-300">
        <p>{t('chats.loadError')}</p>
        <Button variant="ghost" onClick={list.reload}>
          {t('chats.retry')}
        </Button>
      </div>
    )
  if (!list.items.length)
    return (
      <div className="p-3">
        <EmptyState title={search ? t('chats.emptySearch', { search }) : t('chats.empty')} />
      </div>
    )
  return (
    <div ref={scroll.ref} onScroll={scroll.onScroll} className="min-h-0 flex-1 overflow-y-auto">
      <ul data-testid="chat-list">
        {list.items.map((chat) => (
          <li key={chat.id}>
            <button
              type="button"
              onClick={() => onOpen(chat)}
              data-testid="chat-item"
              data-chat={chat.id}
              aria-current={chat.id === selectedId ? 'true' : undefined}
              className={cx(
                'flex w-full items-center gap-3 border-b border-slate-100 px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:border-slate-800 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
                chat.id === selectedId && 'bg-slate-100 dark:bg-slate-800',
              )}
            >
              <Avatar name={chat.title} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{chat.title}</span>
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
                    {formatTime(chat.updatedAt)}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-xs text-slate-600 dark:text-slate-300">
                    {chat.lastMessage || '\u00a0'}
                  </span>
                  {chat.unreads > 0 && (
                    <span
                      data-testid="chat-unread"
                      className="shrink-0 rounded-full bg-emerald-700 px-1.5 text-[11px] font-semibold text-white"
                      aria-label={t('chats.unread', { count: chat.unreads })}
                    >
                      {chat.unreads}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {list.loadingMore && <Loading label={t('chats.loadingMore')} className="p-2" />}
    </div>
  )
}
