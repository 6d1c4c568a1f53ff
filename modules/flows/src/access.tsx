import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useSession } from '@atende/client'
import { FlagGate, NoAccessNotice, toast, useRemoteFlag } from '@atende/ui'

/** The company setting behind the cshow routes (plugins/companies). */
export const CAMPAIGNS_SETTING = 'campaignsEnabled'
/** A toast closes after 3000 ms on the flow routes. */
export const FLOW_TOAST_MS = 3000

export const ok = (message: string) => toast.success(message, FLOW_TOAST_MS)
export const fail = (message: string) => toast.error(message, FLOW_TOAST_MS)

/**
 * Whether the company has campaigns on (GET /api/settings, `campaignsEnabled` = 'true'), read fresh
 * each time a cshow page opens; it keeps the browser's `cshow` flag in step, which the shell reads
 * for cshow paths no module serves.
 */
export function useCampaignsEnabled() {
  const { session } = useSession()
  return useRemoteFlag(async (api, signal) => {
    const rows = await api.get<Array<{ key: string; value: string }>>('/settings', { signal })
    const on = rows.some((r) => r.key === CAMPAIGNS_SETTING && r.value === 'true')
    session.setPreference('cshow', on ? '1' : null)
    return on
  }, 'flows settings')
}

/**
 * The cshow pages (/flowbuilders, /flowbuilder/:id, /phrase-lists) exist only while the company has
 * campaigns on; otherwise they say so and go home after 1 s, as the plan-gated pages do.
 */
export function CampaignsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { state, retry } = useCampaignsEnabled()
  return (
    <FlagGate
      state={state}
      retry={retry}
      labels={{ loading: t('flowsCommon.loading'), error: t('flowsCommon.accessError'), retry: t('flowsCommon.retry') }}
      off={
        <NoAccessNotice
          testId="flows-no-access"
          message={t('flowsCommon.noAccess')}
          toastMs={FLOW_TOAST_MS}
          goHome={() => navigate('/', { replace: true })}
        />
      }
      errorClassName="p-6"
    >
      {children}
    </FlagGate>
  )
}
