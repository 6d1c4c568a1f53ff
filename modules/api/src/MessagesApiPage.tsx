import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { apiBase } from './endpoints.ts'
import { MessagesApiDocs } from './MessagesApiDocs.tsx'
import { MessageTestForm } from './MessageTestForm.tsx'
import { PlanDeniedCard, usePlanDenied } from './usePlanDenied.tsx'
import './index.css'

/**
 * /messages-api: how to send a message with a token, and a
 * form to try it. Only with the plan's useExternalApi: a plan that loses it sends the page home.
 */
export default function MessagesApiPage() {
  const { t } = useTranslation()
  const { denied, deny } = usePlanDenied(null)
  if (denied) return <PlanDeniedCard />
  return (
    <section className="flex flex-col gap-4 p-3 sm:p-6">
      <header>
        <h1 className="text-xl font-semibold">{t('messagesApi.title')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('messagesApi.subtitle')}{' '}
          <Link to="/api-tokens" className="text-primary underline dark:text-white">
            {t('messagesApi.tokensLink')}
          </Link>
        </p>
      </header>
      <MessageTestForm onPlanDenied={deny} />
      <MessagesApiDocs base={apiBase(window.location.origin)} />
    </section>
  )
}
