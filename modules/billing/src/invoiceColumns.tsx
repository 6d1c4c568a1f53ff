import type { TFunction } from 'i18next'
import { Badge, formatMoney, type Column } from '@atende/ui'
import { STATUS_TONE, formatDay, invoiceStatus } from './billing.ts'
import type { Invoice } from './types.ts'

/** The id column, and the value, due date and status columns every invoice table shows (administration.md §2, §4). */
export function invoiceIdColumn<T extends Invoice>(t: TFunction): Column<T> {
  return {
    key: 'id',
    header: t('billing.invoices.columns.id'),
    headerClassName: 'w-16 px-3',
    className: 'px-3 text-sm tabular-nums',
    cell: (r) => r.id,
  }
}

export function invoiceTermColumns<T extends Invoice>(t: TFunction, language: string, today: string): Column<T>[] {
  return [
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
  ]
}
