import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import {
  Avatar,
  HeadingLine,
  PreviewLine,
  TopBarPopover,
  WhatsAppText,
  cx,
  popoverItemClass,
  strokeIcon,
} from '@atende/ui'
import type { FrameTicket, MessageFrame, Ticket, TicketFrame } from '../types.ts'
import { formatTicketTime, ticketFromMessage } from '../list/rules.ts'
import { beep, screenRings, storedVolume, VOLUME_KEY } from '../list/sound.ts'
import { applyUnread, MAX_UNREAD_ROWS, notifies, removeUnread } from './unread.ts'

const BellIcon = strokeIcon(['M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'], 1.8)

/**
 * The top bar's unread-ticket popover: a bell with the number of tickets with
 * unread customer messages — the viewer's own or unassigned, among those the viewer may see (the
 * socket only delivers those) — and their list; a click opens the ticket. A customer's new message
 * rings at the stored volume ('volume'), unless the tickets screen is up (it rings by its own rules).
 */
export function UnreadPopover() {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const { companyId, user } = useSession()
  const meId = user?.id ?? 0
  const [tickets, setTickets] = useState<Ticket[]>([])
  const fetching = useRef(new Set<number>())

  useEffect(() => {
    if (!meId) return
    const ctrl = new AbortController()
    api
      .get<{ tickets: Ticket[] }>('/tickets', {
        params: { withUnreadMessages: 'true', pageNumber: 1 },
        signal: ctrl.signal,
      })
      .then((r) =>
        setTickets((live) => {
          // Frames that arrived while the page loaded win over the page's older copy.
          let list = r.tickets.filter((tk) => notifies(tk, meId)).slice(0, MAX_UNREAD_ROWS)
          for (const tk of live) list = applyUnread(list, tk, meId)
          return list
        }),
      )
      .catch((err) => {
        if (!isAbortError(err)) console.warn('[tickets] unread notifications failed', err)
      })
    return () => ctrl.abort()
  }, [api, meId])

  /** A frame's ticket may lack its contact: read it once from GET /tickets/{id}. */
  const receive = useCallback(
    (tk: FrameTicket) => {
      setTickets((list) => applyUnread(list, tk, meId))
      if (tk.contact || !notifies(tk, meId) || fetching.current.has(tk.id)) return
      fetching.current.add(tk.id)
      api
        .get<Ticket>(`/tickets/${tk.id}`)
        .then((full) =>
          setTickets((list) => (list.some((x) => x.id === full.id) ? applyUnread(list, full, meId) : list)),
        )
        .catch(() => setTickets((list) => removeUnread(list, tk.id)))
        .finally(() => fetching.current.delete(tk.id))
    },
    [api, meId],
  )

  const prefix = companyId ? `company-${companyId}` : null
  useRealtime<TicketFrame>(prefix && `${prefix}-ticket`, (f) => {
    if (f.action === 'delete') setTickets((list) => removeUnread(list, f.ticketId))
    else if (f.action === 'update' && f.ticket) receive(f.ticket)
  })
  useRealtime<MessageFrame>(prefix && `${prefix}-appMessage`, (f) => {
    if (f.action !== 'create' || !f.ticket) return
    const tk = ticketFromMessage(f.ticket, f.message.createdAt, f.contact)
    receive(tk)
    if (!f.message.fromMe && notifies(tk, meId) && !screenRings()) beep(storedVolume(localStorage.getItem(VOLUME_KEY)))
  })

  const count = tickets.length
  const label = t('tickets.notifications.button', { count })
  return (
    <TopBarPopover
      testid="notifications"
      testids={{ panel: 'notifications-panel', list: 'notifications-list' }}
      icon={<BellIcon className="h-5 w-5" />}
      count={count}
      label={label}
      title={t('tickets.notifications.title')}
      empty={t('tickets.notifications.empty')}
      items={tickets}
      itemKey={(tk) => tk.id}
      renderItem={(tk, close) => (
        <button
          type="button"
          onClick={() => {
            close()
            navigate(`/tickets/${tk.id}`)
          }}
          data-testid="notification-item"
          data-ticket={tk.id}
          className={cx(popoverItemClass, 'items-center gap-3')}
        >
          <Avatar name={tk.contact?.name ?? '?'} picture={tk.contact?.profilePicUrl || null} />
          <span className="min-w-0 flex-1">
            <HeadingLine name={tk.contact?.name ?? `#${tk.id}`} time={formatTicketTime(tk.updatedAt)} />
            <PreviewLine
              text={tk.lastMessage ? <WhatsAppText text={tk.lastMessage} /> : null}
              unread={tk.unreadMessages}
              unreadLabel={t('tickets.item.unread', { count: tk.unreadMessages })}
            />
          </span>
        </button>
      )}
    />
  )
}
