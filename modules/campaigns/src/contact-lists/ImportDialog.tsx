import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { Button, Dialog, toast } from '@atende/ui'
import { downloadExample } from './example.ts'
import type { ImportResult } from './types.ts'

export interface ImportDialogProps {
  contactListId: number
  open: boolean
  onClose: () => void
  /** After an import: the items changed (the list reloads). */
  onImported: () => void
}

/**
 * Import a spreadsheet into a list (.xls/.xlsx): the confirmation with
 * the example's download link, the file, then a summary of created, updated and row errors.
 */
export function ImportDialog({ contactListId, open, onClose, onImported }: ImportDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ImportResult | null>(null)
  const message = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  useEffect(() => {
    if (!open) return
    setFile(null)
    setError(undefined)
    setResult(null)
  }, [open])

  const send = async () => {
    if (!file) return setError(t('contactListItems.import.chooseFile'))
    setBusy(true)
    try {
      const form = new FormData()
      form.append('file', file)
      const answer = await api.post<ImportResult>(`/contact-lists/${contactListId}/upload`, {
        body: form,
        timeoutMs: 180_000,
      })
      setResult(answer)
      onImported()
      toast.success(t('contactListItems.import.success'))
    } catch (err) {
      setError(`${t('contactListItems.import.failed')} ${message(err)}`)
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    if (!busy) onClose()
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={t('contactListItems.import.title')}
      footer={
        result ? (
          <Button onClick={onClose}>{t('contactListItems.import.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('contactListItems.form.cancel')}
            </Button>
            <Button onClick={() => void send()} loading={busy} disabled={!file}>
              {t('contactListItems.import.confirm')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="flex flex-col gap-3" data-testid="import-summary">
          <p>
            <span data-testid="import-created">{t('contactListItems.import.created', { count: result.created })}</span>
            {' · '}
            <span data-testid="import-updated">{t('contactListItems.import.updated', { count: result.updated })}</span>
            {' · '}
            <span data-testid="import-errors">
              {t('contactListItems.import.errors', { count: result.errors.length })}
            </span>
          </p>
          {result.errors.length > 0 && (
            <div className="max-h-64 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
              <table className="w-full text-sm">
                <thead className="sticky top-0 bg-slate-50 text-left dark:bg-slate-800">
                  <tr>
                    <th className="px-2 py-1">{t('contactListItems.import.row')}</th>
                    <th className="px-2 py-1">{t('contactListItems.import.field')}</th>
                    <th className="px-2 py-1">{t('contactListItems.import.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.errors.slice(0, 500).map((e, i) => (
                    <tr key={`${e.row}-${e.field}-${i}`} className="border-t border-slate-100 dark:border-slate-700">
                      <td className="px-2 py-1 font-mono">{e.row}</td>
                      <td className="px-2 py-1">
                        {t(`contactListItems.columns.${e.field}`, { defaultValue: e.field })}
                      </td>
                      <td className="px-2 py-1">{e.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p>{t('contactListItems.import.body')}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('contactListItems.import.columnsHint')}{' '}
            <button
              type="button"
              className="text-primary underline"
              onClick={() => downloadExample(api).catch((err) => toast.error(message(err)))}
            >
              {t('contactListItems.import.example')}
            </button>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={input}
              type="file"
              accept=".xls,.xlsx"
              className="hidden"
              data-testid="import-file"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null
                e.target.value = ''
                if (f && !/\.xlsx?$/i.test(f.name)) {
                  setFile(null)
                  setError(t('contactListItems.import.wrongType'))
                  return
                }
                setFile(f)
                setError(undefined)
              }}
            />
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
              {t('contactListItems.import.choose')}
            </Button>
            <span className="truncate text-sm" data-testid="import-file-name">
              {file?.name ?? t('contactListItems.import.noFile')}
            </span>
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  )
}
