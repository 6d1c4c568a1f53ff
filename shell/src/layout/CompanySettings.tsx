import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { client } from '../client.ts'
import type { CompanySettings } from './menuAccess.ts'

/** The company's settings (GET /api/settings) as the layout needs them: drawer state and menu rules. */
export type { CompanySettings }

const Ctx = createContext<CompanySettings>({ status: 'loading', values: {} })
export const useCompanySettings = () => useContext(Ctx)

/** Loads the settings once per signed-in company; a failure is a state, not an error toast. */
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
  return <Ctx.Provider value={state}>{children}</Ctx.Provider>
}
