import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { TicketsByDay, TicketsByUser } from '@atende/plugin-dashboard/api'
import { ErrorCard, Loading } from '@atende/ui'
import { dayMonth } from './format.ts'

type Part<T> = { status: 'loading' | 'ready' | 'error'; data: T | null }

const PRIMARY = '#2563eb'
const SECOND = '#16a34a'

function ChartCard({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section
      className="flex min-h-[300px] flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
      data-testid={testId}
    >
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="h-64 w-full">{children}</div>
    </section>
  )
}

/** Tickets accepted and closed per attendant (GET /dashboard/ticketsUsers). */
export function UserChart({ part }: { part: Part<TicketsByUser> }) {
  const { t } = useTranslation()
  return (
    <ChartCard title={t('dashboard.charts.byUser')} testId="dashboard-chart-users">
      {part.status === 'loading' ? (
        <Loading label={t('dashboard.loading')} />
      ) : part.status === 'error' || !part.data ? (
        <ErrorCard title={t('dashboard.errors.userChart')} />
      ) : part.data.data.length === 0 ? (
        <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{t('dashboard.charts.empty')}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={part.data.data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="accepted" name={t('dashboard.charts.accepted')} fill={PRIMARY} isAnimationActive={false} />
            <Bar dataKey="closed" name={t('dashboard.charts.closed')} fill={SECOND} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  )
}

/** Tickets created and closed per day (GET /dashboard/ticketsDay). */
export function DayChart({ part }: { part: Part<TicketsByDay> }) {
  const { t } = useTranslation()
  return (
    <ChartCard title={t('dashboard.charts.byDay')} testId="dashboard-chart-days">
      {part.status === 'loading' ? (
        <Loading label={t('dashboard.loading')} />
      ) : part.status === 'error' || !part.data ? (
        <ErrorCard title={t('dashboard.errors.dayChart')} />
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={part.data.data.map((d) => ({ ...d, label: dayMonth(d.day) }))}
            margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="created" name={t('dashboard.charts.created')} fill={PRIMARY} isAnimationActive={false} />
            <Bar dataKey="closed" name={t('dashboard.charts.closed')} fill={SECOND} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  )
}
