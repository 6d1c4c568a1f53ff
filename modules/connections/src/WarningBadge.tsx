import { useTranslation } from 'react-i18next'
import { useConnections } from './useConnections.ts'
import { WARNING_STATUSES } from './types.ts'

/** The drawer's warning dot: some connection needs attention (QR code, disconnected, …). */
export default function WarningBadge() {
  const { t } = useTranslation()
  const { items } = useConnections()
  if (!items?.some((c) => WARNING_STATUSES.has(c.status))) return null
  return (
    <span
      data-testid="connections-warning"
      role="img"
      aria-label={t('connections.warning')}
      title={t('connections.warning')}
      className="inline-block h-2.5 w-2.5 shrink-0 rounded-full bg-amber-500 ring-2 ring-white dark:ring-slate-800"
    />
  )
}
