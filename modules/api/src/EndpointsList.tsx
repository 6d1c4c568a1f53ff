import { useTranslation } from 'react-i18next'
import { useSession } from '@atende/client'
import { cx } from '@atende/ui'
import { ENDPOINTS, endpointPath, type HttpMethod } from './endpoints.ts'

const METHOD_CLASS: Record<HttpMethod, string> = {
  GET: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  POST: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  PUT: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100',
  DELETE: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
}

/** The calls a token opens: the send-message API and the contacts API v1. */
export function EndpointsList({ base }: { base: string }) {
  const { t } = useTranslation()
  const { companyId } = useSession()
  return (
    <section aria-labelledby="api-endpoints-title" className="flex flex-col gap-2">
      <h2 id="api-endpoints-title" className="text-base font-semibold">
        {t('apiTokens.endpoints.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('apiTokens.endpoints.auth')}</p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {ENDPOINTS.map((e) => (
          <li key={e.key} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-3">
            <span
              className={cx(
                'w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs',
                METHOD_CLASS[e.method],
              )}
            >
              {e.method}
            </span>
            <code className="min-w-0 font-mono text-xs break-all">
              {base}
              {endpointPath(e.path, companyId)}
            </code>
            <span className="text-sm text-slate-600 sm:ml-auto sm:text-right dark:text-slate-300">
              {t(`apiTokens.endpoints.${e.key}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
