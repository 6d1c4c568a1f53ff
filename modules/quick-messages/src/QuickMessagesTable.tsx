import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Badge,
  PagedTable,
  actionsColumn,
  columnsOf,
  type BadgeTone,
  type Column,
  type ColumnSpec,
  type PagedRows,
} from '@atende/ui'
import { PaperclipIcon } from './icons.tsx'
import type { QuickMessage } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 56

export interface QuickMessagesTableProps {
  list: PagedRows<QuickMessage>
  canEdit: (q: QuickMessage) => boolean
  onEdit: (q: QuickMessage) => void
  onDelete: (q: QuickMessage) => void
}

/** The quick messages on the kit's windowed table: shortcode, message, file, sharing, status, actions. */
export function QuickMessagesTable({ list, canEdit, onEdit, onDelete }: QuickMessagesTableProps) {
  const { t } = useTranslation()
  const columns = useMemo<Column<QuickMessage>[]>(() => {
    const col = columnsOf<QuickMessage>(t, 'quickMessages')
    /** A yes/no field as a badge: `tone` and the first key's words when on, else neutral and the second's. */
    const flag = (
      key: 'geral' | 'status',
      tone: BadgeTone,
      spec: Omit<ColumnSpec<QuickMessage>, 'cell'>,
      [on, off]: [string, string],
    ) => col(key, { ...spec, cell: (q) => <Badge tone={q[key] ? tone : 'neutral'}>{t(q[key] ? on : off)}</Badge> })
    return [
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
      flag('geral', 'primary', { width: 'w-28', from: 'md' }, ['quickMessages.geralYes', 'quickMessages.geralNo']),
      flag('status', 'success', { width: 'w-24', from: 'sm' }, ['quickMessages.active', 'quickMessages.inactive']),
      actionsColumn<QuickMessage>({
        i18n: { t, ns: 'quickMessages' },
        allowed: canEdit,
        onEdit,
        onDelete,
        labelValues: (q) => ({ shortcode: q.shortcode }),
      }),
    ]
  }, [t, canEdit, onEdit, onDelete])

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
