import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi, useSession } from '@atende/client'
import { Button, ErrorCard, Loading, toast } from '@atende/ui'

/** The company setting behind the cshow routes (administration.md §2, §6; plugins/companies). */
export const CAMPAIGNS_SETTING = 'campaignsEnabled'
/** administration.md §8: the 'no permission' notice goes home after 1 s. */
export const REDIRECT_MS = 1000
/** administration.md §8: a toast closes after 3000 ms on the flow routes. */
export const FLOW_TOAST_MS = 3000

export const ok = (message: string) => toast.success(message, FLOW_TOAST_MS)
export const fail = (message: string) => toast.error(message, FLOW_TOAST_MS)

type State = 'loading' | 'on' | 'off' | 'error'

/**
 * Whether the company has campaigns on (GET /api/settings, `campaignsEnabled` = 'true'), read fresh
 * each time a cshow page opens; it keeps the browser's `cshow` flag (core.md §3) in step, which the
 * shell reads for cshow paths no module serves.
 */
export function useCampaignsEnabled() {
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
          console.warn('[flows] settings failed', err)
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

/**
 * The cshow pages (/flowbuilders, /flowbuilder/:id, /phrase-lists) exist only while the company has
 * campaigns on; otherwise they say so and go home after 1 s, as the plan-gated pages do (§8).
 */
export function CampaignsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { state, retry } = useCampaignsEnabled()
  useEffect(() => {
    if (state !== 'off') return
    toast.warning(t('flowsCommon.noAccess'), FLOW_TOAST_MS)
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [state, navigate, t])
  if (state === 'loading') return <Loading label={t('flowsCommon.loading')} />
  if (state === 'error')
    return (
      <div className="p-6">
        <ErrorCard
          title={t('flowsCommon.accessError')}
          action={
            <Button variant="secondary" onClick={retry}>
              {t('flowsCommon.retry')}
            </Button>
          }
        />
      </div>
    )
  if (state === 'off')
    return (
      <div className="p-6" data-testid="flows-no-access">
        <ErrorCard title={t('flowsCommon.noAccess')} />
      </div>
    )
  return <>{children}</>
}
