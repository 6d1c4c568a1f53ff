import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useRealtime } from '@atende/client'
import { client } from '../client.ts'
import type { CompanySettings } from './menuAccess.ts'

/** The company's settings (GET /api/settings) as the layout needs them: drawer state and menu rules. */
export type { CompanySettings }

const Ctx = createContext<CompanySettings>({ status: 'loading', values: {} })
export const useCompanySettings = () => useContext(Ctx)

/**
 * Loads the settings once per signed-in company and follows each change the server announces
 * (`company-{id}-settings`), so a menu item hanging on a setting appears or goes at once; a failure
 * is a state, not an error toast.
 */
export function CompanySettingsProvider({ companyId, children }: { companyId: number; children: ReactNode }) {
  const [state, setState] = useState<CompanySettings>({ status: 'loading', values: {} })
  useEffect(() => {
    let cancelled = false
    setState({ status: 'loading', values: {} })
    client.api
      .get<Array<{ key: string; value: string }>>('/settings')
      .then((rows) => {
        if (!cancelled) setState({ status: 'ready', values: Object.fromEntries(rows.map((r) => [r.key, r.value])) })
      })
      .catch((err) => {
        console.warn('[settings] load failed', err)
        if (!cancelled) setState({ status: 'error', values: {} })
      })
    return () => {
      cancelled = true
    }
  }, [companyId])
  useRealtime<{ action: string; setting?: { key: string; value: string } }>(
    `company-${companyId}-settings`,
    ({ setting }) => {
      if (!setting) return
      setState((s) => (s.status === 'ready' ? { ...s, values: { ...s.values, [setting.key]: setting.value } } : s))
      // The cshow pages follow the super user's switch.
      if (setting.key === 'campaignsEnabled')
        client.session.setPreference('cshow', setting.value === 'true' ? '1' : null)
    },
  )
  return <Ctx.Provider value={state}>{children}</Ctx.Provider>
}
