import { useCallback, useState, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { toast } from './toasts.tsx'
import { useErrorToast } from './useErrorToast.ts'

export interface ConfirmActionOptions<T> {
  /** The confirmed work. When it throws, the dialog stays open and `onError` says why. */
  run: (row: T) => Promise<unknown>
  onError?: (err: unknown) => void
  title: (row: T) => ReactNode
  body?: (row: T) => ReactNode
  confirmLabel: ReactNode
  cancelLabel: ReactNode
  /** A destructive action (red button); default true. */
  danger?: boolean
}

/**
 * An action asked first: `ask(row)` opens the dialog; confirming runs it (the dialog waits while it
 * is on its way and closes when it is done).
 */
export function useConfirmAction<T>(o: ConfirmActionOptions<T>): {
  ask: (row: T) => void
  dialog: ReactElement
  busy: boolean
} {
  const showError = useErrorToast()
  const [target, setTarget] = useState<{ row: T } | null>(null)
  const [busy, setBusy] = useState(false)
  const ask = useCallback((row: T) => setTarget({ row }), [])

  const confirm = async () => {
    if (!target) return
    setBusy(true)
    try {
      await o.run(target.row)
      setTarget(null)
    } catch (err) {
      ;(o.onError ?? showError)(err)
    } finally {
      setBusy(false)
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target != null}
      danger={o.danger ?? true}
      loading={busy}
      onClose={() => {
        if (!busy) setTarget(null)
      }}
      onConfirm={() => void confirm()}
      title={target ? o.title(target.row) : ''}
      confirmLabel={o.confirmLabel}
      cancelLabel={o.cancelLabel}
    >
      {target && o.body?.(target.row)}
    </ConfirmDialog>
  )
  return { ask, dialog, busy }
}

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
  /** Other keys for any of the words; `body: null` shows no body. */
  keys?: Partial<Record<Exclude<Keys, 'body'>, string>> & { body?: string | null }
  /** A refusal the page handles itself (the plan lost the feature: go home); `true` when it did. */
  onError?: (err: unknown) => boolean
}

/**
 * Delete with confirmation: `ask(row)` opens the dialog; confirming sends DELETE, drops the row and
 * says so, or says why not (the dialog closes either way: the list shows what is true).
 */
export function useConfirmDelete<T>(o: ConfirmDeleteOptions<T>): { ask: (row: T) => void; dialog: ReactElement } {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const key = (k: Keys, fallback: string) => o.keys?.[k] ?? `${o.ns}.${fallback}`
  const values = (row: T) => o.titleValues?.(row) ?? { name: (row as { name?: unknown }).name ?? '' }
  return useConfirmAction<T>({
    run: async (row) => {
      try {
        await api.delete(o.path(row))
        o.onDeleted(row)
        toast.success(t(key('deleted', 'deleted')))
      } catch (err) {
        if (!o.onError?.(err)) showError(err, key('deleteError', 'deleteError'))
      }
    },
    title: (row) => t(key('title', 'confirm.title'), values(row)),
    body: o.keys?.body === null ? undefined : (row) => t(key('body', 'confirm.body'), values(row)),
    confirmLabel: t(key('yes', 'confirm.yes')),
    cancelLabel: t(key('no', 'confirm.no')),
  })
}
