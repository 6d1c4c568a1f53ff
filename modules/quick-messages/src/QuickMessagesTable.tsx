import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Badge, PagedTable, type BadgeTone, actionsColumn, type Column, type PagedRows } from '@atende/ui'
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

/** A yes/no field of the row as a badge: `tone` and the first key's words when on, else neutral and the second's. */
const flagColumn = (
  t: TFunction,
  key: 'geral' | 'status',
  tone: BadgeTone,
  headerClassName: string,
  className: string,
  [on, off]: [string, string],
): Column<QuickMessage> => ({
  key,
  header: t(`quickMessages.columns.${key}`),
  headerClassName,
  className,
  cell: (q) => <Badge tone={q[key] ? tone : 'neutral'}>{t(q[key] ? on : off)}</Badge>,
})

/** The quick messages on the kit's windowed table: shortcode, message, file, sharing, status, actions. */
export function QuickMessagesTable({ list, canEdit, onEdit, onDelete }: QuickMessagesTableProps) {
  const { t } = useTranslation()
  const columns = useMemo<Column<QuickMessage>[]>(
    () => [
      {
        key: 'shortcode',
        header: t('quickMessages.columns.shortcode'),
        headerClassName: 'w-36 px-3 sm:w-48',
        className: 'max-w-0 truncate px-3 font-mono text-sm',
        cell: (q) => `/${q.shortcode}`,
      },
      {
        key: 'message',
        header: t('quickMessages.columns.message'),
        headerClassName: 'px-3',
        className: 'max-w-0 px-3',
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
      },
      flagColumn(t, 'geral', 'primary', 'hidden w-28 px-3 md:table-cell', 'hidden px-3 md:table-cell', [
        'quickMessages.geralYes',
        'quickMessages.geralNo',
      ]),
      flagColumn(t, 'status', 'success', 'hidden w-24 px-3 sm:table-cell', 'hidden px-3 sm:table-cell', [
        'quickMessages.active',
        'quickMessages.inactive',
      ]),
      actionsColumn<QuickMessage>({
        i18n: { t, ns: 'quickMessages' },
        allowed: canEdit,
        onEdit,
        onDelete,
        labelValues: (q) => ({ shortcode: q.shortcode }),
      }),
    ],
    [t, canEdit, onEdit, onDelete],
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
