import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import { Button, Loading, WhatsAppText, cx, toast } from '@atende/ui'
import { chatEvent, formatTime, type Chat, type ChatFrame, type ChatMessage } from './types.ts'

export const MESSAGE_MAX = 10_000
interface Page {
  records: ChatMessage[]
  hasMore: boolean
}

/**
 * One chat's messages (newest at the bottom; scrolling to the top loads older pages) and the
 * composer: Enter sends, Shift+Enter breaks the line, a blank message is not sent. Opening the chat
 * and a message arriving while it is on screen mark it read. Loads fail silently
 *; a failed send says so.
 */
export function Conversation({ chat, onEdit, onDelete }: { chat: Chat; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { companyId, user } = useSession()
  const me = user?.id ?? 0
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [page, setPage] = useState(0)
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(true)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  /** How to place the scroll after the next render: at the bottom, or where the reader was before older messages came in. */
  const anchor = useRef<{ bottom: true } | { keepFrom: number } | null>(null)
  const chatId = chat.id

  const markRead = useCallback(() => {
    api.post(`/chats/${chatId}/read`).catch(() => {})
  }, [api, chatId])

  useEffect(() => {
    const ctrl = new AbortController()
    setMessages([])
    setPage(0)
    setHasMore(false)
    setLoading(true)
    api
      .get<Page>(`/chats/${chatId}/messages`, { params: { pageNumber: 1 }, signal: ctrl.signal })
      .then((p) => {
        anchor.current = { bottom: true }
        // Frames that came while the page loaded stay (dedup by id).
        setMessages((live) => [...p.records, ...live.filter((m) => !p.records.some((r) => r.id === m.id))])
        setPage(1)
        setHasMore(p.hasMore)
      })
      .catch((err) => {
        if (!isAbortError(err)) console.warn('[chats] messages failed', err)
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false)
      })
    markRead()
    return () => ctrl.abort()
  }, [api, chatId, markRead])

  const loadOlder = useCallback(() => {
    if (!hasMore || loadingOlder || loading) return
    setLoadingOlder(true)
    api
      .get<Page>(`/chats/${chatId}/messages`, { params: { pageNumber: page + 1 } })
      .then((p) => {
        const el = box.current
        anchor.current = { keepFrom: el ? el.scrollHeight - el.scrollTop : 0 }
        setMessages((list) => [...p.records.filter((r) => !list.some((m) => m.id === r.id)), ...list])
        setPage(page + 1)
        setHasMore(p.hasMore)
      })
      .catch(() => {})
      .finally(() => setLoadingOlder(false))
  }, [api, chatId, page, hasMore, loadingOlder, loading])

  useLayoutEffect(() => {
    const el = box.current
    const a = anchor.current
    if (!el || !a) return
    anchor.current = null
    el.scrollTop = 'bottom' in a ? el.scrollHeight : el.scrollHeight - a.keepFrom
  }, [messages])

  useRealtime<ChatFrame>(chatEvent(companyId), (frame) => {
    if (frame?.action !== 'new-message' || frame.chat?.id !== chatId) return
    const el = box.current
    const nearBottom = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 80
    if (nearBottom || frame.message.senderId === me) anchor.current = { bottom: true }
    setMessages((list) => (list.some((m) => m.id === frame.message.id) ? list : [...list, frame.message]))
    if (frame.message.senderId !== me && document.visibilityState === 'visible') markRead()
  })

  const send = async () => {
    const message = text.trim()
    if (!message || sending) return
    setSending(true)
    // Cleared at once: the socket's frame may show the message before the answer arrives.
    setText('')
    try {
      const sent = await api.post<ChatMessage>(`/chats/${chatId}/messages`, { body: { message } })
      anchor.current = { bottom: true }
      setMessages((list) => (list.some((m) => m.id === sent.id) ? list : [...list, sent]))
    } catch (err) {
      // Not sent: the text comes back, unless something new was typed meanwhile.
      setText((now) => now || message)
      toast.error(errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }))
    } finally {
      setSending(false)
    }
  }

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void send()
    }
  }

  const owner = chat.ownerId === me
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-conversation" data-chat={chat.id}>
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" data-testid="chat-title">
            {chat.title}
          </h2>
          <p className="truncate text-xs text-slate-600 dark:text-slate-300">
            {chat.users.map((u) => u.user.name).join(', ')}
          </p>
        </div>
        {owner && (
          <>
            <Button variant="ghost" onClick={onEdit} data-testid="chat-edit">
              {t('chats.edit')}
            </Button>
            <Button variant="ghost" onClick={onDelete} data-testid="chat-delete">
              {t('chats.delete')}
            </Button>
          </>
        )}
      </header>
      <div
        ref={box}
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 60) loadOlder()
        }}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-2 dark:bg-slate-900"
        data-testid="chat-messages"
        aria-live="polite"
      >
        {loadingOlder && <Loading label={t('chats.loadingOlder')} className="p-2" />}
        {hasMore && !loadingOlder && (
          <div className="flex justify-center py-1">
            <Button variant="ghost" onClick={loadOlder}>
              {t('chats.loadOlder')}
            </Button>
          </div>
        )}
        {loading ? (
          <Loading label={t('chats.loading')} />
        ) : messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600 dark:text-slate-300">{t('chats.noMessages')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {messages.map((m) => {
              const mine = m.senderId === me
              return (
                <li
                  key={m.id}
                  data-testid="chat-message"
                  className={cx(
                    'max-w-[80%] rounded-lg px-3 py-1.5 text-sm shadow-sm',
                    mine
                      ? 'self-end bg-emerald-100 text-slate-900 dark:bg-emerald-900 dark:text-white'
                      : 'self-start bg-white text-slate-900 dark:bg-slate-800 dark:text-white',
                  )}
                >
                  {!mine && (
                    <p className="text-xs font-semibold text-primary dark:text-sky-300">
                      {m.sender?.name ?? t('chats.deletedUser')}
                    </p>
                  )}
                  <p className="whitespace-pre-wrap break-words">
                    <WhatsAppText text={m.message} />
                  </p>
                  <p className="text-right text-[11px] text-slate-600 dark:text-slate-300">{formatTime(m.createdAt)}</p>
                </li>
              )
            })}
          </ul>
        )}
      </div>
      <form
        className="flex items-end gap-2 border-t border-slate-200 p-2 dark:border-slate-700"
        onSubmit={(e) => {
          e.preventDefault()
          void send()
        }}
      >
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          maxLength={MESSAGE_MAX}
          rows={2}
          aria-label={t('chats.messagePlaceholder')}
          placeholder={t('chats.messagePlaceholder')}
          data-testid="chat-input"
          className="min-h-10 flex-1 resize-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-primary dark:border-slate-600 dark:bg-slate-800 dark:text-white"
        />
        <Button type="submit" loading={sending} disabled={!text.trim()} data-testid="chat-send">
          {t('chats.send')}
        </Button>
      </form>
    </div>
  )
}
