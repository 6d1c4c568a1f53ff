import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useRealtime, useSession } from '@atende/client'
import { AnnouncementView } from './AnnouncementView.tsx'
import './index.css'
import {
  PRIORITY_CLASS,
  announcementEvent,
  byPriority,
  loadRead,
  saveRead,
  type Announcement,
  type AnnouncementFrame,
} from './types.ts'

const MAX_ROWS = 50

const MegaphoneIcon = ({ className }: { className?: string }) => (
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
    <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
    <path d="M15 9a3 3 0 0 1 0 6" />
    <path d="M18 6a7 7 0 0 1 0 12" />
  </svg>
)

/**
 * The top bar's announcements popover for every user (core.md §2 Layout): the active
 * announcements by priority (1 red, 2 orange, 3 grey), the number not yet read, each opening a
 * view with its rich content. Live through `company-{id}-announcement`. What this user has read
 * is kept in this browser's localStorage (types.ts). Load errors are silent.
 */
export function AnnouncementPopover() {
  const { t } = useTranslation()
  const api = useApi()
  const { companyId, user } = useSession()
  const me = user?.id ?? 0
  const [records, setRecords] = useState<Announcement[]>([])
  const [read, setRead] = useState<Record<string, string>>({})
  const [open, setOpen] = useState(false)
  const [viewing, setViewing] = useState<Announcement | null>(null)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!me) return
    setRead(loadRead(me))
    const ctrl = new AbortController()
    api
      .get<{ records: Announcement[] }>('/announcements', { params: { pageNumber: 1 }, signal: ctrl.signal })
      .then((page) =>
        setRecords((live) => {
          const ids = new Set(live.map((r) => r.id))
          return [...live, ...page.records.filter((r) => r.status && !ids.has(r.id))].sort(byPriority)
        }),
      )
      .catch(() => {})
    return () => ctrl.abort()
  }, [api, me])

  useRealtime<AnnouncementFrame>(announcementEvent(companyId), (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') {
      setRecords((list) => list.filter((r) => r.id !== frame.id))
      setViewing((v) => (v?.id === frame.id ? null : v))
      return
    }
    if (!frame.record) return
    const record = frame.record
    setRecords((list) =>
      record.status
        ? [...list.filter((r) => r.id !== record.id), record].sort(byPriority).slice(0, MAX_ROWS)
        : list.filter((r) => r.id !== record.id),
    )
  })

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const isUnread = (r: Announcement) => read[r.id] !== r.updatedAt
  const unread = records.filter(isUnread).length
  const show = (r: Announcement) => {
    setOpen(false)
    setViewing(r)
    const next: Record<string, string> = { ...read, [r.id]: r.updatedAt }
    // Only ids still on the list are kept, so the record does not grow forever.
    const live = new Set(records.map((x) => String(x.id)))
    for (const id of Object.keys(next)) if (!live.has(id)) delete next[id]
    setRead(next)
    saveRead(me, next)
  }
  const label = t('announcements.popover.button', { count: unread })

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={label}
        title={label}
        data-testid="announcements-popover-button"
        data-count={unread}
        className="relative rounded-md p-2 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        <MegaphoneIcon className="h-5 w-5" />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="announcements-popover-count"
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t('announcements.popover.title')}
          data-testid="announcements-popover"
          className="absolute right-0 top-full z-50 mt-1 w-80 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border border-slate-200 bg-white text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <p className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700">
            {t('announcements.popover.title')}
          </p>
          {records.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">
              {t('announcements.popover.empty')}
            </p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {records.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    onClick={() => show(r)}
                    data-testid="announcements-popover-item"
                    data-announcement={r.id}
                    data-unread={isUnread(r) ? 'true' : 'false'}
                    className="flex w-full items-start gap-2 px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-700 dark:focus:bg-slate-700"
                  >
                    <span
                      className={`mt-0.5 shrink-0 rounded px-1.5 text-[11px] font-semibold ${PRIORITY_CLASS[r.priority] ?? ''}`}
                    >
                      {t(`announcements.priority.${r.priority}`)}
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className={`truncate text-sm ${isUnread(r) ? 'font-bold' : 'font-medium'}`}>{r.title}</span>
                      <span className="truncate text-xs text-slate-600 dark:text-slate-300">{r.text}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <AnnouncementView record={viewing} onClose={() => setViewing(null)} />
    </div>
  )
}
