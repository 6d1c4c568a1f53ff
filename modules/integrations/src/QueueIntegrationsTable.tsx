import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { VirtualTable, EditIcon, TrashIcon, type Column } from '@atende/ui'
import { TypeBadge } from './TypeBadge.tsx'
import type { QueueIntegration } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

export interface QueueIntegrationsTableProps {
  records: QueueIntegration[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  loadMore: () => void
  onEdit: (r: QueueIntegration) => void
  onDelete: (r: QueueIntegration) => void
}

const rowProps = (r: QueueIntegration) => ({ 'data-testid': `integration-row-${r.id}` })
const recordKey = (r: QueueIntegration) => r.id
const actionClass = 'rounded-md p-2 focus:outline-none focus-visible:ring-2'

/** The integrations on the kit's windowed table: type, id, name, actions. */
export function QueueIntegrationsTable({
  records,
  hasMore,
  loadingMore,
  moreFailed,
  loadMore,
  onEdit,
  onDelete,
}: QueueIntegrationsTableProps) {
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
      {
        key: 'actions',
        header: t('integrations.columns.actions'),
        headerClassName: 'w-24 px-3 text-right',
        className: 'px-1 text-right whitespace-nowrap',
        cell: (r) => (
          <>
            <button
              type="button"
              onClick={() => onEdit(r)}
              aria-label={t('integrations.edit', { name: r.name })}
              title={t('integrations.edit', { name: r.name })}
              className={`${actionClass} text-slate-600 hover:bg-slate-100 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700`}
            >
              <EditIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => onDelete(r)}
              aria-label={t('integrations.delete', { name: r.name })}
              title={t('integrations.delete', { name: r.name })}
              className={`${actionClass} text-red-600 hover:bg-red-50 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950`}
            >
              <TrashIcon className="h-4 w-4" />
            </button>
          </>
        ),
      },
    ],
    [t, onEdit, onDelete],
  )

  return (
    <VirtualTable
      data-testid="integrations-scroll"
      label={t('integrations.title')}
      columns={columns}
      rows={records}
      rowKey={recordKey}
      rowProps={rowProps}
      rowHeight={ROW_HEIGHT}
      hasMore={hasMore}
      loadingMore={loadingMore}
      failed={moreFailed}
      loadMore={loadMore}
      loadingLabel={t('integrations.loadingMore')}
      failedText={t('integrations.loadMoreError')}
      retryLabel={t('integrations.retry')}
    />
  )
}
