import { useTranslation } from 'react-i18next'
import { inputClass, cx } from '@atende/ui'

export interface DateFilterProps {
  from: string
  to: string
  onChange: (range: { from: string; to: string }) => void
  className?: string
}

/** Creation-date range of the list (local days; either end may be open). */
export function DateFilter({ from, to, onChange, className }: DateFilterProps) {
  const { t } = useTranslation()
  return (
    <div className={cx('flex items-end gap-2', className)}>
      <label className="flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-300">
        {t('contacts.dates.from')}
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value, to })}
          className={cx(inputClass, 'py-1.5')}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-300">
        {t('contacts.dates.to')}
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ from, to: e.target.value })}
          className={cx(inputClass, 'py-1.5')}
        />
      </label>
      {(from || to) && (
        <button
          type="button"
          onClick={() => onChange({ from: '', to: '' })}
          className="mb-1 text-xs text-primary underline dark:text-sky-300"
        >
          {t('contacts.dates.clear')}
        </button>
      )}
    </div>
  )
}
