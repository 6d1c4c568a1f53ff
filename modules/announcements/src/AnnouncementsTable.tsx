import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EditIcon, TrashIcon, VirtualTable, type Column } from '@atende/ui'
import { PRIORITY_CLASS, type Announcement } from './types.ts'

const ROW_HEIGHT = 52
const rowKey = (record: Announcement) => record.id
const rowProps = (r: Announcement) => ({ 'data-testid': `announcement-row-${r.id}` })
const action =
  'rounded p-1.5 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 dark:text-slate-300 dark:hover:bg-slate-700'

export interface AnnouncementsTableProps {
  records: Announcement[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  loadMore: () => void
  onPreview: (r: Announcement) => void
  onEdit: (r: Announcement) => void
  onDeactivate: (r: Announcement) => void
  onDelete: (r: Announcement) => void
}

const EyeIcon = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className={className} aria-hidden>
    <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
)
const OffIcon = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className={className} aria-hidden>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </svg>
)

/** administration.md §2: title, priority, media name, status and the actions. */
export function AnnouncementsTable(props: AnnouncementsTableProps) {
  const { t } = useTranslation()
  const { onPreview, onEdit, onDeactivate, onDelete } = props
  const columns = useMemo<Column<Announcement>[]>(
    () => [
      {
        key: 'title',
        header: t('announcements.columns.title'),
        headerClassName: 'w-1/3 px-3',
        className: 'max-w-0 truncate px-3 font-medium',
        cell: (r) => r.title,
      },
      {
        key: 'priority',
        header: t('announcements.columns.priority'),
        headerClassName: 'px-3',
        className: 'px-3',
        cell: (r) => (
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${PRIORITY_CLASS[r.priority] ?? ''}`}>
            {t(`announcements.priority.${r.priority}`)}
          </span>
        ),
      },
      {
        key: 'media',
        header: t('announcements.columns.media'),
        headerClassName: 'px-3',
        className: 'max-w-0 truncate px-3 text-slate-600 dark:text-slate-300',
        cell: (r) => r.mediaName ?? t('announcements.noMedia'),
      },
      {
        key: 'status',
        header: t('announcements.columns.status'),
        headerClassName: 'px-3',
        className: 'px-3',
        cell: (r) => (
          <span data-testid="announcement-status">
            {r.status ? t('announcements.status.active') : t('announcements.status.inactive')}
          </span>
        ),
      },
      {
        key: 'actions',
        header: t('announcements.columns.actions'),
        headerClassName: 'px-3 text-right',
        className: 'px-3 text-right whitespace-nowrap',
        cell: (r) => (
          <span className="inline-flex gap-1">
            <button
              type="button"
              className={action}
              onClick={() => onPreview(r)}
              aria-label={t('announcements.preview')}
            >
              <EyeIcon className="h-4 w-4" />
            </button>
            <button type="button" className={action} onClick={() => onEdit(r)} aria-label={t('announcements.edit')}>
              <EditIcon className="h-4 w-4" />
            </button>
            {r.status && (
              <button
                type="button"
                className={action}
                onClick={() => onDeactivate(r)}
                aria-label={t('announcements.deactivate')}
              >
                <OffIcon className="h-4 w-4" />
              </button>
            )}
            <button type="button" className={action} onClick={() => onDelete(r)} aria-label={t('announcements.delete')}>
              <TrashIcon className="h-4 w-4" />
            </button>
          </span>
        ),
      },
    ],
    [t, onPreview, onEdit, onDeactivate, onDelete],
  )
  return (
    <VirtualTable
      data-testid="announcements-table"
      label={t('announcements.title')}
      columns={columns}
      rows={props.records}
      rowKey={rowKey}
      rowProps={rowProps}
      rowHeight={ROW_HEIGHT}
      hasMore={props.hasMore}
      loadingMore={props.loadingMore}
      failed={props.moreFailed}
      loadMore={props.loadMore}
      loadingLabel={t('announcements.loadingMore')}
      failedText={t('announcements.loadMoreError')}
      retryLabel={t('announcements.retry')}
    />
  )
}
