import { useTranslation } from 'react-i18next'
import { EmptyState } from '@atende/ui'

/** Placeholder until the tickets module exists. */
export default function Tickets() {
  const { t } = useTranslation()
  return (
    <section className="p-6">
      <h1 className="mb-4 text-xl font-semibold">{t('tickets.title')}</h1>
      <EmptyState title={t('tickets.placeholder')} />
    </section>
  )
}
