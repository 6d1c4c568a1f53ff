import { useTranslation } from 'react-i18next'
import { Badge, TrashIcon, type BadgeTone } from '@atende/ui'
import { formatDateTime, localeOf, neverExpires, tokenStatus } from './tokens.ts'
import type { ApiToken, TokenStatus } from './types.ts'

const TONES: Record<TokenStatus, BadgeTone> = { active: 'success', expired: 'warning', inactive: 'neutral' }

export interface TokensTableProps {
  tokens: ApiToken[]
  onRevoke: (token: ApiToken) => void
}

/**
 * The company's tokens: name, preview (first 20 and last 10
 * characters), status, created, last used, usages, expiry, and revoke while it is active.
 * A short list: a plain table, scrolling sideways on a phone.
 */
export function TokensTable({ tokens, onRevoke }: TokensTableProps) {
  const { t, i18n } = useTranslation()
  const locale = localeOf(i18n.language)
  const th = 'px-3 py-2 text-left font-medium whitespace-nowrap'
  const td = 'px-3 py-2 whitespace-nowrap'
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-sm" aria-label={t('apiTokens.table.label')}>
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th className={th}>{t('apiTokens.table.name')}</th>
            <th className={th}>{t('apiTokens.table.token')}</th>
            <th className={th}>{t('apiTokens.table.status')}</th>
            <th className={th}>{t('apiTokens.table.createdAt')}</th>
            <th className={th}>{t('apiTokens.table.lastUsed')}</th>
            <th className={`${th} text-right`}>{t('apiTokens.table.usageCount')}</th>
            <th className={th}>{t('apiTokens.table.expiresAt')}</th>
            <th className={`${th} text-right`}>{t('apiTokens.table.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {tokens.map((token) => {
            // The server's word, and an expiry that passes while the page is open.
            const status = token.status === 'active' ? tokenStatus(token) : token.status
            return (
              <tr key={token.id} data-testid={`api-token-row-${token.id}`} data-status={status}>
                <td className={`${td} max-w-48 truncate font-medium`} title={token.name}>
                  {token.name}
                </td>
                <td className={`${td} font-mono text-xs`}>{token.token}</td>
                <td className={td}>
                  <Badge tone={TONES[status]}>{t(`apiTokens.status.${status}`)}</Badge>
                </td>
                <td className={td}>{formatDateTime(token.createdAt, locale)}</td>
                <td className={td}>
                  {token.lastUsed ? formatDateTime(token.lastUsed, locale) : t('apiTokens.neverUsed')}
                </td>
                <td className={`${td} text-right`}>{token.usageCount.toLocaleString(locale)}</td>
                <td className={td}>
                  {neverExpires(token.expiresAt)
                    ? t('apiTokens.expiry.never')
                    : formatDateTime(token.expiresAt, locale)}
                </td>
                <td className="px-1 py-1 text-right">
                  {token.isActive && (
                    <button
                      type="button"
                      onClick={() => onRevoke(token)}
                      aria-label={t('apiTokens.revoke', { name: token.name })}
                      title={t('apiTokens.revoke', { name: token.name })}
                      className="rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950"
                    >
                      <TrashIcon className="h-4 w-4" />
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
