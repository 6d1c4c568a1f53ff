import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable, actionsColumn, type Column, type PagedRows } from '@atende/ui'
import type { FileList } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
const ROW_HEIGHT = 56

export interface FileListsTableProps {
  list: PagedRows<FileList>
  canEdit: boolean
  onEdit: (r: FileList) => void
  onDelete: (r: FileList) => void
}

/** The file lists on the kit's windowed table: name (with its message), files, actions. */
export function FileListsTable({ list, canEdit, onEdit, onDelete }: FileListsTableProps) {
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
      actionsColumn<FileList>({
        i18n: { t, ns: 'files' },
        allowed: () => canEdit,
        onEdit,
        onDelete,
      }),
    ],
    [t, canEdit, onEdit, onDelete],
  )
  return (
    <PagedTable
      data-testid="file-lists-table"
      ns="files"
      list={list}
      columns={columns}
      rowTestid="file-list-row"
      rowHeight={ROW_HEIGHT}
    />
  )
}
