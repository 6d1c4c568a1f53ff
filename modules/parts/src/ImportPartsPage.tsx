import { useTranslation } from 'react-i18next'
import { useSession } from '@atende/client'
import { Button, ErrorCard, Loading } from '@atende/ui'
import { GrantsPanel } from './GrantsPanel.tsx'
import { ImportForm } from './ImportForm.tsx'
import { useAccess } from './useAccess.ts'
import './index.css'

/**
 * /import-parts ('Importar Peças (Excel)', administration.md §2): the import for a company holding
 * the parts grant, 'Acesso restrito.' for any other. The super user also sees which companies hold it.
 */
export default function ImportPartsPage() {
  const { t } = useTranslation()
  const { isSuper } = useSession()
  const access = useAccess()
  return (
    <section className="flex h-full min-h-[420px] flex-col gap-4 p-3 sm:p-6">
      <h1 className="text-xl font-semibold">{t('parts.title')}</h1>
      {access.state === 'loading' ? (
        <Loading label={t('parts.loading')} />
      ) : access.state === 'error' ? (
        <ErrorCard
          title={t('parts.loadError')}
          action={
            <Button variant="secondary" onClick={access.retry}>
              {t('parts.retry')}
            </Button>
          }
        />
      ) : access.state === 'denied' ? (
        <p data-testid="parts-restricted" className="text-slate-600 dark:text-slate-300">
          {t('parts.restricted')}
        </p>
      ) : (
        <ImportForm />
      )}
      {isSuper && <GrantsPanel onChanged={access.retry} />}
    </section>
  )
}
