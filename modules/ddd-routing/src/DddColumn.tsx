import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useRealtime, useSession } from '@atende/client'
import { Badge } from '@atende/ui'
import { loadDdds, useDdds } from './store.ts'
import './index.css'

/** The users screen's slot props (modules/users/src/slots.tsx); declared here, as modules import no other module. */
interface SlotUser {
  id: number
  name: string
}
type SetUserColumn = (
  key: string,
  column: { header: string; Cell: (p: { user: SlotUser }) => ReactNode; className?: string } | null,
) => void

/** One user's DDDs in the table ('—' when none). */
function DddCell({ user }: { user: SlotUser }) {
  const ddds = useDdds().byUser[user.id] ?? []
  if (!ddds.length) return <span className="text-slate-400 dark:text-slate-500">—</span>
  return (
    <span className="flex flex-wrap gap-1" data-testid={`user-ddds-${user.id}`}>
      {ddds.map((d) => (
        <Badge key={d}>{d}</Badge>
      ))}
    </span>
  )
}

/**
 * `users.columns`: loads the setting and the DDD map when the users screen opens (and again when the
 * setting changes), and adds the "DDDs" column only while the company has dddRoutingEnabled 'enabled'
 *.
 */
export function DddColumn({ setColumn }: { setColumn?: SetUserColumn }) {
  const { t } = useTranslation()
  const api = useApi()
  const { companyId } = useSession()
  const { enabled } = useDdds()
  useEffect(() => {
    void loadDdds(api)
  }, [api, companyId])
  // Switched in the settings screen meanwhile: the column and buttons follow at once.
  useRealtime<{ setting?: { key: string } }>(companyId ? `company-${companyId}-settings` : null, (frame) => {
    if (frame.setting?.key === 'dddRoutingEnabled') void loadDdds(api)
  })
  useEffect(() => {
    if (!setColumn) return
    setColumn('ddd', enabled ? { header: t('dddRouting.column'), Cell: DddCell, className: 'px-3 max-w-40' } : null)
    return () => setColumn('ddd', null)
  }, [setColumn, enabled, t])
  return null
}
