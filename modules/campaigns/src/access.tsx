import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ClientErrorCodes, isApiError, useApi, useSession } from '@atende/client'
import { Button, ErrorCard, Loading, toast } from '@atende/ui'

/** The company setting behind the cshow routes (administration.md §2, §6; plugins/companies). */
export const CAMPAIGNS_SETTING = 'campaignsEnabled'
/** administration.md §8: the 'no permission' notice goes home after 1 s. */
export const REDIRECT_MS = 1000

export const isPlanDenied = (err: unknown) => isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED

type State = 'loading' | 'on' | 'off' | 'error'

/**
 * Whether the company has campaigns on (GET /api/settings, campaignsEnabled = 'true'), read each
 * time a page opens; it keeps the browser's `cshow` flag (core.md §3) in step, as modules/flows does.
 */
function useCampaignsEnabled() {
  const api = useApi()
  const { session, companyId } = useSession()
  const [state, setState] = useState<State>('loading')
  const load = useCallback(
    (signal?: AbortSignal) => {
      setState('loading')
      api
        .get<Array<{ key: string; value: string }>>('/settings', { signal })
        .then((rows) => {
          const on = rows.some((r) => r.key === CAMPAIGNS_SETTING && r.value === 'true')
          session.setPreference('cshow', on ? '1' : null)
          setState(on ? 'on' : 'off')
        })
        .catch((err) => {
          if (signal?.aborted) return
          console.warn('[campaigns] settings failed', err)
          setState('error')
        })
    },
    [api, session],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    load(ctrl.signal)
    return () => ctrl.abort()
  }, [load, companyId])
  return { state, retry: () => load() }
}

/** Says the page is not for this company and goes home after 1 s (§8). */
export function NoAccess({ testId = 'campaigns-no-access' }: { testId?: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useEffect(() => {
    toast.warning(t('campaignsCommon.noAccess'))
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [navigate, t])
  return (
    <div className="p-6" data-testid={testId}>
      <ErrorCard title={t('campaignsCommon.noAccess')} />
    </div>
  )
}

/** The cshow pages exist only while the company has campaigns on (administration.md §2, §6). */
export function CampaignsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { state, retry } = useCampaignsEnabled()
  if (state === 'loading') return <Loading label={t('campaignsCommon.loading')} />
  if (state === 'error')
    return (
      <div className="p-6">
        <ErrorCard
          title={t('campaignsCommon.accessError')}
          action={
            <Button variant="secondary" onClick={retry}>
              {t('campaignsCommon.retry')}
            </Button>
          }
        />
      </div>
    )
  if (state === 'off') return <NoAccess />
  return <>{children}</>
}
