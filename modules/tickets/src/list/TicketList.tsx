import { flushSync } from 'react-dom'
import { useLayoutEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, ErrorCard, Loading, useInfiniteScroll } from '@atende/ui'
import type { TicketListState } from './listState.ts'
import { TICKET_ROW_HEIGHT, TicketItem, type TicketItemHandlers } from './TicketItem.tsx'

interface TicketListProps extends TicketItemHandlers {
  list: TicketListState
  selectedId: number | null
  busyId: number | null
  admin: boolean
  canDelete: boolean
  loadMore: () => void
  reload: () => void
  label: string
}

const OVERSCAN = 6

/**
 * The windowed ticket list: only the rows in view (plus a few) are in the DOM, so thousands of
 * tickets scroll smoothly; the next page loads within 100 px of the bottom.
 */
export function TicketList({
  list,
  selectedId,
  busyId,
  admin,
  canDelete,
  loadMore,
  reload,
  label,
  ...handlers
}: TicketListProps) {
  const { t } = useTranslation()
  const { ref, element, onScroll } = useInfiniteScroll({
    hasMore: list.hasMore,
    busy: list.loadingMore || list.moreFailed || list.status !== 'ready',
    loadMore,
    count: list.items.length,
  })
  const [top, setTop] = useState(0)
  const [height, setHeight] = useState(800)

  useLayoutEffect(() => {
    if (!element) return
    const measure = () => {
      setTop(Math.floor(element.scrollTop / TICKET_ROW_HEIGHT))
      setHeight(element.clientHeight)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(measure)
    ro.observe(element)
    return () => ro.disconnect()
  }, [element])

  if (list.status === 'loading' || list.status === 'idle') return <Loading label={t('tickets.list.loading')} />
  if (list.status === 'error') {
    return (
      <div className="p-3">
        <ErrorCard
          title={t('tickets.list.error')}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('tickets.list.retry')}
            </Button>
          }
        />
      </div>
    )
  }
  if (!list.items.length && !list.hasMore)
    return (
      <div className="p-3">
        <EmptyState title={t('tickets.list.empty')} description={t('tickets.list.emptyHint')} />
      </div>
    )

  const first = Math.max(0, top - OVERSCAN)
  const last = Math.min(list.items.length, top + Math.ceil(height / TICKET_ROW_HEIGHT) + 1 + OVERSCAN)
  return (
    <div
      ref={ref}
      data-testid="ticket-list"
      data-count={list.items.length}
      role="list"
      aria-label={label}
      onScroll={(e) => {
        const row = Math.floor(e.currentTarget.scrollTop / TICKET_ROW_HEIGHT)
        // Rendered in this frame: a big jump (scrollbar drag, fling) shows rows, not a blank frame.
        flushSync(() => setTop(row))
        onScroll()
      }}
      // No scroll anchoring: moving the window of rows would make Chromium pull the scroll position
      // back by the rows it removed, so a jump to the bottom bounced up and never reached the next page.
      className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
    >
      <div style={{ height: list.items.length * TICKET_ROW_HEIGHT, position: 'relative' }}>
        <div style={{ position: 'absolute', top: first * TICKET_ROW_HEIGHT, left: 0, right: 0 }}>
          {list.items.slice(first, last).map((ticket) => (
            <TicketItem
              key={ticket.id}
              ticket={ticket}
              selected={ticket.id === selectedId}
              busy={ticket.id === busyId}
              admin={admin}
              canDelete={canDelete}
              {...handlers}
            />
          ))}
        </div>
      </div>
      {list.loadingMore && <Loading label={t('tickets.list.loadingMore')} className="p-3" />}
      {list.moreFailed && (
        <div role="alert" className="flex items-center justify-center gap-3 p-3 text-sm text-red-700 dark:text-red-300">
          {t('tickets.list.moreFailed')}
          <Button variant="secondary" className="px-3 py-1" onClick={loadMore}>
            {t('tickets.list.retry')}
          </Button>
        </div>
      )}
    </div>
  )
}
