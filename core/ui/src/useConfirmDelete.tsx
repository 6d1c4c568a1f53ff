import { useCallback, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { toast } from './toasts.tsx'
import { useErrorToast } from './useErrorToast.ts'

type Keys = 'title' | 'yes' | 'no' | 'body' | 'deleted' | 'deleteError'

export interface ConfirmDeleteOptions<T> {
  /**
   * The module's i18n namespace: the dialog reads `<ns>.confirm.title` (with `titleValues`),
   * `<ns>.confirm.yes`, `<ns>.confirm.no`, `<ns>.confirm.body`; the toasts `<ns>.deleted` and, when
   * the server's code has no words of its own, `<ns>.deleteError`. `keys` renames any of them.
   */
  ns: string
  /** The record's path, asked with DELETE. */
  path: (row: T) => string
  /** The record is gone on the server: drop it from the list. */
  onDeleted: (row: T) => void
  /** The values of the title and the body; default `{ name: row.name }`. */
  titleValues?: (row: T) => Record<string, unknown>
  keys?: Partial<Record<Keys, string>>
}

/**
 * Delete with confirmation: `ask(row)` opens the dialog; confirming sends DELETE, drops the row and
 * says so, or says why not (the dialog waits while it is on its way and closes either way).
 */
export function useConfirmDelete<T>(o: ConfirmDeleteOptions<T>): { ask: (row: T) => void; dialog: ReactElement } {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const [deleting, setDeleting] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)
  const key = (k: Keys, fallback: string) => o.keys?.[k] ?? `${o.ns}.${fallback}`
  const ask = useCallback((row: T) => setDeleting(row), [])

  const confirm = async () => {
    if (deleting == null) return
    setBusy(true)
    try {
      await api.delete(o.path(deleting))
      o.onDeleted(deleting)
      toast.success(t(key('deleted', 'deleted')))
    } catch (err) {
      showError(err, key('deleteError', 'deleteError'))
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  const values =
    deleting == null
      ? { name: '' }
      : (o.titleValues?.(deleting) ?? { name: (deleting as { name?: unknown }).name ?? '' })
  const dialog = (
    <ConfirmDialog
      open={deleting != null}
      danger
      loading={busy}
      onClose={() => {
        if (!busy) setDeleting(null)
      }}
      onConfirm={() => void confirm()}
      title={t(key('title', 'confirm.title'), values)}
      confirmLabel={t(key('yes', 'confirm.yes'))}
      cancelLabel={t(key('no', 'confirm.no'))}
    >
      {t(key('body', 'confirm.body'), values)}
    </ConfirmDialog>
  )
  return { ask, dialog }
}
