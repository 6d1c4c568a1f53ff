import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { useApi, useRealtime, useSession } from '@atende/client'
import { HeadingLine, PreviewLine, TopBarPopover, cx, popoverItemClass, strokeIcon, toast } from '@atende/ui'
import { chime } from './sound.ts'
import { byActivity, chatEvent, formatTime, type Chat, type ChatFrame } from './types.ts'

const MAX_ROWS = 50

const ChatIcon = strokeIcon(['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'], 1.8)

/** The list of chats with unread messages, as a frame or a page changes one chat. */
function apply(list: Chat[], chat: Chat) {
  const rest = list.filter((c) => c.id !== chat.id)
  return chat.unreads > 0 ? [...rest, chat].sort(byActivity).slice(0, MAX_ROWS) : rest
}

/**
 * The top bar's internal-chat popover: the number of chats with unread
 * messages and their list; a click opens the chat. A message from someone else rings at the stored
 * volume (unless its chat is on screen), and while the browser tab is hidden it also shows the
 * informational toast 'new message from …'. Errors are silent: the popover is a convenience.
 */
export function ChatPopover() {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const location = useLocation()
  const { companyId, user } = useSession()
  const me = user?.id ?? 0
  const [chats, setChats] = useState<Chat[]>([])
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

  const count = chats.length
  const label = t('chats.popover.button', { count })
  return (
    <TopBarPopover
      testid="chats-popover"
      icon={<ChatIcon className="h-5 w-5" />}
      count={count}
      label={label}
      title={t('chats.popover.title')}
      empty={t('chats.popover.empty')}
      items={chats}
      itemKey={(c) => c.id}
      renderItem={(c, close) => (
        <button
          type="button"
          onClick={() => {
            close()
            navigate(`/chats/${c.uuid}`)
          }}
          data-testid="chats-popover-item"
          data-chat={c.id}
          className={cx(popoverItemClass, 'flex-col')}
        >
          <HeadingLine name={c.title} time={formatTime(c.updatedAt)} />
          <PreviewLine text={c.lastMessage} unread={c.unreads} unreadLabel={t('chats.unread', { count: c.unreads })} />
        </button>
      )}
    />
  )
}
