import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { usePlanDenied as useKitPlanDenied } from '@atende/ui'

export { isPlanDenied } from '@atende/ui'

/**
 * Whether the company's plan lost useOpenAi while the page is open; a
 * failed list is asked once more to tell that apart. Once denied, the notice shows and the page goes
 * home after 1 s.
 */
export function usePlanDenied(listFailed: boolean) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return useKitPlanDenied(listFailed ? '/prompt' : null, {
    message: t('prompts.planDenied'),
    goHome: () => navigate('/', { replace: true }),
  })
}
