import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { ErrorCard, Loading, toast, useConfirmAction } from '@atende/ui'
import type { Message, Ticket } from '../types.ts'
import { ChatHeader, type TicketMove } from './ChatHeader.tsx'
import { Composer } from './Composer.tsx'
import { ContactDrawer } from './ContactDrawer.tsx'
import { ForwardDialog } from './ForwardDialog.tsx'
import { downloadMedia } from './MessageMedia.tsx'
import { MessageList } from './MessageList.tsx'
import type { MessageAction } from './MessageBubble.tsx'
import { TransferDialog } from './TransferDialog.tsx'
import { participantsOf } from './compose.ts'
import { useChatError } from './useChatError.ts'
import { useMessages } from './useMessages.ts'
import { useTicket, type ChatClosed, type TicketUpdate } from './useTicket.ts'

const ignore = () => {}

export interface TicketChatProps {
  ticketId: number
  readOnly?: boolean
  onClosed?: ChatClosed
}

/**
 * The conversation of one ticket: header with the status' buttons,
 * the message list, the composer, the transfer dialog and the contact drawer. `onClosed` is called
 * when the chat should go away: the ticket left this user's hands (returned, resolved, transferred
 * away, deleted) or may not be seen ('Acesso não permitido').
 */
export function TicketChat({ ticketId, readOnly = false, onClosed }: TicketChatProps) {
  const { t } = useTranslation()
  const api = useApi()
  const { user } = useSession()
  const showError = useChatError()
  const { ticket, setTicket, state, update } = useTicket(ticketId, onClosed)
  const closedRef = useRef(onClosed)
  closedRef.current = onClosed
  const onPageTicket = useCallback(
    (tk: Ticket) => setTicket((cur) => (cur && cur.id === tk.id ? { ...cur, ...tk } : cur)),
    [setTicket],
  )
  // A 403 on the messages is the ticket hook's to report (it toasts once and closes the chat).
  const msgs = useMessages(ticketId, ticket?.contactId ?? null, onPageTicket, ignore, { markRead: !readOnly })

  const [busy, setBusy] = useState<TicketMove | null>(null)
  const [transferOpen, setTransferOpen] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [replyTo, setReplyTo] = useState<Message | null>(null)
  const [editing, setEditing] = useState<Message | null>(null)
  const [forwarding, setForwarding] = useState<Message | null>(null)

  useEffect(() => {
    setReplyTo(null)
    setEditing(null)
    setTransferOpen(false)
  }, [ticketId])

  const me = user?.id ?? null
  const move = async (m: TicketMove) => {
    if (m === 'transfer') {
      setTransferOpen(true)
      return
    }
    const body: TicketUpdate =
      m === 'accept'
        ? { status: 'open', userId: me }
        : m === 'return'
          ? { status: 'pending' }
          : m === 'resolve'
            ? { status: 'closed' }
            : { status: 'open' }
    setBusy(m)
    const tk = await update(body)
    setBusy(null)
    // The same action and words as the list's 'Resolver' button: one name, one success toast.
    if (tk && m === 'resolve') toast.success(t('tickets.toasts.closed'))
    // After a move to open the ticket stays selected; after other moves it goes away.
    if (tk && tk.status !== 'open') closedRef.current?.()
  }

  const transfer = async (body: TicketUpdate) => {
    const tk = await update(body)
    if (tk && !(tk.status === 'open' && tk.userId === me)) closedRef.current?.()
    return tk
  }

  const tRef = useRef(t)
  tRef.current = t
  const { merge } = msgs
  const removal = useConfirmAction<Message>({
    run: async (m) => merge([await api.delete<Message>(`/messages/${m.id}`)]),
    onError: showError,
    title: () => t('chat.deleteMessage.title'),
    body: () => t('chat.deleteMessage.body'),
    confirmLabel: t('chat.delete'),
    cancelLabel: t('chat.cancel'),
  })
  const askRemoval = removal.ask
  const onAction = useCallback(
    (action: MessageAction, m: Message) => {
      if (action === 'reply') {
        setEditing(null)
        setReplyTo(m)
      } else if (action === 'edit') {
        setReplyTo(null)
        setEditing(m)
      } else if (action === 'delete') askRemoval(m)
      else if (action === 'forward') setForwarding(m)
      else if (action === 'download') void downloadMedia(m, tRef.current('chat.downloadError'))
    },
    [askRemoval],
  )

  const participants = useMemo(
    () => (ticket?.isGroup ? participantsOf(msgs.messages) : []),
    [ticket?.isGroup, msgs.messages],
  )
  const cancelContext = useCallback(() => {
    setReplyTo(null)
    setEditing(null)
  }, [])

  if (!ticket) {
    return (
      <div data-testid="ticket-chat" data-ticket={ticketId} className="flex h-full flex-1 items-center justify-center">
        {state === 'error' ? <ErrorCard title={t('chat.errors.loadTicket')} /> : <Loading label={t('chat.loading')} />}
      </div>
    )
  }

  const canWrite = !readOnly && ticket.status === 'open'
  return (
    <div
      data-testid="ticket-chat"
      data-ticket={ticketId}
      data-status={ticket.status}
      className="flex h-full min-h-0 min-w-0 flex-1"
    >
      <section
        className="flex min-h-0 min-w-0 flex-1 flex-col"
        aria-label={t('chat.title', { name: ticket.contact?.name ?? '' })}
      >
        <ChatHeader
          ticket={ticket}
          readOnly={readOnly}
          busy={busy}
          drawerOpen={drawerOpen}
          onMove={(m) => void move(m)}
          onToggleDrawer={() => setDrawerOpen((o) => !o)}
        />
        <MessageList
          messages={msgs.messages}
          isGroup={ticket.isGroup}
          status={msgs.status}
          hasMore={msgs.hasMore}
          loadingOlder={msgs.loadingOlder}
          loadOlder={msgs.loadOlder}
          canWrite={canWrite}
          interactive={!readOnly}
          onAction={onAction}
        />
        {!readOnly && (
          <Composer
            ticket={ticket}
            replyTo={replyTo}
            editing={editing}
            participants={participants}
            onCancelContext={cancelContext}
            onSent={merge}
          />
        )}
      </section>
      {drawerOpen && <ContactDrawer ticket={ticket} readOnly={readOnly} onClose={() => setDrawerOpen(false)} />}
      {!readOnly && (
        <>
          <TransferDialog
            open={transferOpen}
            ticket={ticket}
            onClose={() => setTransferOpen(false)}
            onTransfer={transfer}
          />
          {removal.dialog}
          <ForwardDialog message={forwarding} onClose={() => setForwarding(null)} />
        </>
      )}
    </div>
  )
}
