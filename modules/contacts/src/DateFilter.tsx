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
      {(['from', 'to'] as const).map((end) => (
        <label key={end} className="flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-300">
          {t(`contacts.dates.${end}`)}
          <input
            type="date"
            value={end === 'from' ? from : to}
            // Neither end may pass the other.
            min={end === 'to' ? from || undefined : undefined}
            max={end === 'from' ? to || undefined : undefined}
            onChange={(e) => onChange({ from, to, [end]: e.target.value })}
            className={cx(inputClass, 'py-1.5')}
          />
        </label>
      ))}
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
