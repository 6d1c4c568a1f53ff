import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import {
  Badge,
  Button,
  EmptyState,
  ErrorCard,
  Loading,
  PagedTable,
  formatMoney,
  type Column,
  type ListPageList,
  type PagedRows,
} from '@atende/ui'
import { STATUS_TONE, formatDay, invoiceStatus, localDay } from './billing.ts'
import type { Invoice } from './types.ts'

/** The row's own column, after the id (what the invoice is for; whose it is); `header` is an i18n key. */
export type InvoiceDetail<T> = Pick<Column<T>, 'key' | 'cell'> & { header: string }

/** The last column: what can be done with the invoice (`today` says whether it is overdue). */
export interface InvoiceAction<T> {
  /** Width class of the header cell. */
  width: string
  className: string
  cell: (row: T, today: string) => ReactNode
}

/** Every invoice table's columns: id, the row's own detail, value, due date, status, then the action. */
function invoiceColumns<T extends Invoice>(
  t: TFunction,
  language: string,
  detail: InvoiceDetail<T>,
  action: InvoiceAction<T>,
): Column<T>[] {
  const today = localDay()
  return [
    {
      key: 'id',
      header: t('billing.invoices.columns.id'),
      headerClassName: 'w-16 px-3',
      className: 'px-3 text-sm tabular-nums',
      cell: (r) => r.id,
    },
    { ...detail, header: t(detail.header), headerClassName: 'px-3', className: 'max-w-0 px-3' },
    {
      key: 'value',
      header: t('billing.invoices.columns.value'),
      headerClassName: 'w-28 px-3 text-right',
      className: 'px-3 text-right text-sm whitespace-nowrap tabular-nums',
      cell: (r) => formatMoney(r.value, language),
    },
    {
      key: 'dueDate',
      header: t('billing.invoices.columns.dueDate'),
      headerClassName: 'hidden w-28 px-3 sm:table-cell',
      className: 'hidden px-3 text-sm tabular-nums sm:table-cell',
      cell: (r) => formatDay(r.dueDate),
    },
    {
      key: 'status',
      header: t('billing.invoices.columns.status'),
      headerClassName: 'w-28 px-3',
      className: 'px-3',
      cell: (r) => {
        const status = invoiceStatus(r, today)
        return <Badge tone={STATUS_TONE[status]}>{t(`billing.invoices.status.${status}`)}</Badge>
      },
    },
    {
      key: 'action',
      header: t('billing.invoices.columns.action'),
      headerClassName: `${action.width} px-3 text-right`,
      className: action.className,
      cell: (r) => action.cell(r, today),
    },
  ]
}

export interface InvoiceListProps<T extends Invoice> {
  list: ListPageList & PagedRows<T>
  /** Module constants or memoized: the columns are made again when either changes. */
  detail: InvoiceDetail<T>
  action: InvoiceAction<T>
  testid: string
  /** Each row's test id, `<rowTestid>-<id>`. */
  rowTestid: string
  rowHeight: number
  /** The table's accessible name; default `billing.invoices.title`. */
  label?: string
  loadError: string
  empty: string
}

/**
 * A list of invoices, the company's or every company's: its failure with a retry, the spinner, the
 * empty state, or the windowed table asking for the next page near its bottom.
 */
export function InvoiceList<T extends Invoice>({
  list,
  detail,
  action,
  testid,
  rowTestid,
  rowHeight,
  label,
  loadError,
  empty,
}: InvoiceListProps<T>) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const columns = useMemo(() => invoiceColumns(t, language, detail, action), [t, language, detail, action])
  if (list.status === 'error')
    return (
      <ErrorCard
        title={loadError}
        action={
          <Button variant="secondary" onClick={list.reload}>
            {t('billing.retry')}
          </Button>
        }
      />
    )
  if (list.status === 'loading') return <Loading label={t('billing.loading')} />
  if (list.items.length === 0) return <EmptyState title={empty} />
  return (
    <PagedTable
      data-testid={testid}
      ns="billing.invoices"
      label={label}
      list={list}
      columns={columns}
      rowTestid={rowTestid}
      rowHeight={rowHeight}
    />
  )
}
