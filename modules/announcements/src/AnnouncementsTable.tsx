import type { ComponentType } from 'react'
import { EditIcon, IconAction, PagedTable, TrashIcon, useColumns, type PagedRows } from '@atende/ui'
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

type Acts = Omit<AnnouncementsTableProps, 'list'>

/** The row's buttons, each named by `announcements.<word>`; deactivate only while it is active. */
const BUTTONS: { word: string; Icon: ComponentType<{ className?: string }>; act: keyof Acts }[] = [
  { word: 'preview', Icon: EyeIcon, act: 'onPreview' },
  { word: 'edit', Icon: EditIcon, act: 'onEdit' },
  { word: 'deactivate', Icon: OffIcon, act: 'onDeactivate' },
  { word: 'delete', Icon: TrashIcon, act: 'onDelete' },
]

/** The announcements: title, priority, media name, status and the actions. */
export function AnnouncementsTable(props: AnnouncementsTableProps) {
  const { onPreview, onEdit, onDeactivate, onDelete } = props
  const columns = useColumns<Announcement>(
    'announcements',
    ({ t, col }) => {
      const acts: Acts = { onPreview, onEdit, onDeactivate, onDelete }
      return [
        col('title', { width: 'w-1/3', truncate: true, className: 'font-medium', cell: (r) => r.title }),
        col('priority', {
          cell: (r) => (
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${PRIORITY_CLASS[r.priority] ?? ''}`}>
              {t(`announcements.priority.${r.priority}`)}
            </span>
          ),
        }),
        col('media', {
          truncate: true,
          className: 'text-slate-600 dark:text-slate-300',
          cell: (r) => r.mediaName ?? t('announcements.noMedia'),
        }),
        col('status', {
          cell: (r) => (
            <span data-testid="announcement-status">
              {r.status ? t('announcements.status.active') : t('announcements.status.inactive')}
            </span>
          ),
        }),
        col('actions', {
          align: 'right',
          className: 'whitespace-nowrap',
          cell: (r) => (
            <span className="inline-flex gap-1">
              {BUTTONS.filter((b) => b.word !== 'deactivate' || r.status).map(({ word, Icon, act }) => (
                <IconAction
                  key={word}
                  label={t(`announcements.${word}`)}
                  onClick={() => acts[act](r)}
                  icon={<Icon className="h-4 w-4" />}
                />
              ))}
            </span>
          ),
        }),
      ]
    },
    [onPreview, onEdit, onDeactivate, onDelete],
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
