import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable, actionsColumn, type Column, type PagedRows } from '@atende/ui'
import { TypeBadge } from './TypeBadge.tsx'
import type { QueueIntegration } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

export interface QueueIntegrationsTableProps {
  list: PagedRows<QueueIntegration>
  onEdit: (r: QueueIntegration) => void
  onDelete: (r: QueueIntegration) => void
}

/** The integrations on the kit's windowed table: type, id, name, actions. */
export function QueueIntegrationsTable({ list, onEdit, onDelete }: QueueIntegrationsTableProps) {
  const { t } = useTranslation()
  const columns = useMemo<Column<QueueIntegration>[]>(
    () => [
      {
        key: 'type',
        header: t('integrations.columns.type'),
        headerClassName: 'w-32 px-3 sm:w-40',
        className: 'px-3',
        cell: (r) => <TypeBadge type={r.type} />,
      },
      {
        key: 'id',
        header: t('integrations.columns.id'),
        headerClassName: 'hidden w-20 px-3 sm:table-cell',
        className: 'hidden px-3 font-mono text-sm text-slate-600 sm:table-cell dark:text-slate-300',
        cell: (r) => r.id,
      },
      {
        key: 'name',
        header: t('integrations.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 truncate px-3 font-medium',
        cell: (r) => <span title={r.name}>{r.name}</span>,
      },
      actionsColumn<QueueIntegration>({
        i18n: { t, ns: 'integrations' },
        onEdit,
        onDelete,
      }),
    ],
    [t, onEdit, onDelete],
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
