import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { Button, Dialog, Loading, toast } from '@atende/ui'
import type { SheetRow, UploadResult } from '../types.ts'
import { ImportReport } from './ImportReport.tsx'
import { readSpreadsheet, SheetError } from './readSpreadsheet.ts'
import { MAX_ROWS, uploadRows } from './uploadRows.ts'

/** The picker takes Excel files and CSV (so an export can be imported back). */
const ACCEPT =
  '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv'

type Step =
  | { kind: 'choose' }
  | { kind: 'reading' }
  | { kind: 'uploading'; done: number; total: number }
  | { kind: 'done'; result: UploadResult; total: number }

export interface ImportDialogProps {
  open: boolean
  onClose: () => void
}

/**
 * Import contacts from a spreadsheet: the file is read in a Web Worker (time limit, frozen
 * prototypes), its rows go to POST /api/contacts/upload in chunks with a progress bar, and the
 * rejected rows are listed with their reasons. Also imports the phone's address book when the
 * connection's provider can (POST /api/contacts/import).
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [phoneBusy, setPhoneBusy] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const busy = step.kind === 'reading' || step.kind === 'uploading'

  useEffect(() => {
    if (!open) return
    setStep({ kind: 'choose' })
    setFile(null)
    setProblem(null)
    return () => abort.current?.abort()
  }, [open])

  const fail = (message: string) => {
    setProblem(message)
    setStep({ kind: 'choose' })
  }

  const start = async () => {
    if (!file) {
      setProblem(t('contacts.import.noFile'))
      return
    }
    setProblem(null)
    setStep({ kind: 'reading' })
    let rows: SheetRow[]
    try {
      rows = await readSpreadsheet(file)
    } catch (err) {
      console.error('[contacts] spreadsheet', err)
      return fail(
        err instanceof SheetError && err.kind === 'timeout'
          ? t('contacts.import.timeout')
          : t('contacts.import.readError'),
      )
    }
    if (!rows.length) return fail(t('contacts.import.empty'))
    if (rows.length > MAX_ROWS)
      return fail(t('contacts.import.tooLarge', { max: MAX_ROWS.toLocaleString(i18n.language) }))
    const ctrl = new AbortController()
    abort.current = ctrl
    try {
      const result = await uploadRows(
        api,
        rows,
        (done, total) => setStep({ kind: 'uploading', done, total }),
        ctrl.signal,
      )
      setStep({ kind: 'done', result, total: rows.length })
      if (!result.errorBag.length) toast.success(t('contacts.import.success'))
    } catch (err) {
      if (ctrl.signal.aborted) return
      fail(t('contacts.import.failed', { message: errorMessage(err, t, { exists: (k) => i18n.exists(k) }) }))
    }
  }

  const fromPhone = async () => {
    setPhoneBusy(true)
    try {
      const r = await api.post<{ total: number; changed: number }>('/contacts/import')
      toast.success(t('contacts.import.phoneDone', { total: r.total }))
      onClose()
    } catch (err) {
      toast.error(errorMessage(err, t, { exists: (k) => i18n.exists(k) }))
    } finally {
      setPhoneBusy(false)
    }
  }

  const downloadTemplate = async () => {
    const { rowsToXlsx, TEMPLATE_ROWS } = await import('./template.ts')
    const bytes = rowsToXlsx(TEMPLATE_ROWS)
    const url = URL.createObjectURL(
      new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    )
    const a = Object.assign(document.createElement('a'), { href: url, download: 'contatos-exemplo.xlsx' })
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }

  const close = () => {
    if (!busy) onClose()
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      size={step.kind === 'done' ? 'xl' : 'md'}
      title={step.kind === 'done' ? t('contacts.report.title') : t('contacts.import.title')}
    >
      {step.kind === 'choose' && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('contacts.import.intro')}</p>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('contacts.import.file')}
            <input
              type="file"
              accept={ACCEPT}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null)
                setProblem(null)
              }}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
            />
          </label>
          {problem && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {problem}
            </p>
          )}
          <button
            type="button"
            onClick={() => void downloadTemplate()}
            className="self-start text-sm text-primary underline dark:text-sky-300"
          >
            {t('contacts.import.template')}
          </button>
          <div className="flex flex-wrap justify-between gap-2 pt-2">
            <Button variant="ghost" onClick={() => void fromPhone()} loading={phoneBusy}>
              {t('contacts.import.phone')}
            </Button>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onClose}>
                {t('contacts.import.cancel')}
              </Button>
              <Button onClick={() => void start()}>{t('contacts.import.start')}</Button>
            </div>
          </div>
        </div>
      )}
      {step.kind === 'reading' && <Loading label={t('contacts.import.reading')} />}
      {step.kind === 'uploading' && (
        <div className="flex flex-col gap-3 py-4">
          <p className="text-sm">{t('contacts.import.uploading', { done: step.done, total: step.total })}</p>
          <div
            role="progressbar"
            aria-label={t('contacts.import.progress')}
            aria-valuemin={0}
            aria-valuemax={step.total}
            aria-valuenow={step.done}
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className="h-full bg-primary transition-all dark:bg-sky-400"
              style={{ width: `${step.total ? Math.round((step.done / step.total) * 100) : 0}%` }}
            />
          </div>
        </div>
      )}
      {step.kind === 'done' && <ImportReport result={step.result} total={step.total} onClose={onClose} />}
    </Dialog>
  )
}
