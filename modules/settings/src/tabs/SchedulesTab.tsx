import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, TextField, toast, useErrorToast } from '@atende/ui'
import { Panel } from '../ui/Panel.tsx'
import { isTime, maskTime } from '../lib/format.ts'
import type { Company, ScheduleRow, Weekday } from '../lib/types.ts'

export const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

/**
 * A week with nothing stored starts with the default business hours: weekdays 08:00–18:00, Saturday
 * 08:00–12:00, Sunday 00:00–00:00 (closed).
 */
const defaultHours = (day: Weekday): [string, string] =>
  day === 'sunday' ? ['00:00', '00:00'] : ['08:00', day === 'saturday' ? '12:00' : '18:00']

type Row = { weekdayEn: Weekday; startTime: string; endTime: string }
/** A day's two times and their words under settings.schedules. */
const TIMES = [
  ['startTime', 'start'],
  ['endTime', 'end'],
] as const

function initialRows(stored: ScheduleRow[]): Row[] {
  return WEEKDAYS.map((day) => {
    const s = stored.find((r) => r.weekdayEn === day)
    return s
      ? { weekdayEn: day, startTime: s.startTime, endTime: s.endTime }
      : { weekdayEn: day, startTime: defaultHours(day)[0], endTime: defaultHours(day)[1] }
  })
}

/** Company business hours (scheduleType 'company'): one row per weekday, HH:MM with the ##:## mask. */
export function SchedulesTab({
  companyId,
  schedules,
  onSaved,
}: {
  companyId: number
  schedules: ScheduleRow[]
  onSaved: (c: Company) => void
}) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const [rows, setRows] = useState<Row[]>(() => initialRows(schedules))
  const [saving, setSaving] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  // The page reloads the company on every tab change: only a different stored week replaces what is being typed.
  const stored = JSON.stringify(schedules)
  useEffect(() => {
    setRows(initialRows(JSON.parse(stored) as ScheduleRow[]))
  }, [stored])

  const set = (i: number, field: 'startTime' | 'endTime', v: string) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, [field]: maskTime(v) } : r)))
  const invalid = rows.some((r) => !isTime(r.startTime) || !isTime(r.endTime))

  async function save() {
    setSubmitted(true)
    if (invalid) return
    setSaving(true)
    try {
      const body = { schedules: rows.map((r) => ({ ...r, weekday: t(`settings.weekdays.${r.weekdayEn}`) })) }
      onSaved(await api.put<Company>(`/companies/${companyId}/schedules`, { body }))
      toast.success(t('settings.schedules.updated'))
    } catch (err) {
      showError(err, 'settings.toasts.error')
    } finally {
      setSaving(false)
    }
  }

  const err = (v: string) => (submitted && !isTime(v) ? t('settings.schedules.invalidTime') : null)
  return (
    <Panel title={t('settings.schedules.title')}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="flex flex-col gap-3"
      >
        {rows.map((r, i) => (
          <fieldset key={r.weekdayEn} className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[10rem_10rem_10rem]">
            <legend className="sr-only">{t(`settings.weekdays.${r.weekdayEn}`)}</legend>
            <span aria-hidden className="pt-2 text-sm font-medium sm:pt-8">
              {t(`settings.weekdays.${r.weekdayEn}`)}
            </span>
            {TIMES.map(([field, word]) => (
              <TextField
                key={field}
                label={t(`settings.schedules.${word}`)}
                aria-label={`${t(`settings.weekdays.${r.weekdayEn}`)} ${t(`settings.schedules.${word}`)}`}
                value={r[field]}
                inputMode="numeric"
                placeholder="00:00"
                maxLength={5}
                error={err(r[field])}
                onChange={(v) => set(i, field, v)}
              />
            ))}
          </fieldset>
        ))}
        <div className="flex justify-end">
          <Button type="submit" loading={saving}>
            {t('settings.actions.save')}
          </Button>
        </div>
      </form>
    </Panel>
  )
}
