import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, ErrorCard, Loading, SearchField } from '@atende/ui'
import { BillingLinks } from './BillingLinks.tsx'
import { CheckoutDialog } from './checkout/CheckoutDialog.tsx'
import { InvoicesTable } from './InvoicesTable.tsx'
import type { Invoice } from './types.ts'
import { useInvoices } from './useInvoices.ts'
import './index.css'

/**
 * /financeiro (administration.md §2 "Subscription and billing", §4 Invoice status): the company's
 * invoices, newest due date first, a page at a time; PAGAR opens the checkout for that invoice.
 */
export default function InvoicesPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const list = useInvoices(search)
  const [paying, setPaying] = useState<Invoice | null>(null)
  const onPay = useCallback((invoice: Invoice) => setPaying(invoice), [])

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

      {list.status === 'error' ? (
        <ErrorCard
          title={t('billing.invoices.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('billing.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('billing.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('billing.invoices.emptySearch', { search }) : t('billing.invoices.empty')} />
      ) : (
        <InvoicesTable
          invoices={list.items}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={list.loadMore}
          onPay={onPay}
        />
      )}

      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </section>
  )
}
