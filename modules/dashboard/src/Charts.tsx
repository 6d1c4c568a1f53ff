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

/** A chart card of two bar series over `x` (the first blue, the second green), or its loading or error state. */
function BarsCard<T>({
  part,
  rows,
  x,
  bars,
  title,
  testId,
  error,
  empty,
}: {
  part: Part<T>
  rows: (data: T) => object[]
  x: string
  bars: [{ key: string; name: string }, { key: string; name: string }]
  title: string
  testId: string
  error: string
  /** What an empty list says; without it an empty chart shows. */
  empty?: string
}) {
  const { t } = useTranslation()
  const data = part.status === 'ready' && part.data ? rows(part.data) : null
  return (
    <ChartCard title={title} testId={testId}>
      {part.status === 'loading' ? (
        <Loading label={t('dashboard.loading')} />
      ) : !data ? (
        <ErrorCard title={error} />
      ) : empty && data.length === 0 ? (
        <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{empty}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
            <XAxis dataKey={x} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            {bars.map((b, i) => (
              <Bar key={b.key} dataKey={b.key} name={b.name} fill={i ? SECOND : PRIMARY} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  )
}

/** Tickets accepted and closed per attendant (GET /dashboard/ticketsUsers). */
export function UserChart({ part }: { part: Part<TicketsByUser> }) {
  const { t } = useTranslation()
  return (
    <BarsCard
      part={part}
      rows={(d) => d.data}
      x="name"
      bars={[
        { key: 'accepted', name: t('dashboard.charts.accepted') },
        { key: 'closed', name: t('dashboard.charts.closed') },
      ]}
      title={t('dashboard.charts.byUser')}
      testId="dashboard-chart-users"
      error={t('dashboard.errors.userChart')}
      empty={t('dashboard.charts.empty')}
    />
  )
}

/** Tickets created and closed per day (GET /dashboard/ticketsDay). */
export function DayChart({ part }: { part: Part<TicketsByDay> }) {
  const { t } = useTranslation()
  return (
    <BarsCard
      part={part}
      rows={(d) => d.data.map((day) => ({ ...day, label: dayMonth(day.day) }))}
      x="label"
      bars={[
        { key: 'created', name: t('dashboard.charts.created') },
        { key: 'closed', name: t('dashboard.charts.closed') },
      ]}
      title={t('dashboard.charts.byDay')}
      testId="dashboard-chart-days"
      error={t('dashboard.errors.dayChart')}
    />
  )
}
