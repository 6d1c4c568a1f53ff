import { localClock, type EventMap, type Kernel } from '@atende/sdk'
import { advance, type Moment, type Standing } from './moments.ts'
// Listens to the tickets plugin's events (ticket.updated, ticket.deleted): declared by its contract.
import type {} from '@atende/plugin-tickets/api'

declare module '@atende/sdk' {
  interface EventMap {
    /** The dashboard's figures of the company moved: open dashboards read them again. */
    'dashboard.changed': { companyId: number }
  }
}

/** Tickets whose last standing this process knows (most ticket events are new messages: no move). */
const CACHE_MAX = 50_000

/**
 * Feeds dashboard_tickets and dashboard_daily from `ticket.updated`, after the emitter's answer:
 * the event's emitter never waits on it. Every process receives every event (the bus fans out):
 * the row lock and `seenAt` make the first one apply it and the others find nothing to do. Events
 * of one ticket are applied in order within a process.
 *
 * Known limit: the bus is not durable, so an event lost in a crash between a ticket's commit and
 * its publication is not counted (the ticket's next move is: its standing catches up).
 */
export function recordTicketMoves(kernel: Kernel, announce: (companyId: number) => void) {
  const known = new Map<number, string>()
  /** Each ticket's bookkeeping in progress, applied in event order. */
  const chains = new Map<number, { companyId: number; run: Promise<void> }>()

  async function apply(companyId: number, ticket: EventMap['ticket.updated']['ticket']) {
    const moved = await kernel.unitOfWork(companyId, async ({ t, db }) => {
      const row = await t('dashboard_tickets').where({ ticketId: ticket.id }).forUpdate().first()
      const prev: Standing | null = row
        ? {
            ...row,
            waitingSince: row.waitingSince && new Date(row.waitingSince),
            acceptedAt: row.acceptedAt && new Date(row.acceptedAt),
            seenAt: new Date(row.seenAt),
          }
        : null
      const step = advance(prev, ticket)
      if (!step) return false
      await t
        .insert('dashboard_tickets', { ticketId: ticket.id, ...step.next })
        .onConflict('ticketId')
        .merge(['status', 'userId', 'queueId', 'waitingSince', 'acceptedAt', 'seenAt'])
      for (const m of step.moments) {
        const sum = (col: string) => db.raw('?? + ??', [`dashboard_daily.${col}`, `excluded.${col}`])
        await t
          .insert('dashboard_daily', dailyRow(m))
          .onConflict(['companyId', 'day', 'userId'])
          .merge(
            Object.fromEntries(
              [
                'created',
                'accepted',
                'transferred',
                'closed',
                'waitSeconds',
                'waitCount',
                'supportSeconds',
                'supportCount',
              ].map((c) => [c, sum(c)]),
            ),
          )
      }
      return true
    })
    if (moved) announce(companyId)
  }

  kernel.bus.on('ticket.updated', ({ companyId, ticket }) => {
    const key = `${ticket.status}:${ticket.userId}:${ticket.queueId}`
    if (known.get(ticket.id) === key) return
    known.delete(ticket.id)
    known.set(ticket.id, key)
    if (known.size > CACHE_MAX) known.delete(known.keys().next().value!)
    const run = (chains.get(ticket.id)?.run ?? Promise.resolve())
      .then(() => apply(companyId, ticket))
      .catch((err) => {
        known.delete(ticket.id)
        kernel.log.error({ err, ticketId: ticket.id }, 'dashboard: recording a ticket move failed')
      })
    chains.set(ticket.id, { companyId, run })
    void run.finally(() => {
      if (chains.get(ticket.id)?.run === run) chains.delete(ticket.id)
    })
    // Not returned: whoever committed the ticket (a request, the inbound batch) does not wait on the
    // dashboard's bookkeeping and its row locks; the dashboard's own reads wait for it (settled).
  })

  kernel.bus.on('ticket.deleted', async ({ companyId, ticketId }) => {
    known.delete(ticketId)
    await kernel.tenant(companyId)('dashboard_tickets').where({ ticketId }).delete()
    announce(companyId)
  })

  // A shutdown records what it heard before the database goes.
  kernel.onClose(async () => {
    await Promise.all([...chains.values()].map((c) => c.run))
  })

  return {
    /**
     * Resolves once the company's ticket moves this process heard so far are recorded: a dashboard
     * read here sees the moves its own process made. Another process's moves are recorded by it
     * (every process hears every event; the first to lock the row applies it), within its
     * bookkeeping's few milliseconds.
     */
    async settled(companyId: number) {
      const runs = [...chains.values()].filter((c) => c.companyId === companyId).map((c) => c.run)
      if (runs.length) await Promise.all(runs)
    },
  }
}
export type MoveRecorder = ReturnType<typeof recordTicketMoves>

/** A moment as the increments of its day's row. */
function dailyRow(m: Moment) {
  return {
    day: localClock(m.at).day,
    userId: m.userId ?? 0,
    created: m.kind === 'created' ? 1 : 0,
    accepted: m.kind === 'accepted' ? 1 : 0,
    transferred: m.kind === 'transferred' ? 1 : 0,
    closed: m.kind === 'closed' ? 1 : 0,
    waitSeconds: m.waitSeconds ?? 0,
    waitCount: m.waitSeconds === undefined ? 0 : 1,
    supportSeconds: m.supportSeconds ?? 0,
    supportCount: m.supportSeconds === undefined ? 0 : 1,
  }
}
