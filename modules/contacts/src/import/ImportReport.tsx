import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Button, cx } from '@atende/ui'
import type { UploadError, UploadResult } from '../types.ts'

/** Rows listed on screen; a file with more rejected rows says how many more. */
const SHOWN = 500

function reasonText(e: UploadError, t: TFunction) {
  return t(`contacts.report.reasons.${e.reason}`, { row: e.firstRow ?? '', name: e.contact?.name ?? '' })
}

/** What an import did: how many contacts came in, and every rejected row with its line and reason. */
export function ImportReport({ result, total, onClose }: { result: UploadResult; total: number; onClose: () => void }) {
  const { t } = useTranslation()
  const bad = result.errorBag
  return (
    <div className="flex flex-col gap-3" data-testid="import-report">
      <p className="text-sm" role="status">
        {t('contacts.report.summary', {
          created: t('contacts.report.summaryCreated', { count: result.newContacts.length }),
          total: t('contacts.report.summaryTotal', { count: total }),
          rejected: t('contacts.report.summaryRejected', { count: bad.length }),
        })}
      </p>
      {bad.length > 0 && (
        <div className="max-h-[55vh] overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="w-full text-left text-sm" aria-label={t('contacts.report.errors')}>
            <thead className="sticky top-0 bg-slate-50 text-xs uppercase text-slate-500 dark:text-slate-400 dark:bg-slate-900">
              <tr>
                {(['row', 'name', 'number', 'reason'] as const).map((col) => (
                  <th key={col} scope="col" className={cx(col === 'row' && 'w-16', 'px-3 py-2')}>
                    {t(`contacts.report.${col}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bad.slice(0, SHOWN).map((e) => (
                <tr
                  key={`${e.row}-${e.reason}`}
                  className="border-t border-slate-100 dark:border-slate-700"
                  data-testid={`import-error-${e.row}`}
                >
                  <td className="px-3 py-1.5 tabular-nums">{e.row}</td>
                  <td className="max-w-48 truncate px-3 py-1.5">{e.name}</td>
                  <td className="px-3 py-1.5 tabular-nums">{e.number}</td>
                  <td className="px-3 py-1.5 text-red-700 dark:text-red-300">{reasonText(e, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {bad.length > SHOWN && (
            <p className="p-3 text-sm text-slate-500 dark:text-slate-400">
              {t('contacts.report.more', { count: bad.length - SHOWN })}
            </p>
          )}
        </div>
      )}
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('contacts.report.close')}</Button>
      </div>
    </div>
  )
}
