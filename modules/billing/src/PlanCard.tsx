import { useTranslation } from 'react-i18next'
import { Badge, cx, formatMoney } from '@atende/ui'
import { PLAN_FEATURES, planLimit } from './billing.ts'
import type { Plan } from './types.ts'

function Tick({ on, label }: { on: boolean; label: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label={label}
      className={cx('h-4 w-4 shrink-0', on ? 'text-green-600 dark:text-green-400' : 'text-slate-400')}
    >
      {on ? <path d="M20 6 9 17l-5-5" /> : <path d="M18 6 6 18M6 6l12 12" />}
    </svg>
  )
}

/** One plan on /plans: price, limits and a tick for each feature it has. */
export function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  const { t, i18n } = useTranslation()
  const limit = (n: number) => {
    const l = planLimit(n)
    return l === 'unlimited' ? t('billing.plans.unlimited') : (l ?? '—')
  }
  const included = t('billing.plans.included')
  const limits = [
    t('billing.plans.users', { n: limit(plan.users) }),
    t('billing.plans.connections', { n: limit(plan.connections) }),
    t('billing.plans.queues', { n: limit(plan.queues) }),
  ]
  return (
    <article
      data-testid={`plan-card-${plan.id}`}
      aria-current={current ? 'true' : undefined}
      className={cx(
        'flex flex-col gap-3 rounded-lg border p-4',
        current
          ? 'border-primary ring-2 ring-primary dark:border-white dark:ring-white'
          : 'border-slate-200 dark:border-slate-700',
      )}
    >
      <header className="flex items-start gap-2">
        <h2 className="mr-auto text-lg font-semibold">{plan.name}</h2>
        {current && <Badge tone="primary">{t('billing.plans.current')}</Badge>}
      </header>
      <p className="text-2xl font-semibold">
        {t('billing.plans.perMonth', { price: formatMoney(plan.value, i18n.language) })}
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {limits.map((text) => (
          <li key={text} className="flex items-center gap-2">
            <Tick on label={included} />
            {text}
          </li>
        ))}
        {PLAN_FEATURES.map((f) => (
          <li key={f} className={cx('flex items-center gap-2', !plan[f] && 'text-slate-400 line-through')}>
            <Tick on={plan[f]} label={plan[f] ? included : t('billing.plans.notIncluded')} />
            {t(`billing.plans.features.${f}`)}
          </li>
        ))}
      </ul>
    </article>
  )
}
