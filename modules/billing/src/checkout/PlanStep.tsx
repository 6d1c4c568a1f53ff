import { useTranslation } from 'react-i18next'
import { Select, formatMoney } from '@atende/ui'
import { planLimit } from '../billing.ts'
import type { Plan } from '../types.ts'
import type { PlanChoice } from './checkout.ts'

export interface PlanStepProps {
  /** null while they load; [] when they could not be loaded (the default plan stays). */
  plans: Plan[] | null
  failed: boolean
  choice: PlanChoice
  onChoose: (plan: Plan) => void
}

/** Step 1: the plan, its price, users and connections. No card data: Pix only. */
export function PlanStep({ plans, failed, choice, onChoose }: PlanStepProps) {
  const { t, i18n } = useTranslation()
  const limit = (n: number) => {
    const l = planLimit(n)
    return l === 'unlimited' ? t('billing.checkout.unlimited') : (l ?? '—')
  }
  const options = (plans ?? []).map((p) => ({
    value: p.id,
    label: t('billing.checkout.planOption', { name: p.name, price: formatMoney(p.value, i18n.language) }),
  }))
  const known = options.some((o) => o.value === choice.planId)
  return (
    <div className="flex flex-col gap-4">
      {failed && (
        <p role="alert" className="text-sm text-amber-700 dark:text-amber-300">
          {t('billing.checkout.plansError')}
        </p>
      )}
      {plans && plans.length > 0 && (
        <Select
          label={t('billing.checkout.plan')}
          value={known ? choice.planId : ''}
          placeholder={known ? undefined : ''}
          options={options}
          onChange={(v) => {
            const plan = plans.find((p) => p.id === Number(v))
            if (plan) onChoose(plan)
          }}
        />
      )}
      <dl className="grid grid-cols-3 gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.price')}</dt>
          <dd className="font-medium" data-testid="checkout-price">
            {formatMoney(choice.price, i18n.language)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.users')}</dt>
          <dd className="font-medium">{limit(choice.users)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.connections')}</dt>
          <dd className="font-medium">{limit(choice.connections)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('billing.checkout.pixOnly')}</p>
    </div>
  )
}
