import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { useApi, useRealtime, useSession } from '@atende/client'
import { toast } from '@atende/ui'
import { chime } from './sound.ts'
import { byActivity, chatEvent, formatTime, type Chat, type ChatFrame } from './types.ts'

const MAX_ROWS = 50

const ChatIcon = ({ className }: { className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    className={className}
    aria-hidden
  >
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
  </svg>
)

/** The list of chats with unread messages, as a frame or a page changes one chat. */
function apply(list: Chat[], chat: Chat) {
  const rest = list.filter((c) => c.id !== chat.id)
  return chat.unreads > 0 ? [...rest, chat].sort(byActivity).slice(0, MAX_ROWS) : rest
}

/**
 * The top bar's internal-chat popover (core.md §2 Layout): the number of chats with unread
 * messages and their list; a click opens the chat. A message from someone else rings at the stored
 * volume (unless its chat is on screen), and while the browser tab is hidden it also shows the
 * informational toast 'new message from …' (administration.md §9). Errors are silent (§8).
 */
export function ChatPopover() {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const location = useLocation()
  const { companyId, user } = useSession()
  const me = user?.id ?? 0
  const [chats, setChats] = useState<Chat[]>([])
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const path = useRef(location.pathname)
  path.current = location.pathname

  useEffect(() => {
    if (!me) return
    const ctrl = new AbortController()
    api
      .get<{ records: Chat[] }>('/chats', { params: { pageNumber: 1 }, signal: ctrl.signal })
      .then((page) =>
        setChats((live) => {
          let list = page.records.filter((c) => c.unreads > 0)
          for (const c of live) list = apply(list, c)
          return list
        }),
      )
      .catch(() => {})
    return () => ctrl.abort()
  }, [api, me])

  useRealtime<ChatFrame>(chatEvent(companyId), (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') {
      setChats((list) => list.filter((c) => c.id !== frame.id))
      return
    }
    if (!frame.chat) return
    setChats((list) => apply(list, frame.chat))
    if (frame.action !== 'new-message' || frame.message.senderId === me) return
    const hidden = document.visibilityState === 'hidden'
    const onScreen = !hidden && /^\/chats\/([^/]+)$/.exec(path.current)?.[1]
    if (hidden) toast.info(t('chats.newMessageFrom', { name: frame.message.sender?.name ?? '' }))
    if (onScreen !== frame.chat.uuid && onScreen !== String(frame.chat.id)) chime()
  })

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const count = chats.length
  const label = t('chats.popover.button', { count })
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={label}
        title={label}
        data-testid="chats-popover-button"
        data-count={count}
        className="relative rounded-md p-2 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        <ChatIcon className="h-5 w-5" />
        {count > 0 && (
          <span
            aria-hidden
            data-testid="chats-popover-count"
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t('chats.popover.title')}
          data-testid="chats-popover"
          className="absolute right-0 top-full z-50 mt-1 w-80 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border border-slate-200 bg-white text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <p className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700">
            {t('chats.popover.title')}
          </p>
          {count === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">
              {t('chats.popover.empty')}
            </p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {chats.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false)
                      navigate(`/chats/${c.uuid}`)
                    }}
                    data-testid="chats-popover-item"
                    data-chat={c.id}
                    className="flex w-full flex-col px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-700 dark:focus:bg-slate-700"
                  >
                    <span className="flex items-baseline gap-2">
                      <span className="min-w-0 flex-1 truncate text-sm font-medium">{c.title}</span>
                      <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
                        {formatTime(c.updatedAt)}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="min-w-0 flex-1 truncate text-xs text-slate-600 dark:text-slate-300">
                        {c.lastMessage || '\u00a0'}
                      </span>
                      <span
                        className="shrink-0 rounded-full bg-emerald-700 px-1.5 text-[11px] font-semibold text-white"
                        aria-label={t('chats.unread', { count: c.unreads })}
                      >
                        {c.unreads}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
