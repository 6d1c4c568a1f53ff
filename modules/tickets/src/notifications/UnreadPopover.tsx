import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import { Avatar, WhatsAppText } from '@atende/ui'
import type { FrameTicket, MessageFrame, Ticket, TicketFrame } from '../types.ts'
import { formatTicketTime, ticketFromMessage } from '../list/rules.ts'
import { beep, screenRings, storedVolume, VOLUME_KEY } from '../list/sound.ts'
import { applyUnread, MAX_UNREAD_ROWS, notifies, removeUnread } from './unread.ts'

const BellIcon = ({ className }: { className?: string }) => (
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
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
)

/**
 * The top bar's unread-ticket popover (core.md §2 Layout): a bell with the number of tickets with
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
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
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

  // Outside click and Escape close the panel (Escape gives the focus back to the bell).
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const count = tickets.length
  const go = (id: number) => {
    setOpen(false)
    navigate(`/tickets/${id}`)
  }
  const label = t('tickets.notifications.button', { count })
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={label}
        title={label}
        data-testid="notifications-button"
        data-count={count}
        className="relative rounded-md p-2 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        <BellIcon className="h-5 w-5" />
        {count > 0 && (
          <span
            aria-hidden
            data-testid="notifications-count"
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t('tickets.notifications.title')}
          data-testid="notifications-panel"
          className="absolute right-0 top-full z-50 mt-1 w-80 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border border-slate-200 bg-white text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <p className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700">
            {t('tickets.notifications.title')}
          </p>
          {count === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">
              {t('tickets.notifications.empty')}
            </p>
          ) : (
            <ul className="max-h-96 overflow-y-auto" data-testid="notifications-list">
              {tickets.map((tk) => (
                <li key={tk.id}>
                  <button
                    type="button"
                    onClick={() => go(tk.id)}
                    data-testid="notification-item"
                    data-ticket={tk.id}
                    className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-700 dark:focus:bg-slate-700"
                  >
                    <Avatar name={tk.contact?.name ?? '?'} picture={tk.contact?.profilePicUrl || null} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className="min-w-0 flex-1 truncate text-sm font-medium">
                          {tk.contact?.name ?? `#${tk.id}`}
                        </span>
                        <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
                          {formatTicketTime(tk.updatedAt)}
                        </span>
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="min-w-0 flex-1 truncate text-xs text-slate-600 dark:text-slate-300">
                          {tk.lastMessage ? <WhatsAppText text={tk.lastMessage} /> : '\u00a0'}
                        </span>
                        <span
                          className="shrink-0 rounded-full bg-emerald-700 px-1.5 text-[11px] font-semibold text-white"
                          aria-label={t('tickets.item.unread', { count: tk.unreadMessages })}
                        >
                          {tk.unreadMessages}
                        </span>
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
