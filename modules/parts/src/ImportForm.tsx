import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi, useSession } from '@atende/client'
import { Button, PlainTable, columnsOf } from '@atende/ui'
import type { ImportResult } from '@atende/plugin-parts/api'
import { PART_COLUMNS } from './columns.ts'

type Status =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; result: ImportResult } | { kind: 'failed'; message: string }

/** Row errors listed on screen at most (the count says how many there are). */
const SHOWN_ERRORS = 200

/** The file picker (.xlsx, .xls), the Importar button, the file name, the status line and the expected columns. */
export function ImportForm() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { companyId } = useSession()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  // On failure the server's error (translated when known) or its message.
  const failure = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  const send = async () => {
    if (!file || companyId == null) return
    setStatus({ kind: 'busy' })
    try {
      const form = new FormData()
      form.append('companyId', String(companyId))
      form.append('file', file)
      const result = await api.post<ImportResult>('/part-inventory/import-parts-excel', {
        body: form,
        timeoutMs: 180_000,
      })
      setStatus({ kind: 'done', result })
    } catch (err) {
      setStatus({ kind: 'failed', message: failure(err) })
    }
  }

  const line =
    status.kind === 'busy'
      ? t('parts.status.busy')
      : status.kind === 'done'
        ? t('parts.status.done', {
            imported: status.result.imported,
            updated: status.result.updated,
            errors: status.result.errors.length,
          })
        : status.kind === 'failed'
          ? t('parts.status.failed', { message: status.message })
          : file
            ? t('parts.status.ready')
            : t('parts.status.idle')

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept=".xlsx,.xls"
          className="hidden"
          data-testid="parts-file"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null
            e.target.value = ''
            if (f && !/\.xlsx?$/i.test(f.name)) {
              setFile(null)
              setStatus({ kind: 'failed', message: t('parts.wrongType') })
              return
            }
            setFile(f)
            setStatus({ kind: 'idle' })
          }}
        />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={status.kind === 'busy'}>
          {t('parts.choose')}
        </Button>
        <Button
          onClick={() => void send()}
          loading={status.kind === 'busy'}
          disabled={!file}
          data-testid="parts-import"
        >
          {t('parts.import')}
        </Button>
        <span className="truncate text-sm" data-testid="parts-file-name">
          {file ? t('parts.fileName', { name: file.name }) : t('parts.noFile')}
        </span>
      </div>

      <p
        role="status"
        data-testid="parts-status"
        className={status.kind === 'failed' ? 'text-sm text-red-600 dark:text-red-400' : 'text-sm'}
      >
        {line}
      </p>

      {status.kind === 'done' && status.result.errors.length > 0 && <RowErrors errors={status.result.errors} />}

      <div>
        <p className="text-sm font-medium">{t('parts.columnsTitle', { count: PART_COLUMNS.length })}</p>
        <ol
          className="mt-1 list-inside list-decimal text-sm text-slate-600 dark:text-slate-300"
          data-testid="parts-columns"
        >
          {PART_COLUMNS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
      </div>
    </div>
  )
}

/** The file's refused rows (the first SHOWN_ERRORS): line, field and what is wrong. */
function RowErrors({ errors }: { errors: ImportResult['errors'] }) {
  const { t } = useTranslation()
  const col = columnsOf<ImportResult['errors'][number] & { key: string }>(t, 'parts')
  const padding = 'px-2 py-1'
  return (
    <PlainTable
      className="max-h-64 overflow-auto rounded-md border border-slate-200 dark:border-slate-700"
      data-testid="parts-row-errors"
      headClassName="sticky top-0 bg-slate-50 text-left dark:bg-slate-800"
      rowClassName="border-t border-slate-100 dark:border-slate-700"
      rows={errors.slice(0, SHOWN_ERRORS).map((e, i) => ({ ...e, key: `${e.row}-${i}` }))}
      rowKey={(e) => e.key}
      columns={[
        col('row', { header: t('parts.errors.row'), padding, className: 'font-mono', cell: (e) => e.row }),
        col('field', { header: t('parts.errors.field'), padding, cell: (e) => e.field }),
        col('problem', {
          header: t('parts.errors.problem'),
          padding,
          cell: (e) => t(`parts.rowErrors.${e.code}`, { defaultValue: e.message }),
        }),
      ]}
    />
  )
}
