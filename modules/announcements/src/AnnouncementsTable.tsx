import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EditIcon, IconAction, PagedTable, TrashIcon, type Column, type PagedRows } from '@atende/ui'
import { PRIORITY_CLASS, type Announcement } from './types.ts'

const ROW_HEIGHT = 52

export interface AnnouncementsTableProps {
  list: PagedRows<Announcement>
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

/** The announcements: title, priority, media name, status and the actions. */
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
            <IconAction
              label={t('announcements.preview')}
              onClick={() => onPreview(r)}
              icon={<EyeIcon className="h-4 w-4" />}
            />
            <IconAction
              label={t('announcements.edit')}
              onClick={() => onEdit(r)}
              icon={<EditIcon className="h-4 w-4" />}
            />
            {r.status && (
              <IconAction
                label={t('announcements.deactivate')}
                onClick={() => onDeactivate(r)}
                icon={<OffIcon className="h-4 w-4" />}
              />
            )}
            <IconAction
              label={t('announcements.delete')}
              onClick={() => onDelete(r)}
              icon={<TrashIcon className="h-4 w-4" />}
            />
          </span>
        ),
      },
    ],
    [t, onPreview, onEdit, onDeactivate, onDelete],
  )
  return (
    <PagedTable
      data-testid="announcements-table"
      ns="announcements"
      list={props.list}
      columns={columns}
      rowTestid="announcement-row"
      rowHeight={ROW_HEIGHT}
    />
  )
}
