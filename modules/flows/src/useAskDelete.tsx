import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { ConfirmDialog } from '@atende/ui'
import { fail, ok } from './access.tsx'

/** The words of a failed request: the translation of the server's code, else its own message. */
export function useErrorText() {
  const { t, i18n } = useTranslation()
  return useCallback((err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }), [t, i18n])
}

/**
 * Delete with confirmation on the flow screens (`<ns>.confirm.*`, `<ns>.deleted`): like the kit's
 * useConfirmDelete, but with the flow routes' toasts, a failure saying `<ns>.deleteError` and then
 * the server's words.
 */
export function useAskDelete<T extends { id: number; name: string }>(
  ns: string,
  path: string,
  onDeleted: (id: number) => void,
) {
  const { t } = useTranslation()
  const api = useApi()
  const message = useErrorText()
  const [deleting, setDeleting] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`${path}/${deleting.id}`)
      onDeleted(deleting.id)
      ok(t(`${ns}.deleted`))
    } catch (err) {
      fail(`${t(`${ns}.deleteError`)} ${message(err)}`)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  const dialog = (
    <ConfirmDialog
      open={!!deleting}
      danger
      loading={busy}
      onClose={() => {
        if (!busy) setDeleting(null)
      }}
      onConfirm={() => void confirm()}
      title={t(`${ns}.confirm.title`, { name: deleting?.name ?? '' })}
      confirmLabel={t(`${ns}.confirm.yes`)}
      cancelLabel={t('flowsCommon.cancel')}
    >
      {t(`${ns}.confirm.body`)}
    </ConfirmDialog>
  )
  return { ask: setDeleting as (row: T) => void, dialog }
}
