import { useTranslation } from 'react-i18next'
import { Button, Dialog } from '@atende/ui'
import { CopyButton } from './CopyButton.tsx'
import type { GeneratedToken } from './types.ts'

/**
 * The full token, this once ("a new token is displayed once after
 * generation"): closing the dialog forgets it; the list keeps only its preview.
 */
export function NewTokenDialog({ token, onClose }: { token: GeneratedToken | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={token != null}
      onClose={onClose}
      size="lg"
      title={t('apiTokens.created.title')}
      footer={
        <>
          {token && <CopyButton text={token.token} copied={t('apiTokens.toasts.copied')} />}
          <Button onClick={onClose}>{t('apiTokens.created.done')}</Button>
        </>
      }
    >
      <p
        role="note"
        className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        {t('apiTokens.created.warning')}
      </p>
      <p className="mb-1 text-sm text-slate-600 dark:text-slate-300">{token?.name}</p>
      <code
        data-testid="api-new-token"
        className="block rounded-md bg-slate-100 p-3 font-mono text-sm break-all select-all dark:bg-slate-900"
      >
        {token?.token}
      </code>
    </Dialog>
  )
}
