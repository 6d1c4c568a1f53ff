import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable, actionsColumn, type Column, type PagedRows } from '@atende/ui'
import type { Prompt } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

export interface PromptsTableProps {
  /** GET /prompt answers the whole list at once: it never has more to load. */
  list: PagedRows<Prompt>
  onEdit: (r: Prompt) => void
  onDelete: (r: Prompt) => void
}

/** The prompts on the kit's windowed table: name, queue, max tokens, actions. */
export function PromptsTable({ list, onEdit, onDelete }: PromptsTableProps) {
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
      actionsColumn<Prompt>({
        i18n: { t, ns: 'prompts' },
        onEdit,
        onDelete,
      }),
    ],
    [t, onEdit, onDelete],
  )

  return (
    <PagedTable
      data-testid="prompts-scroll"
      ns="prompts"
      list={list}
      columns={columns}
      rowTestid="prompt-row"
      rowHeight={ROW_HEIGHT}
      loadingLabel={t('prompts.loading')}
    />
  )
}
