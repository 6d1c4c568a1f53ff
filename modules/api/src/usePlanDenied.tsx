import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ClientErrorCodes, isApiError, useApi } from '@atende/client'
import { ErrorCard, toast } from '@atende/ui'

/** administration.md §6, §8: without the plan's useExternalApi, the notice goes home after 1 s. */
export const REDIRECT_MS = 1000

export const isPlanDenied = (err: unknown) => isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED

/**
 * Whether the company's plan lost useExternalApi while the page is open (the shell refuses the
 * pages outright when it lacked it already). When `probe` names a read that failed, it is asked
 * once more to tell a denial apart from another failure; once denied, the notice shows and the
 * page goes home.
 */
export function usePlanDenied(probe: string | null) {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const [denied, setDenied] = useState(false)
  const deny = useCallback(() => setDenied(true), [])

  useEffect(() => {
    if (!probe) return
    const ctrl = new AbortController()
    api.get(probe, { signal: ctrl.signal }).catch((err) => {
      if (isPlanDenied(err)) setDenied(true)
    })
    return () => ctrl.abort()
  }, [probe, api])

  useEffect(() => {
    if (!denied) return
    toast.warning(t('api.planDenied'))
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [denied, navigate, t])

  return { denied, deny }
}

/** What the page shows instead of itself once the plan refused it (before it goes home). */
export function PlanDeniedCard() {
  const { t } = useTranslation()
  return (
    <div className="p-6" data-testid="api-plan-denied">
      <ErrorCard title={t('api.planDenied')} />
    </div>
  )
}
