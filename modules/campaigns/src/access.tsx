import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useSession } from '@atende/client'
import { FlagGate, NoAccessNotice, useRemoteFlag } from '@atende/ui'

/** The company setting behind the cshow routes (plugins/companies). */
export const CAMPAIGNS_SETTING = 'campaignsEnabled'
export { isPlanDenied } from '@atende/ui'

/**
 * Whether the company has campaigns on (GET /api/settings, campaignsEnabled = 'true'), read each
 * time a page opens; it keeps the browser's `cshow` flag in step, as modules/flows does.
 */
function useCampaignsEnabled() {
  const { session } = useSession()
  return useRemoteFlag(async (api, signal) => {
    const rows = await api.get<Array<{ key: string; value: string }>>('/settings', { signal })
    const on = rows.some((r) => r.key === CAMPAIGNS_SETTING && r.value === 'true')
    session.setPreference('cshow', on ? '1' : null)
    return on
  }, 'campaigns settings')
}

/** Says the page is not for this company and goes home after 1 s. */
export function NoAccess({ testId = 'campaigns-no-access' }: { testId?: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <NoAccessNotice
      testId={testId}
      message={t('campaignsCommon.noAccess')}
      goHome={() => navigate('/', { replace: true })}
    />
  )
}

/** The cshow pages exist only while the company has campaigns on. */
export function CampaignsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { state, retry } = useCampaignsEnabled()
  return (
    <FlagGate
      state={state}
      retry={retry}
      labels={{
        loading: t('campaignsCommon.loading'),
        error: t('campaignsCommon.accessError'),
        retry: t('campaignsCommon.retry'),
      }}
      off={<NoAccess />}
      errorClassName="p-6"
    >
      {children}
    </FlagGate>
  )
}
