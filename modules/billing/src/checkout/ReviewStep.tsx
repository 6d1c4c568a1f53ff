import { useTranslation } from 'react-i18next'
import { formatMoney } from '@atende/ui'
import { planLimit } from '../billing.ts'
import type { AddressForm, Plan } from '../types.ts'
import type { PlanChoice } from './checkout.ts'

const dt = 'text-slate-500 dark:text-slate-400'

export interface ReviewStepProps {
  form: AddressForm
  choice: PlanChoice
  plan: Plan | null
  /** What the Pix charges: the chosen plan's value, or the invoice's when the plans could not be listed. */
  total: number
}

/** Step 2: what will be charged and to whom, before Pay. */
export function ReviewStep({ form, choice, plan, total }: ReviewStepProps) {
  const { t, i18n } = useTranslation()
  const limit = (n: number) => {
    const l = planLimit(n)
    return l === 'unlimited' ? t('billing.checkout.unlimited') : (l ?? '—')
  }
  const name = [form.firstName, form.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')
  const place = [form.address1, form.city, form.state, form.zipcode]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ')
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="checkout-review">
      <div>
        <dt className={dt}>{t('billing.checkout.review.billingTo')}</dt>
        <dd className="font-medium">{name}</dd>
        <dd>{place}</dd>
        <dd>{form.country ? t(`billing.checkout.countries.${form.country}`) : ''}</dd>
      </div>
      <div>
        <dt className={dt}>{t('billing.checkout.review.planDetails')}</dt>
        {plan && <dd className="font-medium">{plan.name}</dd>}
        <dd>
          {t('billing.checkout.users')}: {limit(choice.users)}
        </dd>
        <dd>
          {t('billing.checkout.connections')}: {limit(choice.connections)}
        </dd>
      </div>
      <div>
        <dt className={dt}>{t('billing.checkout.review.method')}</dt>
        <dd className="font-medium">{t('billing.checkout.review.pix')}</dd>
      </div>
      <div>
        <dt className={dt}>{t('billing.checkout.review.total')}</dt>
        <dd className="text-lg font-semibold" data-testid="checkout-total">
          {formatMoney(total, i18n.language)}
        </dd>
      </div>
    </dl>
  )
}
