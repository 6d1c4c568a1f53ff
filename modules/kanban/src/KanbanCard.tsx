import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useDraggable } from '@dnd-kit/core'
import { Avatar, WhatsAppText, cx } from '@atende/ui'
import type { Card } from './types.ts'

const NO_QUEUE_COLOR = '#94a3b8'

/** HH:mm on the card's day, the date before it (the tickets list's habit). */
export function cardTime(iso: string, locale: string, now = new Date()): string {
  const d = new Date(iso)
  const sameDay = d.toDateString() === now.toDateString()
  return sameDay
    ? d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false })
    : d.toLocaleDateString(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
}

export interface CardViewProps {
  card: Card
  lane: string
  onOpen: (card: Card) => void
}

/** What a card shows: contact, last message, queue colour and name, time. */
export function CardBody({ card, overlay = false }: { card: Card; overlay?: boolean }) {
  const { t, i18n } = useTranslation()
  return (
    <div
      style={{ borderLeftColor: card.queue?.color || NO_QUEUE_COLOR }}
      className={cx(
        'flex gap-2 rounded-md border border-l-4 border-slate-200 bg-white p-2 text-left shadow-sm dark:border-slate-600 dark:bg-slate-800',
        overlay && 'shadow-lg ring-2 ring-primary',
      )}
    >
      <Avatar name={card.contactName} picture={card.contactPicture || null} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-center gap-2">
          <span
            data-testid="kanban-card-name"
            className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-800 dark:text-slate-100"
          >
            {card.contactName}
          </span>
          <time dateTime={card.updatedAt} className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
            {cardTime(card.updatedAt, i18n.language)}
          </time>
        </div>
        <span className="truncate text-xs text-slate-600 dark:text-slate-300">
          {card.lastMessage ? <WhatsAppText text={card.lastMessage} /> : '\u00a0'}
        </span>
        <div className="flex items-center gap-1">
          <span
            className={cx(
              'max-w-[10rem] truncate rounded px-1.5 text-[10px] font-medium uppercase leading-4',
              card.queue ? 'text-white' : 'bg-slate-200 text-slate-700 dark:bg-slate-600 dark:text-slate-100',
            )}
            style={card.queue ? { backgroundColor: card.queue.color } : undefined}
          >
            {card.queue?.name ?? t('kanban.card.noQueue')}
          </span>
          {card.status === 'pending' && (
            <span className="rounded bg-amber-100 px-1.5 text-[10px] font-medium uppercase leading-4 text-amber-900 dark:bg-amber-900 dark:text-amber-100">
              {t('kanban.card.pending')}
            </span>
          )}
          {card.unreadMessages > 0 && (
            <span
              aria-label={t('kanban.card.unread', { count: card.unreadMessages })}
              className="ml-auto rounded-full bg-green-700 px-1.5 text-[11px] font-semibold leading-5 text-white"
            >
              {card.unreadMessages}
            </span>
          )}
        </div>
      </div>
    </div>
  )
}

/**
 * A draggable card. A click (a press that moved less than the drag's threshold) or Enter opens the
 * ticket; Space picks it up for the keyboard (arrows, Space again to drop).
 */
export const KanbanCard = memo(function KanbanCard({ card, lane, onOpen }: CardViewProps) {
  const { t } = useTranslation()
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `card-${card.id}`,
    data: { card, lane },
  })
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="listitem"
      aria-roledescription={t('kanban.card.role')}
      aria-label={card.contactName}
      data-testid="kanban-card"
      data-ticket-id={card.id}
      onClick={() => onOpen(card)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen(card)
        else listeners?.onKeyDown?.(e)
      }}
      className={cx(
        'cursor-grab touch-none rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-primary',
        isDragging && 'opacity-40',
      )}
    >
      <CardBody card={card} />
    </div>
  )
})
