import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ClientErrorCodes, isApiError, useApi } from '@atende/client'
import { toast } from '@atende/ui'

/** administration.md §2, §8: without the OpenAI plan flag, the notice goes home after 1 s. */
export const REDIRECT_MS = 1000

export const isPlanDenied = (err: unknown) => isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED

/**
 * Whether the company's plan lost useOpenAi while the page is open (the shell refuses the page
 * outright when it lacked it already). A failed list is asked once more to tell that apart; once
 * denied, the notice shows and the page goes home.
 */
export function usePlanDenied(listFailed: boolean) {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const [denied, setDenied] = useState(false)
  const deny = useCallback(() => setDenied(true), [])

  useEffect(() => {
    if (!listFailed) return
    const ctrl = new AbortController()
    api.get('/prompt', { signal: ctrl.signal }).catch((err) => {
      if (isPlanDenied(err)) setDenied(true)
    })
    return () => ctrl.abort()
  }, [listFailed, api])

  useEffect(() => {
    if (!denied) return
    toast.warning(t('prompts.planDenied'))
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [denied, navigate, t])

  return { denied, deny }
}
