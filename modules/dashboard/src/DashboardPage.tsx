import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { usePermissions } from '@atende/client'
import { Button, EmptyState, Loading, Select, TextField, toast } from '@atende/ui'
import type { Attendant, Counters } from '@atende/plugin-dashboard/api'
import { DayChart, UserChart } from './Charts.tsx'
import { PERIODS, firstOfMonth, hoursMinutes, localDay, queriesOf, type Filter } from './format.ts'
import { useDashboardData } from './useDashboardData.ts'
import './index.css'

const ZERO: Counters = {
  supportHappening: 0,
  supportPending: 0,
  supportFinished: 0,
  leads: 0,
  avgSupportTime: null,
  avgWaitTime: null,
}

function Counter({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
      <div className="text-sm text-slate-600 dark:text-slate-300">{label}</div>
      <div className="mt-1 text-2xl font-semibold" data-testid={testId}>
        {value}
      </div>
    </div>
  )
}

function Attendants({ rows }: { rows: Attendant[] }) {
  const { t } = useTranslation()
  if (!rows.length) return <EmptyState title={t('dashboard.attendants.empty')} />
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-sm" data-testid="dashboard-attendants">
        <thead className="bg-slate-50 text-left dark:bg-slate-800">
          <tr>
            <th className="px-3 py-2 font-medium">{t('dashboard.attendants.name')}</th>
            <th className="px-3 py-2 font-medium">{t('dashboard.attendants.rating')}</th>
            <th className="px-3 py-2 font-medium">{t('dashboard.attendants.avgSupportTime')}</th>
            <th className="px-3 py-2 font-medium">{t('dashboard.attendants.tickets')}</th>
            <th className="px-3 py-2 font-medium">{t('dashboard.attendants.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr
              key={a.id}
              className="border-t border-slate-200 dark:border-slate-700"
              data-testid={`attendant-${a.id}`}
            >
              <td className="px-3 py-2">{a.name}</td>
              <td className="px-3 py-2" title={t('dashboard.attendants.ratings', { count: a.ratings })}>
                {a.rating == null ? '—' : `${a.rating.toFixed(1)} / 3`}
              </td>
              <td className="px-3 py-2">{hoursMinutes(a.avgSupportTime)}</td>
              <td className="px-3 py-2">{a.tickets}</td>
              <td className="px-3 py-2">
                <span className="inline-flex items-center gap-1.5">
                  <span
                    aria-hidden
                    className={`h-2.5 w-2.5 rounded-full ${a.online ? 'bg-green-600' : 'bg-slate-400'}`}
                  />
                  {a.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Says once, as a toast, that a part of the dashboard failed to load. */
function useFailureToast(status: string, words: string) {
  const { t } = useTranslation()
  useEffect(() => {
    if (status === 'error') toast.error(t(words))
  }, [status, words, t])
}

/**
 * /dashboard: counters, the attendants' table and the charts by
 * attendant and by day, for a range of dates or a period; live. Admins only (dashboard:view).
 */
function Dashboard() {
  const { t } = useTranslation()
  const [type, setType] = useState<'date' | 'period'>('date')
  const [from, setFrom] = useState(firstOfMonth())
  const [to, setTo] = useState(localDay())
  const [days, setDays] = useState(0)
  const [applied, setApplied] = useState<Filter>({ type: 'date', from: firstOfMonth(), to: localDay() })
  const { summary, byUser, byDay } = useDashboardData(applied)

  useFailureToast(summary.status, 'dashboard.errors.load')
  useFailureToast(byUser.status, 'dashboard.errors.userChart')
  useFailureToast(byDay.status, 'dashboard.errors.dayChart')

  const filter = () => {
    const next: Filter = type === 'date' ? { type, from, to } : { type, days }
    if (!queriesOf(next)) {
      toast.warning(t('dashboard.errors.noFilter'))
      return
    }
    if (next.type === 'date' && next.from > next.to) {
      toast.warning(t('dashboard.errors.range'))
      return
    }
    setApplied(next)
  }

  const c = summary.data?.counters ?? ZERO
  return (
    <section className="flex flex-col gap-4 p-3 sm:p-6">
      <header className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('dashboard.title')}</h1>
        <Select
          label={t('dashboard.filter.type')}
          value={type}
          onChange={(v) => setType(v === 'period' ? 'period' : 'date')}
          options={[
            { value: 'date', label: t('dashboard.filter.byDate') },
            { value: 'period', label: t('dashboard.filter.byPeriod') },
          ]}
          className="w-40"
          data-testid="dashboard-filter-type"
        />
        {type === 'date' ? (
          (
            [
              ['initialDate', from, setFrom, 'dashboard-from'],
              ['finalDate', to, setTo, 'dashboard-to'],
            ] as const
          ).map(([word, value, onChange, testid]) => (
            <TextField
              key={word}
              type="date"
              label={t(`dashboard.filter.${word}`)}
              value={value}
              onChange={onChange}
              className="w-40"
              data-testid={testid}
            />
          ))
        ) : (
          <Select
            label={t('dashboard.filter.period')}
            value={String(days)}
            onChange={(v) => setDays(Number(v))}
            options={PERIODS.map((n) => ({
              value: String(n),
              label: n ? t('dashboard.filter.lastDays', { count: n }) : t('dashboard.filter.none'),
            }))}
            className="w-44"
            data-testid="dashboard-period"
          />
        )}
        <Button onClick={filter} data-testid="dashboard-filter">
          {t('dashboard.filter.apply')}
        </Button>
      </header>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-busy={summary.status === 'loading'}>
        <Counter
          label={t('dashboard.counters.supportHappening')}
          value={c.supportHappening}
          testId="counter-happening"
        />
        <Counter label={t('dashboard.counters.supportPending')} value={c.supportPending} testId="counter-pending" />
        <Counter label={t('dashboard.counters.supportFinished')} value={c.supportFinished} testId="counter-finished" />
        <Counter label={t('dashboard.counters.leads')} value={c.leads} testId="counter-leads" />
        <Counter
          label={t('dashboard.counters.avgSupportTime')}
          value={hoursMinutes(c.avgSupportTime)}
          testId="counter-support"
        />
        <Counter
          label={t('dashboard.counters.avgWaitTime')}
          value={hoursMinutes(c.avgWaitTime)}
          testId="counter-wait"
        />
      </div>

      <section className="flex flex-col gap-2">
        <h2 className="text-base font-semibold">{t('dashboard.attendants.title')}</h2>
        {summary.status === 'loading' ? (
          <Loading label={t('dashboard.loading')} />
        ) : (
          <Attendants rows={summary.data?.attendants ?? []} />
        )}
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <UserChart part={byUser} />
        <DayChart part={byDay} />
      </div>
    </section>
  )
}

export default function DashboardPage() {
  const { t } = useTranslation()
  const permissions = usePermissions()
  if (permissions.status === 'loading') return <Loading label={t('dashboard.loading')} />
  if (!permissions.values.has('dashboard:view'))
    return (
      <section className="p-6" data-testid="dashboard-denied">
        <EmptyState title={t('dashboard.denied')} />
      </section>
    )
  return <Dashboard />
}
