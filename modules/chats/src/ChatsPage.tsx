import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { errorMessage, isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import { Button, SearchField, TabPanel, Tabs, toast, useConfirmAction } from '@atende/ui'
import { ChatDialog } from './ChatDialog.tsx'
import { ChatList } from './ChatList.tsx'
import { Conversation } from './Conversation.tsx'
import { chatEvent, type Chat, type ChatFrame } from './types.ts'
import { useChatList } from './useChatList.ts'
import './index.css'

const NARROW = '(max-width: 767px)'
function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches)
  useEffect(() => {
    const mq = window.matchMedia(NARROW)
    const on = () => setNarrow(mq.matches)
    mq.addEventListener('change', on)
    return () => mq.removeEventListener('change', on)
  }, [])
  return narrow
}

type Tab = 'list' | 'chat'

/**
 * /chats and /chats/:id: the list on the left, the open chat on the right; on
 * narrow screens tabs switch between them. The route names the chat by its uuid (an id works too).
 */
export default function ChatsPage() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const { id: routeId } = useParams()
  const { companyId } = useSession()
  const narrow = useNarrow()
  const [search, setSearch] = useState('')
  const list = useChatList(search)
  const [current, setCurrent] = useState<Chat | null>(null)
  const [dialog, setDialog] = useState<{ chat: Chat | null } | null>(null)
  const [tab, setTab] = useState<Tab>(routeId ? 'chat' : 'list')

  // The chat the route names: from the list when it is there, else from the API (a chat not
  // found, or not the viewer's, goes back to /chats without a word: chat errors are silent).
  useEffect(() => {
    if (!routeId) {
      setCurrent(null)
      return
    }
    const known = list.items.find((c) => c.uuid === routeId || String(c.id) === routeId)
    if (known) {
      setCurrent(known)
      return
    }
    if (current && (current.uuid === routeId || String(current.id) === routeId)) return
    const ctrl = new AbortController()
    api
      .get<Chat>(`/chats/${encodeURIComponent(routeId)}`, { signal: ctrl.signal })
      .then(setCurrent)
      .catch((err) => {
        if (!isAbortError(err)) navigate('/chats', { replace: true })
      })
    return () => ctrl.abort()
  }, [routeId, list.items, api, navigate, current])

  useRealtime<ChatFrame>(chatEvent(companyId), (frame) => {
    if (frame?.action === 'delete' && current?.id === frame.id) navigate('/chats', { replace: true })
  })

  const open = useCallback(
    (chat: Chat) => {
      setCurrent(chat)
      setTab('chat')
      navigate(`/chats/${chat.uuid}`)
    },
    [navigate],
  )

  const removal = useConfirmAction<Chat>({
    run: async (chat) => {
      await api.delete(`/chats/${chat.id}`)
      list.remove(chat.id)
      navigate('/chats', { replace: true })
    },
    onError: (err) => toast.error(errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })),
    title: () => t('chats.deleteTitle'),
    body: (chat) => t('chats.deleteText', { title: chat.title }),
    confirmLabel: t('chats.delete'),
    cancelLabel: t('chats.form.cancel'),
  })

  const listPane = (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 p-2 dark:border-slate-700">
        <SearchField label={t('chats.search')} placeholder={t('chats.searchPlaceholder')} onSearch={setSearch} />
        <Button onClick={() => setDialog({ chat: null })} data-testid="chat-new">
          {t('chats.new')}
        </Button>
      </div>
      <ChatList list={list} selectedId={current?.id ?? null} search={search} onOpen={open} />
    </div>
  )
  const chatPane = current ? (
    <Conversation
      key={current.id}
      chat={current}
      onEdit={() => setDialog({ chat: current })}
      onDelete={() => current && removal.ask(current)}
    />
  ) : (
    <div className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-600 dark:text-slate-300">
      {t('chats.pick')}
    </div>
  )

  return (
    <section className="flex h-full min-h-[420px] flex-col" data-testid="chats-page">
      <h1 className="sr-only">{t('chats.title')}</h1>
      {narrow ? (
        <>
          <Tabs<Tab>
            tabs={[
              { key: 'list', label: t('chats.tabs.list') },
              { key: 'chat', label: t('chats.tabs.chat') },
            ]}
            active={tab}
            onChange={setTab}
            label={t('chats.title')}
            idPrefix="chats-tabs"
            fill
          />
          <TabPanel idPrefix="chats-tabs" active={tab} className="min-h-0 flex-1">
            {tab === 'list' ? listPane : chatPane}
          </TabPanel>
        </>
      ) : (
        <div className="grid min-h-0 flex-1 grid-cols-[minmax(260px,1fr)_2fr]">
          <div className="min-h-0 border-r border-slate-200 dark:border-slate-700">{listPane}</div>
          <div className="min-h-0">{chatPane}</div>
        </div>
      )}
      <ChatDialog
        open={dialog != null}
        chat={dialog?.chat ?? null}
        onClose={() => setDialog(null)}
        onSaved={(chat) => {
          list.upsert(chat)
          open(chat)
        }}
      />
      {removal.dialog}
    </section>
  )
}
