import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { DeniedCard, usePlanDenied as useKitPlanDenied } from '@atende/ui'

export { isPlanDenied } from '@atende/ui'

/**
 * Whether the company's plan lost useExternalApi while the page is open;
 * `probe` names a read that failed, asked once more to tell a denial apart. Once denied, the notice
 * shows and the page goes home after 1 s.
 */
export function usePlanDenied(probe: string | null) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return useKitPlanDenied(probe, { message: t('api.planDenied'), goHome: () => navigate('/', { replace: true }) })
}

/** What the page shows instead of itself once the plan refused it (before it goes home). */
export function PlanDeniedCard() {
  const { t } = useTranslation()
  return <DeniedCard title={t('api.planDenied')} testId="api-plan-denied" />
}
