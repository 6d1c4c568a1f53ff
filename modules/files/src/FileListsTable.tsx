import { PagedTable, useColumns, type EditableRowsProps } from '@atende/ui'
import type { FileList } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
const ROW_HEIGHT = 56

export interface FileListsTableProps extends EditableRowsProps<FileList> {
  canEdit: boolean
}

/** The file lists on the kit's windowed table: name (with its message), files, actions. */
export function FileListsTable({ list, canEdit, onEdit, onDelete }: FileListsTableProps) {
  const columns = useColumns<FileList>(
    'files',
    ({ t, col, actions }) => [
      col('name', {
        className: 'max-w-0',
        cell: (r) => (
          <div className="min-w-0">
            <p className="truncate font-medium">{r.name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={r.message}>
              {r.message}
            </p>
          </div>
        ),
      }),
      col('files', {
        width: 'w-32',
        from: 'sm',
        className: 'text-sm text-slate-600 dark:text-slate-300',
        cell: (r) => t('files.fileCount', { count: r.options.filter((o) => o.path).length }),
      }),
      actions({ allowed: () => canEdit, onEdit, onDelete }),
    ],
    [canEdit, onEdit, onDelete],
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
