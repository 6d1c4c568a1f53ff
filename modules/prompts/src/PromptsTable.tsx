import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EditIcon, TrashIcon, VirtualTable, type Column } from '@atende/ui'
import type { Prompt } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

export interface PromptsTableProps {
  records: Prompt[]
  onEdit: (r: Prompt) => void
  onDelete: (r: Prompt) => void
}

const rowProps = (r: Prompt) => ({ 'data-testid': `prompt-row-${r.id}` })
const recordKey = (r: Prompt) => r.id
const actionClass = 'rounded-md p-2 focus:outline-none focus-visible:ring-2'
const noop = () => {}

/** The prompts on the kit's windowed table (administration.md §2): name, queue, max tokens, actions. */
export function PromptsTable({ records, onEdit, onDelete }: PromptsTableProps) {
  const { t } = useTranslation()
  const columns = useMemo<Column<Prompt>[]>(
    () => [
      {
        key: 'name',
        header: t('prompts.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 truncate px-3 font-medium',
        cell: (r) => <span title={r.name}>{r.name}</span>,
      },
      {
        key: 'queue',
        header: t('prompts.columns.queue'),
        headerClassName: 'w-1/4 px-3',
        className: 'max-w-0 truncate px-3 text-slate-600 dark:text-slate-300',
        cell: (r) => r.queue?.name ?? '—',
      },
      {
        key: 'maxTokens',
        header: t('prompts.columns.maxTokens'),
        headerClassName: 'hidden w-44 px-3 text-right sm:table-cell',
        className: 'hidden px-3 text-right font-mono text-sm sm:table-cell',
        cell: (r) => r.maxTokens,
      },
      {
        key: 'actions',
        header: t('prompts.columns.actions'),
        headerClassName: 'w-24 px-3 text-right',
        className: 'px-1 text-right whitespace-nowrap',
        cell: (r) => (
          <>
            <button
              type="button"
              onClick={() => onEdit(r)}
              aria-label={t('prompts.edit', { name: r.name })}
              title={t('prompts.edit', { name: r.name })}
              className={`${actionClass} text-slate-600 hover:bg-slate-100 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700`}
            >
              <EditIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => onDelete(r)}
              aria-label={t('prompts.delete', { name: r.name })}
              title={t('prompts.delete', { name: r.name })}
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

  // GET /prompt answers the whole list at once: nothing more to load.
  return (
    <VirtualTable
      data-testid="prompts-scroll"
      label={t('prompts.title')}
      columns={columns}
      rows={records}
      rowKey={recordKey}
      rowProps={rowProps}
      rowHeight={ROW_HEIGHT}
      hasMore={false}
      loadingMore={false}
      loadMore={noop}
      loadingLabel={t('prompts.loading')}
    />
  )
}
