import { useTranslation } from 'react-i18next'
import { Example } from './UsageExamples.tsx'
import { curlExamples } from './endpoints.ts'

const FIELDS = ['number', 'body', 'medias'] as const
const HEADERS = ['authorization', 'contentType', 'idempotency'] as const

/**
 * How to send a message with the API:
 * the call, its headers, its fields, its answers and two ready examples.
 */
export function MessagesApiDocs({ base }: { base: string }) {
  const { t } = useTranslation()
  const examples = curlExamples(base, null, t('apiTokens.examples.token')).filter(
    (e) => e.key === 'sendText' || e.key === 'sendMedia',
  )
  const dt = 'font-mono text-xs font-semibold'
  const dd = 'mb-2 text-sm text-slate-600 dark:text-slate-300'
  return (
    <section aria-labelledby="messages-api-docs-title" className="flex flex-col gap-4">
      <h2 id="messages-api-docs-title" className="text-base font-semibold">
        {t('messagesApi.docs.title')}
      </h2>
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-green-100 px-1.5 py-0.5 font-mono text-xs text-green-800 dark:bg-green-900 dark:text-green-100">
          POST
        </span>
        <code className="font-mono text-sm break-all">{base}/messages/send</code>
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('messagesApi.docs.intro')}</p>

      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold">{t('messagesApi.docs.headers')}</h3>
          <dl>
            {HEADERS.map((h) => (
              <div key={h}>
                <dt className={dt}>{t(`messagesApi.docs.header.${h}.name`)}</dt>
                <dd className={dd}>{t(`messagesApi.docs.header.${h}.text`)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">{t('messagesApi.docs.fields')}</h3>
          <dl>
            {FIELDS.map((f) => (
              <div key={f}>
                <dt className={dt}>{f}</dt>
                <dd className={dd}>{t(`messagesApi.docs.field.${f}`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <div>
        <h3 className="mb-2 text-sm font-semibold">{t('messagesApi.docs.answers')}</h3>
        <ul className="list-disc pl-5 text-sm text-slate-600 dark:text-slate-300">
          <li>{t('messagesApi.docs.ok')}</li>
          <li>{t('messagesApi.docs.error')}</li>
          <li>{t('messagesApi.docs.retry')}</li>
        </ul>
      </div>

      {examples.map((ex) => (
        <Example key={ex.key} title={t(`apiTokens.examples.${ex.key}`)} command={ex.command} />
      ))}
    </section>
  )
}
