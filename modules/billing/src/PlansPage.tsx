import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, ErrorCard, Loading } from '@atende/ui'
import { orderPlans } from './billing.ts'
import { BillingLinks } from './BillingLinks.tsx'
import { PlanCard } from './PlanCard.tsx'
import type { SubscriptionInfo } from './types.ts'
import { useLoad } from './useLoad.ts'
import { usePlans } from './usePlans.ts'
import './index.css'

/**
 * /plans: every plan offered (GET /api/plans/list) and the company's own as
 * cards, its own (GET /api/billing/subscription's planId) first and marked. When its plan cannot be
 * read, its name shows above the others.
 */
export default function PlansPage() {
  const { t } = useTranslation()
  const plans = usePlans()
  const info = useLoad<SubscriptionInfo>('/billing/subscription')
  const currentId = info.data?.planId ?? plans.ownPlanId
  const ordered = useMemo(() => (plans.plans ? orderPlans(plans.plans, currentId) : []), [plans.plans, currentId])
  const currentListed = ordered.some((p) => p.id === currentId)

  return (
    <section className="flex h-full flex-col gap-4 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('billing.plans.title')}</h1>
        <BillingLinks />
      </header>
      {plans.status === 'error' ? (
        <ErrorCard
          title={t('billing.plans.loadError')}
          action={
            <Button variant="secondary" onClick={plans.reload}>
              {t('billing.retry')}
            </Button>
          }
        />
      ) : plans.status === 'loading' || info.status === 'loading' ? (
        <Loading label={t('billing.loading')} />
      ) : (
        <>
          {info.data && !currentListed && (
            <p className="text-sm font-medium" data-testid="plan-current-unlisted">
              {t('billing.plans.currentOnly', { name: info.data.planName })}
            </p>
          )}
          {ordered.length === 0 ? (
            <EmptyState title={t('billing.plans.empty')} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {ordered.map((p) => (
                <PlanCard key={p.id} plan={p} current={p.id === currentId} />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  )
}
