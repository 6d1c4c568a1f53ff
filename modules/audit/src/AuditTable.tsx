import { useTranslation } from 'react-i18next'
import { Button, PagedTable, useColumns, type PagedRows } from '@atende/ui'
import type { AuditEntry } from '@atende/plugin-audit/api'
import { entrySentence, type Translate } from './format.ts'

/** Every row has the same height, so the table renders only the rows in view. */
const ROW_HEIGHT = 52

export interface AuditTableProps {
  list: PagedRows<AuditEntry>
  /** The super user sees every company's entries: a company column. */
  showCompany: boolean
  onOpen: (entry: AuditEntry) => void
}

/** The log on the kit's windowed table, asking for older entries near the bottom. */
export function AuditTable({ list, showCompany, onOpen }: AuditTableProps) {
  const { i18n } = useTranslation()
  const columns = useColumns<AuditEntry>(
    'audit',
    ({ t, col }) => {
      const tr: Translate = (key, options) => t(key, options ?? {})
      const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })
      return [
        col('when', {
          width: 'w-44',
          className: 'whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-300',
          cell: (e) => when.format(new Date(e.createdAt)),
        }),
        ...(showCompany
          ? [
              col('company', {
                width: 'w-24',
                className: 'tabular-nums',
                cell: (e) => (e.companyId === 0 ? t('audit.platform') : `#${e.companyId}`),
              }),
            ]
          : []),
        // One sentence per entry: who, what to which record, and the fields an edit changed.
        col('entry', {
          truncate: true,
          cell: (e) => {
            const text = entrySentence(e, tr, i18n.language)
            return (
              <span title={text} data-testid="audit-sentence">
                {text}
              </span>
            )
          },
        }),
        col('open', {
          header: <span className="sr-only">{t('audit.details')}</span>,
          width: 'w-28',
          className: 'text-right',
          cell: (e) => (
            <Button variant="ghost" onClick={() => onOpen(e)}>
              {t('audit.details')}
            </Button>
          ),
        }),
      ]
    },
    [i18n.language, showCompany, onOpen],
  )
  return (
    <PagedTable
      data-testid="audit-table"
      ns="audit"
      list={list}
      columns={columns}
      rowTestid="audit-row"
      rowHeight={ROW_HEIGHT}
    />
  )
}
