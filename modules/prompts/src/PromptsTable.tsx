import { useTranslation } from 'react-i18next'
import { PagedTable, useColumns, type EditableRowsProps } from '@atende/ui'
import type { Prompt } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 52

/** GET /prompt answers the whole list at once: its list never has more to load. */
export type PromptsTableProps = EditableRowsProps<Prompt>

/** The prompts on the kit's windowed table: name, queue, max tokens, actions. */
export function PromptsTable({ list, onEdit, onDelete }: PromptsTableProps) {
  const { t } = useTranslation()
  const columns = useColumns<Prompt>(
    'prompts',
    ({ col, name, actions }) => [
      name(),
      col('queue', {
        width: 'w-1/4',
        truncate: true,
        className: 'text-slate-600 dark:text-slate-300',
        cell: (r) => r.queue?.name ?? '—',
      }),
      col('maxTokens', {
        width: 'w-44',
        from: 'sm',
        align: 'right',
        className: 'font-mono text-sm',
        cell: (r) => r.maxTokens,
      }),
      actions({ onEdit, onDelete }),
    ],
    [onEdit, onDelete],
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
