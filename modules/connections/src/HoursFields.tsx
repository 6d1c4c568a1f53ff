import { useTranslation } from 'react-i18next'
import { cx, inputClass, inputErrorClass } from '@atende/ui'
import { maskTime, type HoursRow } from './schedules.ts'

/** Day, open switch, start, end: narrow enough for a phone. */
const GRID =
  'grid grid-cols-[minmax(6rem,1fr)_auto_5.5rem_5.5rem] items-center gap-2 sm:grid-cols-[minmax(8rem,1fr)_7rem_6rem_6rem]'

export interface HoursFieldsProps {
  rows: HoursRow[]
  onChange: (rows: HoursRow[]) => void
  /** i18n keys by `<index>.startTime` / `<index>.endTime`. */
  errors: Record<string, string>
}

/** The connection's business hours: one row per weekday, open or closed, start and end HH:MM (mask ##:##). */
export function HoursFields({ rows, onChange, errors }: HoursFieldsProps) {
  const { t } = useTranslation()
  const set = (i: number, patch: Partial<HoursRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))

  const time = (i: number, r: HoursRow, field: 'startTime' | 'endTime') => {
    const day = t(`connections.weekdays.${r.weekdayEn}`)
    const error = errors[`${i}.${field}`]
    return (
      <input
        type="text"
        inputMode="numeric"
        placeholder="00:00"
        maxLength={5}
        disabled={!r.open}
        aria-label={t(field === 'startTime' ? 'connections.form.hoursStartOf' : 'connections.form.hoursEndOf', { day })}
        aria-invalid={error ? true : undefined}
        value={r[field]}
        onChange={(e) => set(i, { [field]: maskTime(e.target.value) })}
        className={cx(inputClass, 'disabled:opacity-50', error && inputErrorClass)}
      />
    )
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('connections.form.hoursHint')}</p>
      <div className="flex flex-col gap-1.5">
        <div aria-hidden className={cx(GRID, 'text-xs font-medium uppercase text-slate-500 dark:text-slate-400')}>
          <span>{t('connections.form.hoursDay')}</span>
          <span>{t('connections.form.hoursOpen')}</span>
          <span>{t('connections.form.hoursStart')}</span>
          <span>{t('connections.form.hoursEnd')}</span>
        </div>
        {rows.map((r, i) => {
          const day = t(`connections.weekdays.${r.weekdayEn}`)
          const error = errors[`${i}.startTime`] ?? errors[`${i}.endTime`]
          return (
            <fieldset key={r.weekdayEn} data-testid={`hours-${r.weekdayEn}`} className="flex flex-col gap-1">
              <legend className="sr-only">{day}</legend>
              <div className={GRID}>
                <span aria-hidden className="text-sm font-medium">
                  {day}
                </span>
                <span>
                  <label className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={r.open}
                      aria-label={t('connections.form.hoursOpenOf', { day })}
                      onChange={(e) =>
                        set(
                          i,
                          e.target.checked
                            ? { open: true, startTime: r.startTime || '08:00', endTime: r.endTime || '18:00' }
                            : { open: false },
                        )
                      }
                      className="h-4 w-4 accent-[var(--color-primary,#2563eb)]"
                    />
                    <span aria-hidden className="hidden sm:inline">
                      {t(r.open ? 'connections.form.hoursOpen' : 'connections.form.hoursClosed')}
                    </span>
                  </label>
                </span>
                <span>{time(i, r, 'startTime')}</span>
                <span>{time(i, r, 'endTime')}</span>
              </div>
              {error && (
                <p role="alert" className="text-xs text-red-600 dark:text-red-400">
                  {t(error, { day })}
                </p>
              )}
            </fieldset>
          )
        })}
      </div>
    </div>
  )
}
