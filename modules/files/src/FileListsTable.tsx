import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { VirtualTable, EditIcon, TrashIcon, type Column } from '@atende/ui'
import type { FileList } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
const ROW_HEIGHT = 56
const rowKey = (r: FileList) => r.id
const rowProps = (r: FileList) => ({ 'data-testid': `file-list-row-${r.id}` })
const actionClass = 'rounded-md p-2 focus:outline-none focus-visible:ring-2'

export interface FileListsTableProps {
  records: FileList[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  loadMore: () => void
  canEdit: boolean
  onEdit: (r: FileList) => void
  onDelete: (r: FileList) => void
}

/** The file lists on the kit's windowed table: name (with its message), files, actions. */
export function FileListsTable({
  records,
  hasMore,
  loadingMore,
  moreFailed,
  loadMore,
  canEdit,
  onEdit,
  onDelete,
}: FileListsTableProps) {
  const { t } = useTranslation()
  const columns = useMemo<Column<FileList>[]>(
    () => [
      {
        key: 'name',
        header: t('files.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 px-3',
        cell: (r) => (
          <div className="min-w-0">
            <p className="truncate font-medium">{r.name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={r.message}>
              {r.message}
            </p>
          </div>
        ),
      },
      {
        key: 'files',
        header: t('files.columns.files'),
        headerClassName: 'hidden w-32 px-3 sm:table-cell',
        className: 'hidden px-3 text-sm text-slate-600 sm:table-cell dark:text-slate-300',
        cell: (r) => t('files.fileCount', { count: r.options.filter((o) => o.path).length }),
      },
      {
        key: 'actions',
        header: t('files.columns.actions'),
        headerClassName: 'w-24 px-3 text-right',
        className: 'px-1 text-right whitespace-nowrap',
        cell: (r) =>
          canEdit ? (
            <>
              <button
                type="button"
                onClick={() => onEdit(r)}
                aria-label={t('files.edit', { name: r.name })}
                title={t('files.edit', { name: r.name })}
                className={`${actionClass} text-slate-600 hover:bg-slate-100 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700`}
              >
                <EditIcon className="h-4 w-4" />
              </button>
              <button
                type="button"
                onClick={() => onDelete(r)}
                aria-label={t('files.delete', { name: r.name })}
                title={t('files.delete', { name: r.name })}
                className={`${actionClass} text-red-600 hover:bg-red-50 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950`}
              >
                <TrashIcon className="h-4 w-4" />
              </button>
            </>
          ) : null,
      },
    ],
    [t, canEdit, onEdit, onDelete],
  )
  return (
    <VirtualTable
      data-testid="file-lists-table"
      label={t('files.title')}
      columns={columns}
      rows={records}
      rowKey={rowKey}
      rowProps={rowProps}
      rowHeight={ROW_HEIGHT}
      hasMore={hasMore}
      loadingMore={loadingMore}
      failed={moreFailed}
      loadMore={loadMore}
      loadingLabel={t('files.loadingMore')}
      failedText={t('files.loadMoreError')}
      retryLabel={t('files.retry')}
    />
  )
}
