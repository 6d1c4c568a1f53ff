import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '@atende/client'
import { EmptyState, TabPanel, Tabs } from '@atende/ui'
import { PaymentSettingsForm } from './PaymentSettingsForm.tsx'
import { PlatformInvoices } from './PlatformInvoices.tsx'

type Tab = 'invoices' | 'settings'
const ID = 'platform-billing'

/**
 * /billing, the super user's (issue 20): every company's invoices, where a static Pix is confirmed
 * by hand (who and when are recorded), and the platform's payment settings: the provider (static Pix
 * for the platform's own key, or Asaas), its key or API key, and the webhook address Asaas must call.
 */
export default function PlatformBillingPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [tab, setTab] = useState<Tab>('invoices')
  if (!user?.super) return <EmptyState title={t('billing.platform.superOnly')} />
  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <h1 className="text-xl font-semibold">{t('billing.platform.title')}</h1>
      <Tabs
        idPrefix={ID}
        label={t('billing.platform.title')}
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'invoices', label: t('billing.platform.tabs.invoices') },
          { key: 'settings', label: t('billing.platform.tabs.settings') },
        ]}
      />
      <TabPanel idPrefix={ID} active={tab} className="flex min-h-0 flex-1 flex-col gap-3">
        {tab === 'invoices' ? <PlatformInvoices /> : <PaymentSettingsForm />}
      </TabPanel>
    </section>
  )
}
