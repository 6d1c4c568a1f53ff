import { PagedTable, useColumns, type EditableRowsProps } from '@atende/ui'
import { PaperclipIcon } from './icons.tsx'
import type { QuickMessage } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 56

export interface QuickMessagesTableProps extends EditableRowsProps<QuickMessage> {
  canEdit: (q: QuickMessage) => boolean
}

/** The quick messages on the kit's windowed table: shortcode, message, file, sharing, status, actions. */
export function QuickMessagesTable({ list, canEdit, onEdit, onDelete }: QuickMessagesTableProps) {
  const columns = useColumns<QuickMessage>(
    'quickMessages',
    ({ col, flag, actions }) => [
      col('shortcode', {
        width: 'w-36 sm:w-48',
        truncate: true,
        className: 'font-mono text-sm',
        cell: (q) => `/${q.shortcode}`,
      }),
      col('message', {
        className: 'max-w-0',
        cell: (q) => (
          <div className="min-w-0">
            <p className="truncate" title={q.message}>
              {q.message || <span className="text-slate-500 dark:text-slate-400">—</span>}
            </p>
            {q.isMedia && (
              <p
                className="flex items-center gap-1 truncate text-xs text-slate-500 dark:text-slate-400"
                data-testid="quick-message-media"
              >
                <PaperclipIcon className="h-3 w-3 shrink-0" />
                {q.mediaPath ? (
                  <a href={q.mediaPath} target="_blank" rel="noreferrer" className="truncate underline">
                    {q.mediaName}
                  </a>
                ) : (
                  q.mediaName
                )}
              </p>
            )}
          </div>
        ),
      }),
      flag('geral', {
        tone: 'primary',
        width: 'w-28',
        from: 'md',
        words: ['quickMessages.geralYes', 'quickMessages.geralNo'],
      }),
      flag('status', {
        tone: 'success',
        width: 'w-24',
        from: 'sm',
        words: ['quickMessages.active', 'quickMessages.inactive'],
      }),
      actions({
        allowed: canEdit,
        onEdit,
        onDelete,
        labelValues: (q) => ({ shortcode: q.shortcode }),
      }),
    ],
    [canEdit, onEdit, onDelete],
  )

  return (
    <PagedTable
      data-testid="quick-messages-scroll"
      ns="quickMessages"
      list={list}
      columns={columns}
      rowTestid="quick-message-row"
      rowHeight={ROW_HEIGHT}
    />
  )
}
