import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useRealtime, useSession } from '@atende/client'
import { TopBarPopover, cx, popoverItemClass, strokeIcon } from '@atende/ui'
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

const MegaphoneIcon = strokeIcon(
  ['M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z', 'M15 9a3 3 0 0 1 0 6', 'M18 6a7 7 0 0 1 0 12'],
  1.8,
)

/**
 * The top bar's announcements popover for every user: the active
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
  const [viewing, setViewing] = useState<Announcement | null>(null)

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

  const isUnread = (r: Announcement) => read[r.id] !== r.updatedAt
  const unread = records.filter(isUnread).length
  const show = (r: Announcement, close: () => void) => {
    close()
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
    <>
      <TopBarPopover
        testid="announcements-popover"
        icon={<MegaphoneIcon className="h-5 w-5" />}
        count={unread}
        label={label}
        title={t('announcements.popover.title')}
        empty={t('announcements.popover.empty')}
        items={records}
        itemKey={(r) => r.id}
        renderItem={(r, close) => (
          <button
            type="button"
            onClick={() => show(r, close)}
            data-testid="announcements-popover-item"
            data-announcement={r.id}
            data-unread={isUnread(r) ? 'true' : 'false'}
            className={cx(popoverItemClass, 'items-start gap-2')}
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
        )}
      />
      <AnnouncementView record={viewing} onClose={() => setViewing(null)} />
    </>
  )
}
