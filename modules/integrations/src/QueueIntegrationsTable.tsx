import { PagedTable, useColumns, type EditableRowsProps } from '@atende/ui'
import { TypeBadge } from './TypeBadge.tsx'
import type { QueueIntegration } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

export type QueueIntegrationsTableProps = EditableRowsProps<QueueIntegration>

/** The integrations on the kit's windowed table: type, id, name, actions. */
export function QueueIntegrationsTable({ list, onEdit, onDelete }: QueueIntegrationsTableProps) {
  const columns = useColumns<QueueIntegration>(
    'integrations',
    ({ col, name, actions }) => [
      col('type', { width: 'w-32 sm:w-40', cell: (r) => <TypeBadge type={r.type} /> }),
      col('id', {
        width: 'w-20',
        from: 'sm',
        className: 'font-mono text-sm text-slate-600 dark:text-slate-300',
        cell: (r) => r.id,
      }),
      name(),
      actions({ onEdit, onDelete }),
    ],
    [onEdit, onDelete],
  )

  return (
    <PagedTable
      data-testid="integrations-scroll"
      ns="integrations"
      list={list}
      columns={columns}
      rowTestid="integration-row"
      rowHeight={ROW_HEIGHT}
    />
  )
}
