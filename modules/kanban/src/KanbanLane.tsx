import { useTranslation } from 'react-i18next'
import { useDroppable } from '@dnd-kit/core'
import { Button, Loading, cx, useInfiniteScroll } from '@atende/ui'
import { KanbanCard } from './KanbanCard.tsx'
import { laneHasMore, type LaneState } from './board.ts'
import type { Card } from './types.ts'

export interface KanbanLaneProps {
  id: string
  title: string
  color: string
  cards: Card[]
  lane: LaneState | undefined
  loadMore: (lane: string) => void
  onOpen: (card: Card) => void
}

/** One lane: a drop target whose cards are read a page at a time as it scrolls. */
export function KanbanLane({ id, title, color, cards, lane, loadMore, onOpen }: KanbanLaneProps) {
  const { t } = useTranslation()
  const { setNodeRef, isOver } = useDroppable({ id })
  const hasMore = laneHasMore(lane)
  const scroll = useInfiniteScroll({
    hasMore: lane?.status === 'ready' && hasMore,
    busy: !!lane?.loadingMore || !!lane?.moreFailed,
    loadMore: () => loadMore(id),
    count: cards.length,
  })
  return (
    <section
      ref={setNodeRef}
      aria-label={title}
      data-testid="kanban-lane"
      data-lane={id}
      className={cx(
        'flex h-full w-72 shrink-0 flex-col rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-900',
        isOver && 'ring-2 ring-primary',
      )}
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: color }} />
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{title}</h2>
        {lane?.status === 'ready' && (
          <span
            className="text-xs text-slate-500 dark:text-slate-400"
            data-testid="kanban-lane-count"
            role="img"
            aria-label={t(hasMore ? 'kanban.laneCountMore' : 'kanban.laneCount', { count: cards.length })}
            title={t(hasMore ? 'kanban.laneCountMore' : 'kanban.laneCount', { count: cards.length })}
          >
            {hasMore ? `${cards.length}+` : cards.length}
          </span>
        )}
      </header>
      <div ref={scroll.ref} onScroll={scroll.onScroll} className="min-h-0 flex-1 overflow-y-auto p-2">
        {!lane || lane.status === 'loading' ? (
          <Loading label={t('kanban.loading')} />
        ) : lane.status === 'error' ? (
          <div role="alert" className="flex flex-col items-start gap-2 p-2 text-sm text-red-700 dark:text-red-300">
            {t('kanban.laneError')}
            <Button variant="secondary" onClick={() => loadMore(id)}>
              {t('kanban.retry')}
            </Button>
          </div>
        ) : (
          <div role="list" className="flex flex-col gap-2">
            {cards.map((card) => (
              <KanbanCard key={card.id} card={card} lane={id} onOpen={onOpen} />
            ))}
            {cards.length === 0 && !hasMore && (
              <p className="p-3 text-center text-xs text-slate-500 dark:text-slate-400">{t('kanban.laneEmpty')}</p>
            )}
            {lane.loadingMore && <Loading label={t('kanban.loadingMore')} className="p-2" />}
            {lane.moreFailed && (
              <div className="flex flex-col items-center gap-1 p-2 text-xs text-red-700 dark:text-red-300">
                {t('kanban.loadMoreError')}
                <Button variant="secondary" onClick={() => loadMore(id)}>
                  {t('kanban.retry')}
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  )
}
