import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar, cx, WhatsAppText } from '@atende/ui'
import type { Ticket } from '../types.ts'
import { formatTicketTime } from './rules.ts'
import { TicketMenu } from './TicketMenu.tsx'

/** Every row has this height, so the list can window its rows. */
export const TICKET_ROW_HEIGHT = 92

export interface TicketItemHandlers {
  onOpen: (t: Ticket) => void
  onAccept: (t: Ticket) => void
  onClose: (t: Ticket) => void
  onReopen: (t: Ticket) => void
  onPeek: (t: Ticket) => void
  onCloseWithoutMessage: (t: Ticket) => void
  onDelete: (t: Ticket) => void
}

interface TicketItemProps extends TicketItemHandlers {
  ticket: Ticket
  selected: boolean
  busy: boolean
  admin: boolean
  canDelete: boolean
}

// slate-500: white text on it reads at 4.8:1 (WCAG AA); slate-400 was 2.6:1.
const NO_QUEUE_COLOR = '#64748b'

/** What a connection, user or queue chip keeps when giving way to the tags (min-w-[1.5rem]), and the gap (gap-1). */
const META_MIN_REM = 1.5
const GAP_REM = 0.25

/** A chip of the row, cut with an ellipsis when it must give way, its whole text as a title. */
function Chip({ color, className, children }: { color?: string; className?: string; children: string }) {
  return (
    <span
      title={children}
      className={cx(
        'truncate rounded px-1.5 text-[10px] font-medium uppercase leading-4',
        color ? 'text-white' : 'bg-slate-200 text-slate-700 dark:bg-slate-600 dark:text-slate-100',
        className,
      )}
      style={color ? { backgroundColor: color } : undefined}
    >
      {children}
    </span>
  )
}

/**
 * The row's chips: connection, user and queue, then the contact's tags. The tags keep their whole
 * names: when the row lacks room the other chips give way first (down to a few letters); only when
 * even that is not enough do the tags end in an ellipsis — all of them with their names as titles.
 */
function Chips({ ticket, noQueue }: { ticket: Ticket; noQueue: string }) {
  const meta = [
    ticket.whatsapp && { key: 'whatsapp', name: ticket.whatsapp.name, color: undefined },
    ticket.user && { key: 'user', name: ticket.user.name, color: '#475569' },
    { key: 'queue', name: ticket.queue?.name ?? noQueue, color: ticket.queue?.color || NO_QUEUE_COLOR },
  ].filter((c): c is { key: string; name: string; color: string | undefined } => !!c)
  const tags = ticket.tags ?? []
  return (
    <div className="flex min-w-0 flex-1 gap-1 overflow-hidden">
      {meta.map((c) => (
        <Chip key={c.key} color={c.color} className="min-w-[1.5rem] max-w-[8rem] shrink">
          {c.name}
        </Chip>
      ))}
      {tags.length > 0 && (
        // Never shrunk by the row, but never wider than what the other chips leave at their least.
        <div
          className="flex min-w-0 shrink-0 gap-1"
          style={{ maxWidth: `calc(100% - ${meta.length * (META_MIN_REM + GAP_REM)}rem)` }}
        >
          {tags.map((tag) => (
            <Chip key={tag.id} color={tag.color} className="min-w-0 shrink">
              {tag.name}
            </Chip>
          ))}
        </div>
      )}
    </div>
  )
}

/** The one button a ticket's status offers: accept a waiting one, close an open one, reopen a closed one. */
const STATUS_ACTIONS = [
  { status: 'pending', name: 'accept', handler: 'onAccept', className: 'bg-green-700 text-white hover:bg-green-800' },
  { status: 'open', name: 'close', handler: 'onClose', className: 'bg-red-700 text-white hover:bg-red-800' },
  {
    status: 'closed',
    name: 'reopen',
    handler: 'onReopen',
    className: 'bg-primary text-white hover:bg-primary-dark dark:bg-sky-700',
  },
] as const

const actionClass =
  'rounded px-2 py-0.5 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:opacity-50'

/**
 * One ticket: queue colour strip, avatar, name, last message, chips (connection, user,
 * queue, tags), unread badge, time, and its buttons. A pending ticket is not opened by a click
 * (only Accept takes it): the click shows it read-only, as the peek (eye) does.
 */
export const TicketItem = memo(function TicketItem(p: TicketItemProps) {
  const { t } = useTranslation()
  const { ticket } = p
  const name = ticket.contact?.name ?? `#${ticket.id}`
  // A waiting ticket is not taken by a click: it is shown read-only (the peek), so no click is dead.
  const activate = ticket.status === 'pending' ? p.onPeek : p.onOpen
  const stop = (fn: (t: Ticket) => void) => (e: { stopPropagation: () => void }) => {
    e.stopPropagation()
    fn(ticket)
  }
  return (
    <div
      role="listitem"
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      aria-current={p.selected ? 'true' : undefined}
      tabIndex={0}
      onClick={() => activate(ticket)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) activate(ticket)
      }}
      style={{ height: TICKET_ROW_HEIGHT, borderLeftColor: ticket.queue?.color || NO_QUEUE_COLOR }}
      className={cx(
        'flex items-stretch gap-3 border-b border-l-4 border-b-slate-100 px-3 py-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary dark:border-b-slate-700',
        'cursor-pointer',
        p.selected ? 'bg-sky-50 dark:bg-slate-700' : 'hover:bg-slate-50 dark:hover:bg-slate-700/50',
      )}
    >
      <Avatar name={name} picture={ticket.contact?.profilePicUrl || null} className="mt-1" />
      <div className="flex min-w-0 flex-1 flex-col justify-between">
        <div className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-800 dark:text-slate-100">
            {name}
          </span>
          <time
            dateTime={ticket.updatedAt}
            className={cx(
              'shrink-0 text-xs',
              ticket.unreadMessages > 0
                ? 'font-semibold text-green-700 dark:text-green-400'
                : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {formatTicketTime(ticket.updatedAt)}
          </time>
        </div>
        <div className="flex items-center gap-2">
          <span
            data-testid="ticket-preview"
            className="min-w-0 flex-1 truncate text-xs text-slate-600 dark:text-slate-300"
          >
            {ticket.lastMessage ? <WhatsAppText text={ticket.lastMessage} /> : '\u00a0'}
          </span>
          {ticket.unreadMessages > 0 && (
            <span
              data-testid="unread-badge"
              aria-label={t('tickets.item.unread', { count: ticket.unreadMessages })}
              className="shrink-0 rounded-full bg-green-700 px-1.5 text-[11px] font-semibold leading-5 text-white"
            >
              {ticket.unreadMessages}
            </span>
          )}
        </div>
        <div className="flex items-center gap-1">
          <Chips ticket={ticket} noQueue={t('tickets.item.noQueue')} />
          <button
            type="button"
            aria-label={t('tickets.buttons.peek')}
            title={t('tickets.buttons.peek')}
            data-testid="peek-button"
            onClick={stop(p.onPeek)}
            className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-600"
          >
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
              <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          </button>
          {STATUS_ACTIONS.filter((a) => a.status === ticket.status).map((a) => (
            <button
              key={a.name}
              type="button"
              data-testid={`${a.name}-button`}
              disabled={p.busy}
              onClick={stop(p[a.handler])}
              className={cx(actionClass, a.className)}
            >
              {t(`tickets.buttons.${a.name}`)}
            </button>
          ))}
          {p.admin && (
            <TicketMenu
              ticket={ticket}
              canDelete={p.canDelete}
              canClose={ticket.status !== 'closed'}
              onCloseWithoutMessage={() => p.onCloseWithoutMessage(ticket)}
              onDelete={() => p.onDelete(ticket)}
            />
          )}
        </div>
      </div>
    </div>
  )
})
