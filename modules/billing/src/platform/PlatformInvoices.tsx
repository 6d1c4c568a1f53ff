import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import {
  Button,
  SearchField,
  Select,
  formatMoney,
  toast,
  useConfirmAction,
  useErrorToast,
  usePagedList,
} from '@atende/ui'
import { formatInstantDay } from '../billing.ts'
import { InvoiceList, type InvoiceAction, type InvoiceDetail } from '../InvoiceList.tsx'
import type { PlatformFilter, PlatformInvoice } from '../types.ts'

const FILTERS: PlatformFilter[] = ['unpaid', 'paid', 'all']
const ROW_HEIGHT = 56
/** The server's orders: unpaid oldest due first (the most overdue on top), the others newest first. */
const byDue = (dir: 1 | -1) => (a: PlatformInvoice, b: PlatformInvoice) =>
  a.dueDate === b.dueDate ? dir * (a.id - b.id) : a.dueDate < b.dueDate ? -dir : dir
const RULES: Record<PlatformFilter, Parameters<typeof usePagedList<PlatformInvoice>>[0]['compare']> = {
  unpaid: byDue(1),
  paid: byDue(-1),
  all: byDue(-1),
}
const COMPANY: InvoiceDetail<PlatformInvoice> = {
  key: 'company',
  header: 'billing.platform.company',
  cell: (r) => (
    <div className="min-w-0">
      <p className="truncate text-sm font-medium" title={r.companyName}>
        {r.companyName}
      </p>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={r.detail}>
        {r.detail}
      </p>
    </div>
  ),
}
/** Only rows already listed are updated in place (after marking one paid): they stay. */
const stays = () => true

/** Every company's invoices (GET /api/billing/invoices) with the super user's "mark as paid". */
export function PlatformInvoices() {
  const { t } = useTranslation()
  const [filter, setFilter] = useState<PlatformFilter>('unpaid')
  const [search, setSearch] = useState('')
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('billing.platform.filter')}
          value={filter}
          options={FILTERS.map((f) => ({ value: f, label: t(`billing.platform.filters.${f}`) }))}
          onChange={(v) => setFilter(v as PlatformFilter)}
          className="w-48"
        />
        <SearchField
          label={t('billing.platform.search')}
          placeholder={t('billing.platform.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
      </div>
      {/* A filter has its own order: a fresh list each. */}
      <PlatformInvoiceList key={filter} filter={filter} search={search} />
    </>
  )
}

function PlatformInvoiceList({ filter, search }: { filter: PlatformFilter; search: string }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const showError = useErrorToast('billing.platform.markPaidError')
  const list = usePagedList<PlatformInvoice>({
    path: '/billing/invoices',
    key: 'list',
    search,
    params: { status: filter },
    compare: RULES[filter],
    matches: stays,
    name: 'platform-invoices',
  })
  const language = i18n.language
  const { ask, dialog } = useConfirmAction<PlatformInvoice>({
    run: async (r) => {
      const paid = await api.post<PlatformInvoice>(`/invoices/${r.id}/mark-paid`)
      if (filter === 'unpaid') list.remove(r.id)
      else list.upsert({ ...r, ...paid })
      toast.success(t('billing.platform.markedPaid', { id: r.id, company: r.companyName }))
    },
    onError: showError,
    title: (r) => t('billing.platform.confirmTitle', { id: r.id }),
    body: (r) => t('billing.platform.confirmText', { company: r.companyName, value: formatMoney(r.value, language) }),
    confirmLabel: t('billing.platform.markPaid'),
    cancelLabel: t('billing.checkout.cancel'),
    danger: false,
  })

  const action = useMemo<InvoiceAction<PlatformInvoice>>(
    () => ({
      width: 'w-44',
      className: 'px-3 text-right text-xs',
      cell: (r) =>
        r.status === 'paid' ? (
          <span className="text-slate-500 dark:text-slate-400">
            {t('billing.platform.paidOn', {
              date: formatInstantDay(r.paidAt),
              via: t(`billing.platform.via.${r.paidVia === 'asaas' ? 'asaas' : 'manual'}`),
            })}
          </span>
        ) : (
          <Button
            variant="secondary"
            onClick={() => ask(r)}
            aria-label={t('billing.platform.markPaidOf', { id: r.id })}
          >
            {t('billing.platform.markPaid')}
          </Button>
        ),
    }),
    [t, ask],
  )

  return (
    <>
      <InvoiceList
        list={list}
        detail={COMPANY}
        action={action}
        testid="platform-invoices"
        rowTestid="platform-invoice"
        rowHeight={ROW_HEIGHT}
        label={t('billing.platform.tabs.invoices')}
        loadError={t('billing.platform.loadError')}
        empty={t(`billing.platform.empty.${filter}`)}
      />
      {dialog}
    </>
  )
}
