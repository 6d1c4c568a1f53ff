import { useTranslation } from 'react-i18next'
import { useSession } from '@atende/client'
import { FlagGate } from '@atende/ui'
import { GrantsPanel } from './GrantsPanel.tsx'
import { ImportForm } from './ImportForm.tsx'
import { useAccess } from './useAccess.ts'
import './index.css'

/**
 * /import-parts ('Importar Peças (Excel)'): the import for a company holding
 * the parts grant, 'Acesso restrito.' for any other. The super user also sees which companies hold it.
 */
export default function ImportPartsPage() {
  const { t } = useTranslation()
  const { isSuper } = useSession()
  const access = useAccess()
  return (
    <section className="flex h-full min-h-[420px] flex-col gap-4 p-3 sm:p-6">
      <h1 className="text-xl font-semibold">{t('parts.title')}</h1>
      <FlagGate
        state={access.state}
        retry={access.retry}
        labels={{ loading: t('parts.loading'), error: t('parts.loadError'), retry: t('parts.retry') }}
        off={
          <p data-testid="parts-restricted" className="text-slate-600 dark:text-slate-300">
            {t('parts.restricted')}
          </p>
        }
      >
        <ImportForm />
      </FlagGate>
      {isSuper && <GrantsPanel onChanged={access.retry} />}
    </section>
  )
}
