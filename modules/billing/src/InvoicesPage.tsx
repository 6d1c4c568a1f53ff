import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, SearchField } from '@atende/ui'
import { invoiceStatus } from './billing.ts'
import { BillingLinks } from './BillingLinks.tsx'
import { CheckoutDialog } from './checkout/CheckoutDialog.tsx'
import { InvoiceList, type InvoiceAction, type InvoiceDetail } from './InvoiceList.tsx'
import type { Invoice } from './types.ts'
import { useInvoices } from './useInvoices.ts'
import './index.css'

const ROW_HEIGHT = 52
const DETAIL: InvoiceDetail<Invoice> = {
  key: 'detail',
  header: 'billing.invoices.columns.detail',
  cell: (r) => (
    <p className="truncate text-sm" title={r.detail}>
      {r.detail}
    </p>
  ),
}

/**
 * /financeiro: the company's invoices, newest due date first, a page at a time; PAGAR opens the
 * checkout for that invoice.
 */
export default function InvoicesPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const list = useInvoices(search)
  const [paying, setPaying] = useState<Invoice | null>(null)
  const action = useMemo<InvoiceAction<Invoice>>(
    () => ({
      width: 'w-28',
      className: 'px-3 text-right',
      cell: (r, today) =>
        invoiceStatus(r, today) === 'paid' ? (
          <Button variant="secondary" disabled aria-label={t('billing.invoices.paidInvoice', { id: r.id })}>
            {t('billing.invoices.paid')}
          </Button>
        ) : (
          <Button onClick={() => setPaying(r)} aria-label={t('billing.invoices.payInvoice', { id: r.id })}>
            {t('billing.invoices.pay')}
          </Button>
        ),
    }),
    [t],
  )

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('billing.invoices.title')}</h1>
        <BillingLinks />
        <SearchField
          label={t('billing.invoices.search')}
          placeholder={t('billing.invoices.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-64"
        />
      </header>

      <InvoiceList
        list={list}
        detail={DETAIL}
        action={action}
        testid="invoices-table"
        rowTestid="invoice-row"
        rowHeight={ROW_HEIGHT}
        loadError={t('billing.invoices.loadError')}
        empty={search ? t('billing.invoices.emptySearch', { search }) : t('billing.invoices.empty')}
      />

      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </section>
  )
}
