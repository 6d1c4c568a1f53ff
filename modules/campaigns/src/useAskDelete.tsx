import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { ConfirmDialog, toast } from '@atende/ui'
import { isPlanDenied } from './access.tsx'

/** The words of a failed request: the translation of the server's code, else its own message. */
export function useErrorText() {
  const { t, i18n } = useTranslation()
  return useCallback((err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }), [t, i18n])
}

/**
 * Delete with confirmation on the campaign screens (`<ns>.confirm.*`, `<ns>.toasts.deleted`): like
 * the kit's useConfirmDelete, but a refusal because the plan has no campaigns calls `onPlanDenied`
 * (the page turns into the no-access notice) and any other failure says the server's words.
 */
export function useAskDelete<T extends { id: number; name: string }>(o: {
  ns: string
  path: string
  onDeleted: (id: number) => void
  onPlanDenied?: () => void
}) {
  const { t } = useTranslation()
  const api = useApi()
  const message = useErrorText()
  const [deleting, setDeleting] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`${o.path}/${deleting.id}`)
      o.onDeleted(deleting.id)
      toast.success(t(`${o.ns}.toasts.deleted`))
    } catch (err) {
      if (o.onPlanDenied && isPlanDenied(err)) o.onPlanDenied()
      else toast.error(message(err))
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
      title={t(`${o.ns}.confirm.title`, { name: deleting?.name ?? '' })}
      confirmLabel={t(`${o.ns}.confirm.yes`)}
      cancelLabel={t(`${o.ns}.confirm.no`)}
    >
      {t(`${o.ns}.confirm.body`)}
    </ConfirmDialog>
  )
  return { ask: setDeleting as (row: T) => void, dialog }
}
