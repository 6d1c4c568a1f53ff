import { useTranslation } from 'react-i18next'
import { cx, inputClass } from '@atende/ui'
import type { ScheduleRow } from './types.ts'

const mask = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}:${d.slice(2)}` : d
}

/** The queue's weekly hours: start and end per day (equal or empty = closed). */
export function ScheduleFields({ rows, onChange }: { rows: ScheduleRow[]; onChange: (rows: ScheduleRow[]) => void }) {
  const { t } = useTranslation()
  const set = (i: number, patch: Partial<ScheduleRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const time = (i: number, r: ScheduleRow, key: 'startTime' | 'endTime', label: string) => (
    <input
      aria-label={label}
      value={r[key]}
      placeholder="00:00"
      maxLength={5}
      inputMode="numeric"
      onChange={(e) => set(i, { [key]: mask(e.target.value) })}
      className={cx(inputClass)}
    />
  )
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('queues.hours.hint')}</p>
      {rows.map((r, i) => {
        const day = t(`queues.weekdays.${r.weekdayEn}`)
        return (
          <div
            key={r.weekdayEn}
            className="grid grid-cols-[minmax(7rem,1fr)_6rem_6rem] items-center gap-2"
            data-testid={`hours-${r.weekdayEn}`}
          >
            <span className="text-sm font-medium">{day}</span>
            {time(i, r, 'startTime', t('queues.hours.startOf', { day }))}
            {time(i, r, 'endTime', t('queues.hours.endOf', { day }))}
          </div>
        )
      })}
    </div>
  )
}
