import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { Button, ErrorCard, Loading, toast, useErrorToast } from '@atende/ui'
import { CardBody } from './KanbanCard.tsx'
import { KanbanLane } from './KanbanLane.tsx'
import { OPEN_LANE, dragAnnouncements, laneCards, laneKey } from './board.ts'
import type { Card } from './types.ts'
import { useBoard } from './useBoard.ts'
import './index.css'

const OPEN_LANE_COLOR = '#64748b'

/**
 * /kanban: the open and pending tickets in lanes, "Em
 * aberto" first (no kanban tag), then one lane per kanban tag by name. Dragging a card to another
 * lane retags its ticket (its other tags stay); a click opens it. Live through the company's ticket
 * and tag events.
 */
export default function KanbanPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const board = useBoard()
  const { state, move, loadPage, reload } = board
  const showError = useErrorToast('kanban.moveError')
  const [dragging, setDragging] = useState<Card | null>(null)

  // A press must move 8 px to be a drag, so a click still opens the ticket.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }),
  )

  const lanes = useMemo(
    () => [
      { id: OPEN_LANE, title: t('kanban.openLane'), color: OPEN_LANE_COLOR },
      ...state.tags.map((tag) => ({ id: laneKey(tag.id), title: tag.name, color: tag.color })),
    ],
    [state.tags, t],
  )
  const cards = useMemo(() => Object.fromEntries(lanes.map((l) => [l.id, laneCards(state, l.id)])), [lanes, state])
  // dnd-kit's screen-reader announcements, in the page's language, naming customers and lanes.
  const accessibility = useMemo(() => {
    const titles = new Map(lanes.map((l) => [l.id, l.title]))
    return {
      screenReaderInstructions: { draggable: t('kanban.a11y.instructions') },
      announcements: dragAnnouncements(
        (key, values) => t(key, values),
        (lane) => titles.get(lane) ?? lane,
      ),
    }
  }, [lanes, t])

  const onOpen = useCallback((card: Card) => navigate(`/tickets/${card.uuid}`), [navigate])
  const onDragStart = useCallback((e: DragStartEvent) => {
    setDragging((e.active.data.current as { card: Card } | undefined)?.card ?? null)
  }, [])
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      setDragging(null)
      const data = e.active.data.current as { card: Card; lane: string } | undefined
      const target = e.over?.id
      if (!data || typeof target !== 'string' || target === data.lane) return
      move(data.card, target).then(
        () => toast.success(t(target === OPEN_LANE ? 'kanban.tagRemoved' : 'kanban.tagAdded')),
        (err: unknown) => showError(err),
      )
    },
    [move, showError, t],
  )

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('kanban.title')}</h1>
        {state.status === 'ready' && state.tags.length === 0 && (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('kanban.noLanes')}</p>
        )}
      </header>
      {state.status === 'error' ? (
        <ErrorCard
          title={t('kanban.loadError')}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('kanban.retry')}
            </Button>
          }
        />
      ) : state.status === 'loading' ? (
        <Loading label={t('kanban.loading')} />
      ) : (
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={accessibility}
        >
          <div data-testid="kanban-board" className="flex min-h-0 flex-1 gap-3 overflow-x-auto pb-2">
            {lanes.map((l) => (
              <KanbanLane
                key={l.id}
                id={l.id}
                title={l.title}
                color={l.color}
                cards={cards[l.id] ?? []}
                lane={state.lanes[l.id]}
                loadMore={loadPage}
                onOpen={onOpen}
              />
            ))}
          </div>
          <DragOverlay>{dragging ? <CardBody card={dragging} overlay /> : null}</DragOverlay>
        </DndContext>
      )}
    </section>
  )
}
