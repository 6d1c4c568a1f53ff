import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, PagedTable, type Column, type PagedRows } from '@atende/ui'
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
  const { t, i18n } = useTranslation()
  const columns = useMemo<Column<AuditEntry>[]>(() => {
    const tr: Translate = (key, options) => t(key, options ?? {})
    const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })
    const cols: Column<AuditEntry>[] = [
      {
        key: 'when',
        header: t('audit.columns.when'),
        headerClassName: 'w-44 px-3',
        className: 'whitespace-nowrap px-3 tabular-nums text-slate-600 dark:text-slate-300',
        cell: (e) => when.format(new Date(e.createdAt)),
      },
      {
        // One sentence per entry: who, what to which record, and the fields an edit changed.
        key: 'entry',
        header: t('audit.columns.entry'),
        headerClassName: 'px-3',
        className: 'max-w-0 truncate px-3',
        cell: (e) => {
          const text = entrySentence(e, tr, i18n.language)
          return (
            <span title={text} data-testid="audit-sentence">
              {text}
            </span>
          )
        },
      },
      {
        key: 'open',
        header: <span className="sr-only">{t('audit.details')}</span>,
        headerClassName: 'w-28 px-3',
        className: 'px-3 text-right',
        cell: (e) => (
          <Button variant="ghost" onClick={() => onOpen(e)}>
            {t('audit.details')}
          </Button>
        ),
      },
    ]
    if (showCompany)
      cols.splice(1, 0, {
        key: 'company',
        header: t('audit.columns.company'),
        headerClassName: 'w-24 px-3',
        className: 'px-3 tabular-nums',
        cell: (e) => (e.companyId === 0 ? t('audit.platform') : `#${e.companyId}`),
      })
    return cols
  }, [t, i18n.language, showCompany, onOpen])
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
