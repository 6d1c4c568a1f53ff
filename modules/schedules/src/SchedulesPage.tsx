import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { Calendar, Views, dayjsLocalizer, type View } from 'react-big-calendar'
import dayjs from 'dayjs'
import 'dayjs/locale/pt-br'
import 'dayjs/locale/es'
import 'react-big-calendar/lib/css/react-big-calendar.css'
import { isAbortError, useApi } from '@atende/client'
import { Badge, Button, ErrorCard, SearchField, Select } from '@atende/ui'
import { ScheduleDialog, type ScheduleTarget } from './ScheduleDialog.tsx'
import { EVENT_MINUTES, STEP_MINUTES, dayMax, dayMin, rangeOf, type DateFilter } from './dates.ts'
import type { Schedule, StatusFilter } from './types.ts'
import { useSchedules } from './useSchedules.ts'
import './index.css'

const localizer = dayjsLocalizer(dayjs)
const CULTURES: Record<string, string> = { pt: 'pt-br', en: 'en', es: 'es' }

interface Event {
  id: number
  title: string
  start: Date
  end: Date
  schedule: Schedule
}

/** The visible range of a view around a date (month views show the weeks around the month). */
function visibleRange(view: View, date: Date) {
  const d = dayjs(date)
  if (view === Views.DAY) return { from: d.startOf('day').toDate(), to: d.add(1, 'day').startOf('day').toDate() }
  if (view === Views.WEEK) return { from: d.startOf('week').toDate(), to: d.startOf('week').add(7, 'day').toDate() }
  if (view === Views.AGENDA) return { from: d.startOf('day').toDate(), to: d.startOf('day').add(30, 'day').toDate() }
  return {
    from: d.startOf('month').startOf('week').toDate(),
    to: d.endOf('month').endOf('week').add(1, 'millisecond').toDate(),
  }
}

/** Inline: react-big-calendar's own stylesheet is unlayered and would win over the utilities layer. */
const TONE = { PENDENTE: '#d97706', ENVIADA: '#059669', ERRO: '#dc2626' } as const

/**
 * /schedules: a calendar (month, week, day, agenda; events 30 min, step 30 min,
 * 06:00–23:59) with a status filter (all, pending, sent), a date filter (all, today, this week, this
 * month) with its counters, search and add; an empty slot opens the form at that time, an event
 * opens it for that schedule, `?contactId=` opens it for that contact; live through company-{id}-schedule.
 */
export default function SchedulesPage() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const [params, setParams] = useSearchParams()
  const [view, setView] = useState<View>(Views.MONTH)
  const [date, setDate] = useState(() => new Date())
  const [status, setStatus] = useState<StatusFilter>('all')
  const [dateFilter, setDateFilter] = useState<DateFilter>('all')
  const [search, setSearch] = useState('')
  const [target, setTarget] = useState<ScheduleTarget | null>(null)

  const range = useMemo(() => visibleRange(view, date), [view, date])
  const counted = useMemo(() => rangeOf(dateFilter), [dateFilter])
  const list = useSchedules({ ...range, status, search, counted })

  // ?contactId= opens the form for that contact; the parameter is consumed.
  const contactId = Number(params.get('contactId'))
  useEffect(() => {
    if (!contactId) return
    const ctrl = new AbortController()
    api
      .get<{ id: number; name: string; number: string }>(`/contacts/${contactId}`, { signal: ctrl.signal })
      .then((c) => setTarget({ contact: { id: c.id, name: c.name, number: c.number } }))
      .catch((err) => {
        if (!isAbortError(err)) setTarget({ contact: null })
      })
      .finally(() => {
        if (ctrl.signal.aborted) return
        setParams(
          (p) => {
            p.delete('contactId')
            return p
          },
          { replace: true },
        )
      })
    return () => ctrl.abort()
  }, [api, contactId, setParams])

  // The date filter moves the calendar to its range.
  const chooseDateFilter = (f: DateFilter) => {
    setDateFilter(f)
    if (f === 'today') {
      setView(Views.DAY)
      setDate(new Date())
    } else if (f === 'week') {
      setView(Views.WEEK)
      setDate(new Date())
    } else if (f === 'month') {
      setView(Views.MONTH)
      setDate(new Date())
    }
  }

  const events: Event[] = useMemo(
    () =>
      list.items
        .filter((s) => {
          if (!counted) return true
          const d = new Date(s.scheduleDate).getTime()
          return d >= counted.from.getTime() && d < counted.to.getTime()
        })
        .map((s) => {
          const start = new Date(s.scheduleDate)
          return {
            id: s.id,
            title: `${t(`schedules.status.${s.status}`)} · ${s.contact?.name ?? ''} — ${s.description}`,
            start,
            end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
            schedule: s,
          }
        }),
    [list.items, counted, t],
  )
  const eventProps = useCallback(
    (e: Event) => ({
      className: `schedule-event schedule-${e.schedule.status}`,
      style: { backgroundColor: TONE[e.schedule.status], borderColor: TONE[e.schedule.status] },
    }),
    [],
  )

  const messages = useMemo(
    () => ({
      month: t('schedules.views.month'),
      week: t('schedules.views.week'),
      day: t('schedules.views.day'),
      agenda: t('schedules.views.agenda'),
      today: t('schedules.today'),
      previous: t('schedules.previous'),
      next: t('schedules.next'),
      date: t('schedules.columns.date'),
      time: t('schedules.columns.time'),
      event: t('schedules.columns.event'),
      noEventsInRange: t('schedules.empty'),
      showMore: (n: number) => t('schedules.more', { count: n }),
    }),
    [t],
  )
  const counts = list.counts
  return (
    <section className="flex h-full min-h-[560px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('schedules.title')}</h1>
        {counts && (
          <div className="flex flex-wrap gap-2 text-sm" data-testid="schedule-counters">
            <Badge tone="neutral">
              {t('schedules.counters.total', { count: counts.PENDENTE + counts.ENVIADA + counts.ERRO })}
            </Badge>
            <Badge tone="warning">{t('schedules.counters.pending', { count: counts.PENDENTE })}</Badge>
            <Badge tone="success">{t('schedules.counters.sent', { count: counts.ENVIADA })}</Badge>
            {counts.ERRO > 0 && <Badge tone="danger">{t('schedules.counters.error', { count: counts.ERRO })}</Badge>}
          </div>
        )}
        <Select
          label={t('schedules.filters.status')}
          value={status}
          onChange={(v) => setStatus(v as StatusFilter)}
          options={[
            { value: 'all', label: t('schedules.filters.all') },
            { value: 'PENDENTE', label: t('schedules.filters.pending') },
            { value: 'ENVIADA', label: t('schedules.filters.sent') },
          ]}
        />
        <Select
          label={t('schedules.filters.date')}
          value={dateFilter}
          onChange={(v) => chooseDateFilter(v as DateFilter)}
          options={[
            { value: 'all', label: t('schedules.filters.allDates') },
            { value: 'today', label: t('schedules.filters.today') },
            { value: 'week', label: t('schedules.filters.week') },
            { value: 'month', label: t('schedules.filters.month') },
          ]}
        />
        <SearchField
          label={t('schedules.search')}
          placeholder={t('schedules.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-64"
        />
        <Button onClick={() => setTarget({ at: null })}>{t('schedules.add')}</Button>
      </header>
      {list.status === 'error' ? (
        <ErrorCard
          title={t('schedules.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('schedules.retry')}
            </Button>
          }
        />
      ) : (
        <div className="schedules-calendar min-h-[520px] flex-1" data-testid="schedules-calendar">
          <Calendar<Event>
            localizer={localizer}
            culture={CULTURES[i18n.language.slice(0, 2)] ?? 'pt-br'}
            events={events}
            views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
            view={view}
            onView={setView}
            date={date}
            onNavigate={setDate}
            step={STEP_MINUTES}
            timeslots={1}
            min={dayMin()}
            max={dayMax()}
            popup
            selectable
            onSelectSlot={(slot) => setTarget({ at: slot.start })}
            onSelectEvent={(e) => setTarget({ schedule: e.schedule })}
            eventPropGetter={eventProps}
            messages={messages}
          />
        </div>
      )}
      <ScheduleDialog target={target} onClose={() => setTarget(null)} onSaved={list.upsert} onDeleted={list.remove} />
    </section>
  )
}
