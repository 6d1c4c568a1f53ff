import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorCard, Loading, isNearBottom, toast } from '@atende/ui'
import type { Message } from '../types.ts'
import { MessageBubble, type MessageAction } from './MessageBubble.tsx'
import { buildTimeline, dateTimeOf, dayLabel } from './timeline.ts'

/** Older messages load within 50 px of the top. */
export const TOP_THRESHOLD_PX = 50
/** A jumped-to message is highlighted 1.5 s; a quoted one is searched in up to 10 more pages, 800 ms apart. */
const HIGHLIGHT_MS = 1500
const JUMP_PAGES = 10
const JUMP_INTERVAL_MS = 800
const NEAR_BOTTOM_PX = 120

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface MessageListProps {
  messages: Message[]
  isGroup: boolean
  status: 'loading' | 'ready' | 'error'
  hasMore: boolean
  loadingOlder: boolean
  loadOlder: () => Promise<boolean>
  canWrite: boolean
  interactive: boolean
  onAction: (action: MessageAction, message: Message) => void
}

function DaySeparator({ date }: { date: string }) {
  const { t } = useTranslation()
  const label = dayLabel(date)
  return (
    <li role="separator" data-testid="day-separator" className="flex justify-center py-2">
      <span className="rounded-md bg-white/90 px-3 py-1 text-xs text-slate-600 shadow-sm dark:bg-slate-700 dark:text-slate-200">
        {label.kind === 'date' ? label.text : t(`chat.days.${label.kind}`)}
      </span>
    </li>
  )
}

function TicketMarker({ marker, at, ticketId }: { marker: 'closed' | 'started'; at: string; ticketId: number }) {
  const { t } = useTranslation()
  return (
    <li
      role="separator"
      data-testid={`marker-${marker}`}
      className="flex items-center gap-2 px-6 py-2 text-xs text-slate-500 dark:text-slate-400"
    >
      <span className="h-px flex-1 bg-slate-300 dark:bg-slate-600" />
      <span>
        {t(`chat.markers.${marker}`)} · #{ticketId} · {dateTimeOf(at)}
      </span>
      <span className="h-px flex-1 bg-slate-300 dark:bg-slate-600" />
    </li>
  )
}

/**
 * The scrolled conversation: bottom-anchored, older pages load near the top without moving what
 * the attendant is reading, new messages follow when the view is at the bottom (or are one's own).
 */
export function MessageList({
  messages,
  isGroup,
  status,
  hasMore,
  loadingOlder,
  loadOlder,
  canWrite,
  interactive,
  onAction,
}: MessageListProps) {
  const { t } = useTranslation()
  const box = useRef<HTMLUListElement>(null)
  const rows = useMemo(() => buildTimeline(messages, isGroup), [messages, isGroup])
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages])
  const [highlight, setHighlight] = useState<number | null>(null)
  const anchor = useRef<{ id: number; offset: number } | null>(null)
  const nearBottom = useRef(true)
  const lastId = useRef<number | null>(null)
  const more = useRef(hasMore)
  more.current = hasMore

  const older = useCallback(async () => {
    const el = box.current
    const first = messages[0]
    if (el && first) {
      const node = el.querySelector<HTMLElement>(`[data-message-id="${first.id}"]`)
      if (node) anchor.current = { id: first.id, offset: node.offsetTop - el.scrollTop }
    }
    const ok = await loadOlder()
    if (!ok) anchor.current = null
    return ok
  }, [messages, loadOlder])

  // After a render: keep the reading position over a prepended page, or follow a new last message.
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const a = anchor.current
    if (a) {
      const node = el.querySelector<HTMLElement>(`[data-message-id="${a.id}"]`)
      if (node && messages[0]?.id !== a.id) {
        el.scrollTop = node.offsetTop - a.offset
        anchor.current = null
      }
    }
    const last = messages[messages.length - 1]
    if (!last) {
      lastId.current = null
      nearBottom.current = true
    }
    if (last && last.id !== lastId.current) {
      const first = lastId.current == null
      lastId.current = last.id
      if (first || nearBottom.current || last.fromMe) el.scrollTop = el.scrollHeight
    }
  }, [messages])

  // A first page shorter than the box leaves nothing to scroll: keep loading while there is more.
  useEffect(() => {
    const el = box.current
    if (el && status === 'ready' && hasMore && !loadingOlder && el.scrollHeight <= el.clientHeight + TOP_THRESHOLD_PX)
      void older()
  }, [status, hasMore, loadingOlder, messages.length, older])

  const onScroll = () => {
    const el = box.current
    if (!el) return
    nearBottom.current = isNearBottom(el, NEAR_BOTTOM_PX)
    if (el.scrollTop <= TOP_THRESHOLD_PX && more.current && !loadingOlder) void older()
  }

  // Images and videos grow after they load: stay at the bottom if the view was there.
  const stick = () => {
    const el = box.current
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight
  }

  const olderRef = useRef(older)
  olderRef.current = older
  const jumping = useRef(false)
  const onJump = useCallback(
    async (id: number) => {
      const el = box.current
      if (!el || jumping.current) return
      jumping.current = true
      try {
        const find = () => el.querySelector<HTMLElement>(`[data-message-id="${id}"]`)
        let target = find()
        for (let i = 0; !target && i < JUMP_PAGES && more.current; i++) {
          await olderRef.current()
          await sleep(JUMP_INTERVAL_MS)
          target = find()
        }
        if (!target) {
          toast.info(t('chat.quotedNotFound'))
          return
        }
        target.scrollIntoView({ block: 'center', behavior: 'smooth' })
        setHighlight(id)
        setTimeout(() => setHighlight((h) => (h === id ? null : h)), HIGHLIGHT_MS)
      } finally {
        jumping.current = false
      }
    },
    [t],
  )
  const jump = useCallback(
    (id: number) => {
      void onJump(id)
    },
    [onJump],
  )

  if (status === 'loading' && !messages.length)
    return (
      <div className="flex-1">
        <Loading label={t('chat.loading')} />
      </div>
    )
  if (status === 'error' && !messages.length)
    return (
      <div className="flex-1 p-4">
        <ErrorCard title={t('chat.errors.loadMessages')} />
      </div>
    )

  return (
    <ul
      ref={box}
      onScroll={onScroll}
      onLoadCapture={stick}
      data-testid="message-list"
      aria-label={t('chat.messages')}
      aria-busy={loadingOlder || undefined}
      className="min-h-0 flex-1 overflow-y-auto bg-[#efeae2] py-2 dark:bg-slate-900"
    >
      {loadingOlder && (
        <li className="flex justify-center py-1">
          <Loading className="p-1" />
        </li>
      )}
      {!hasMore && messages.length > 0 && (
        <li className="py-1 text-center text-xs text-slate-500 dark:text-slate-400">{t('chat.beginning')}</li>
      )}
      {!messages.length && (
        <li className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('chat.empty')}</li>
      )}
      {rows.map((r) =>
        r.kind === 'day' ? (
          <DaySeparator key={r.key} date={r.date} />
        ) : r.kind === 'marker' ? (
          <TicketMarker key={r.key} marker={r.marker} at={r.at} ticketId={r.ticketId} />
        ) : (
          <MessageBubble
            key={r.key}
            message={r.message}
            showParticipant={r.showParticipant}
            quoted={r.message.quotedMsg ?? (r.message.quotedMsgId ? (byId.get(r.message.quotedMsgId) ?? null) : null)}
            highlighted={highlight === r.message.id}
            canWrite={canWrite}
            interactive={interactive}
            onAction={onAction}
            onJump={jump}
          />
        ),
      )}
    </ul>
  )
}
