import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, VirtualTable, type Column } from '@atende/ui'
import { invoiceStatus, localDay } from './billing.ts'
import { invoiceIdColumn, invoiceTermColumns } from './invoiceColumns.tsx'
import type { Invoice } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
const ROW_HEIGHT = 52
const rowKey = (r: Invoice) => r.id
const rowProps = (r: Invoice) => ({ 'data-testid': `invoice-row-${r.id}` })

export interface InvoicesTableProps {
  invoices: Invoice[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  loadMore: () => void
  onPay: (invoice: Invoice) => void
}

/** administration.md §2 /financeiro: Id, details, value, due date, status, action. */
export function InvoicesTable({ invoices, hasMore, loadingMore, moreFailed, loadMore, onPay }: InvoicesTableProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const columns = useMemo<Column<Invoice>[]>(() => {
    const today = localDay()
    return [
      invoiceIdColumn<Invoice>(t),
      {
        key: 'detail',
        header: t('billing.invoices.columns.detail'),
        headerClassName: 'px-3',
        className: 'max-w-0 px-3',
        cell: (r) => (
          <p className="truncate text-sm" title={r.detail}>
            {r.detail}
          </p>
        ),
      },
      ...invoiceTermColumns<Invoice>(t, language, today),
      {
        key: 'action',
        header: t('billing.invoices.columns.action'),
        headerClassName: 'w-28 px-3 text-right',
        className: 'px-3 text-right',
        cell: (r) =>
          invoiceStatus(r, today) === 'paid' ? (
            <Button variant="secondary" disabled aria-label={t('billing.invoices.paidInvoice', { id: r.id })}>
              {t('billing.invoices.paid')}
            </Button>
          ) : (
            <Button onClick={() => onPay(r)} aria-label={t('billing.invoices.payInvoice', { id: r.id })}>
              {t('billing.invoices.pay')}
            </Button>
          ),
      },
    ]
  }, [t, language, onPay])

  return (
    <VirtualTable
      data-testid="invoices-table"
      label={t('billing.invoices.title')}
      columns={columns}
      rows={invoices}
      rowKey={rowKey}
      rowProps={rowProps}
      rowHeight={ROW_HEIGHT}
      hasMore={hasMore}
      loadingMore={loadingMore}
      failed={moreFailed}
      loadMore={loadMore}
      loadingLabel={t('billing.invoices.loadingMore')}
      failedText={t('billing.invoices.loadMoreError')}
      retryLabel={t('billing.retry')}
    />
  )
}
