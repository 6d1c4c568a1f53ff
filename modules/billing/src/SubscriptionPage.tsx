import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ErrorCard, Loading, TextField } from '@atende/ui'
import { formatDay, invoiceToPay, trialDaysLeft } from './billing.ts'
import { BillingLinks } from './BillingLinks.tsx'
import { CheckoutDialog } from './checkout/CheckoutDialog.tsx'
import type { Invoice, SubscriptionInfo } from './types.ts'
import { useLoad } from './useLoad.ts'
import { usePaymentEvent } from './usePaymentEvent.ts'
import './index.css'

const card = 'rounded-lg border border-slate-200 p-4 dark:border-slate-700'
const dt = 'text-sm text-slate-500 dark:text-slate-400'

/**
 * /subscription: the trial's days left, the plan and next due date, the
 * billing e-mail (read-only) and the sign-now button, which pays the oldest unpaid invoice.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation()
  const info = useLoad<SubscriptionInfo>('/billing/subscription')
  const invoices = useLoad<{ list: Invoice[]; hasMore: boolean }>('/invoices/all')
  const [paying, setPaying] = useState<Invoice | null>(null)
  const { reload: reloadInfo } = info
  const { reload: reloadInvoices } = invoices
  usePaymentEvent(
    useCallback(() => {
      reloadInfo()
      reloadInvoices()
    }, [reloadInfo, reloadInvoices]),
  )
  const toPay = useMemo(() => (invoices.data ? invoiceToPay(invoices.data.list) : null), [invoices.data])

  let body: ReactNode
  if (info.status === 'error')
    body = (
      <ErrorCard
        title={t('billing.subscription.loadError')}
        action={
          <Button variant="secondary" onClick={info.reload}>
            {t('billing.retry')}
          </Button>
        }
      />
    )
  else if (info.status === 'loading') body = <Loading label={t('billing.loading')} />
  else {
    const s = info.data
    const days = trialDaysLeft(s)
    body = (
      <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <div className={card} data-testid="subscription-trial">
          <p className={dt}>{t('billing.subscription.trial')}</p>
          {days == null ? (
            <p className="mt-1">{t('billing.subscription.noTrial')}</p>
          ) : days > 0 ? (
            <p className="mt-1 text-lg font-semibold">{t('billing.subscription.trialDaysLeft', { count: days })}</p>
          ) : (
            <p className="mt-1 text-lg font-semibold">{t('billing.subscription.trialEnded')}</p>
          )}
          {s.trialExpiration && (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {t('billing.subscription.trialUntil', { date: formatDay(s.trialExpiration) })}
            </p>
          )}
        </div>
        <dl className={card}>
          <dt className={dt}>{t('billing.subscription.plan')}</dt>
          <dd className="mb-2 font-medium">{s.planName}</dd>
          <dt className={dt}>{t('billing.subscription.dueDate')}</dt>
          <dd className="font-medium" data-testid="subscription-due-date">
            {s.dueDate ? formatDay(s.dueDate) : t('billing.subscription.noDueDate')}
          </dd>
        </dl>
        <TextField
          label={t('billing.subscription.billingEmail')}
          type="email"
          value={s.billingEmail}
          readOnly
          className="sm:col-span-2"
        />
        <div className="flex flex-col items-start gap-1 sm:col-span-2">
          <Button
            onClick={() => toPay && setPaying(toPay)}
            disabled={!toPay}
            aria-describedby={invoices.status === 'ready' && !toPay ? 'billing-nothing-to-pay' : undefined}
          >
            {t('billing.subscription.signNow')}
          </Button>
          {invoices.status === 'ready' && !toPay && (
            <p id="billing-nothing-to-pay" className="text-sm text-slate-500 dark:text-slate-400">
              {t('billing.subscription.nothingToPay')}
            </p>
          )}
          {invoices.status === 'error' && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('billing.invoices.loadError')}
            </p>
          )}
        </div>
      </div>
    )
  }

  return (
    <section className="flex h-full flex-col gap-4 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('billing.subscription.title')}</h1>
        <BillingLinks />
      </header>
      {body}
      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </section>
  )
}
