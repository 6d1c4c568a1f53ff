import { badRequest, localClock, nextDay, startOfLocalDay, type Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { Attendant, DashboardData, TicketsByDay, TicketsByUser } from './api.ts'

/** Ranges longer than this are refused (the daily rows make longer ones cheap, but nobody reads them). */
export const MAX_RANGE_DAYS = 400
export const ERR_DASHBOARD_RANGE = 'ERR_DASHBOARD_RANGE'

interface Range {
  from: string
  to: string
}

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
const minusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)
const isDay = (d: string) =>
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d)

/**
 * The local days a request covers, both ends included: `days` (the last N days, today included),
 * else from..to, each end defaulting to the first of this month and today.
 */
export function rangeOf(q: { days?: number; from?: string; to?: string }, now = new Date()): Range {
  const today = localClock(now).day
  if (q.days) return { from: minusDays(today, q.days - 1), to: today }
  const from = q.from ?? `${today.slice(0, 8)}01`
  const to = q.to ?? today
  for (const [field, d] of [
    ['date_from', from],
    ['date_to', to],
  ] as const)
    if (!isDay(d)) throw badRequest(field, `Not a date: ${d}`, ERR_DASHBOARD_RANGE)
  if (from > to) throw badRequest('date_from', 'The initial date comes after the final date', ERR_DASHBOARD_RANGE)
  if (daysBetween(from, to) >= MAX_RANGE_DAYS)
    throw badRequest('date_from', `At most ${MAX_RANGE_DAYS} days at once`, ERR_DASHBOARD_RANGE)
  return { from, to }
}

const minutes = (seconds: number, count: number) => (count ? Math.round((seconds / count / 60) * 100) / 100 : null)
const num = (v: unknown) => Number(v ?? 0)

/** `settled`: waits for this process's bookkeeping of the company's latest ticket moves. */
export function createFigures(kernel: Kernel, settled: (companyId: number) => Promise<void>) {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const daily = (companyId: number, r: Range) =>
    kernel.tenant(companyId)('dashboard_daily').where('day', '>=', r.from).where('day', '<=', r.to)
  const instants = (r: Range) => ({ from: startOfLocalDay(r.from), to: startOfLocalDay(nextDay(r.to)) })

  /** Per attendant (0: none) sums over the range: one row each. */
  async function perUser(companyId: number, r: Range) {
    const rows: Record<string, string | number>[] = await daily(companyId, r)
      .groupBy('userId')
      .select(
        'userId',
        ...['created', 'accepted', 'closed', 'waitSeconds', 'waitCount', 'supportSeconds', 'supportCount'].map((c) =>
          kernel.db.raw('sum(??) as ??', [c, c]),
        ),
      )
    return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, num(v)])))
  }

  const users = (companyId: number): Promise<{ id: number; name: string; online: boolean }[]> =>
    kernel.tenant(companyId)('users').orderBy('name').orderBy('id').select('id', 'name', 'online')

  return {
    async summary(companyId: number, r: Range): Promise<DashboardData> {
      await settled(companyId)
      const { from, to } = instants(r)
      const [sums, now, leads, ratings, people] = await Promise.all([
        perUser(companyId, r),
        kernel
          .tenant(companyId)('dashboard_tickets')
          .whereIn('status', ['open', 'pending'])
          .groupBy('status')
          .select('status', kernel.db.raw('count(*) as n')) as Promise<{ status: string; n: string | number }[]>,
        contacts().countCreated(companyId, from, to),
        tickets().ratingsByUser(companyId, from, to),
        users(companyId),
      ])
      const total = (k: string) => sums.reduce((a, s) => a + s[k], 0)
      const byUser = new Map(sums.map((s) => [s.userId, s]))
      const attendants: Attendant[] = people.map((u) => {
        const s = byUser.get(u.id)
        const rating = ratings.get(u.id)
        return {
          id: u.id,
          name: u.name,
          rating: rating ? Math.round(rating.average * 100) / 100 : null,
          ratings: rating?.count ?? 0,
          avgSupportTime: s ? minutes(s.supportSeconds, s.supportCount) : null,
          tickets: s?.closed ?? 0,
          online: !!u.online,
        }
      })
      return {
        range: r,
        counters: {
          supportHappening: num(now.find((n) => n.status === 'open')?.n),
          supportPending: num(now.find((n) => n.status === 'pending')?.n),
          supportFinished: total('closed'),
          leads,
          avgSupportTime: minutes(total('supportSeconds'), total('supportCount')),
          avgWaitTime: minutes(total('waitSeconds'), total('waitCount')),
        },
        attendants,
      }
    },

    /** Tickets accepted and closed per attendant in the range (attendants with none left out). */
    async byUser(companyId: number, r: Range): Promise<TicketsByUser> {
      await settled(companyId)
      const [sums, people] = await Promise.all([perUser(companyId, r), users(companyId)])
      const names = new Map(people.map((u) => [u.id, u.name]))
      return {
        data: sums
          .filter((s) => s.userId && names.has(s.userId) && (s.accepted || s.closed))
          .map((s) => ({ userId: s.userId, name: names.get(s.userId)!, accepted: s.accepted, closed: s.closed }))
          .sort((a, b) => b.closed - a.closed || b.accepted - a.accepted || a.name.localeCompare(b.name)),
      }
    },

    /** Tickets created and closed per local day, every day of the range (zeros included). */
    async byDay(companyId: number, r: Range): Promise<TicketsByDay> {
      await settled(companyId)
      const rows: { day: string | Date; created: string | number; closed: string | number }[] = await daily(
        companyId,
        r,
      )
        .groupBy('day')
        .select('day', kernel.db.raw('sum(created) as created'), kernel.db.raw('sum(closed) as closed'))
      const found = new Map(
        rows.map((x) => [typeof x.day === 'string' ? x.day.slice(0, 10) : localDate(x.day), x] as const),
      )
      const data: TicketsByDay['data'] = []
      for (let d = r.from; d <= r.to; d = nextDay(d)) {
        const x = found.get(d)
        data.push({ day: d, created: num(x?.created), closed: num(x?.closed) })
      }
      return { data }
    },
  }
}

/** A `date` column read as a JS Date (node-postgres: local midnight of the server) back to its day. */
const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

export type Figures = ReturnType<typeof createFigures>
