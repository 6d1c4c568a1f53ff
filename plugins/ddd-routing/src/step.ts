import type { Kernel } from '@atende/sdk'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { RoutingContext, RoutingStep, ConnectionsRef } from '@atende/plugin-connections/api'
import { DDD_SETTING } from './api.ts'
import { dddOf } from './ddd.ts'

/** Before integrations/flows (200), prompts (300) and the queue chatbot (400); after the rating answer (50). */
export const DDD_STEP_ORDER = 100

interface Holder {
  id: number
  userId: number
  lastAssignedAt: Date | string | null
}
const time = (d: Date | string | null) => (d ? new Date(d).getTime() : -Infinity)

/**
 * Of a DDD's holders: the online ones when any is online; the fewest open tickets; among those the
 * one assigned longest ago (round robin; never assigned first), then the lowest id. Pure, for tests.
 */
export function pickHolder(holders: Holder[], online: Set<number>, openCounts: Map<number, number>): Holder {
  const present = holders.filter((h) => online.has(h.userId))
  const pool = present.length ? present : holders
  return [...pool].sort(
    (a, b) =>
      (openCounts.get(a.userId) ?? 0) - (openCounts.get(b.userId) ?? 0) ||
      time(a.lastAssignedAt) - time(b.lastAssignedAt) ||
      a.userId - b.userId,
  )[0]
}

/**
 * The routing step (see index.ts for the rules). A claim is a conditional update of the holder's
 * lastAssignedAt: two new tickets routed at once by two processes each see the other's claim and
 * pick again, so ties still alternate.
 */
export function createDddStep(kernel: Kernel): RoutingStep {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const connections = () => kernel.services.get<ConnectionsRef>('connections')

  async function claim(companyId: number, ddd: string): Promise<{ userId: number; name: string } | null> {
    const t = kernel.tenant(companyId)
    for (let attempt = 0; attempt < 3; attempt++) {
      const holders: Holder[] = await t('ddd_routing').where({ ddd }).select('id', 'userId', 'lastAssignedAt')
      if (!holders.length) return null
      const ids = holders.map((h) => h.userId)
      const [views, counts] = await Promise.all([
        kernel.accounts.userViews(ids),
        tickets().openCountsByUser(companyId, ids),
      ])
      // users.online is every process's view (the presence tick); this process's sockets are the freshest.
      const online = new Set([
        ...views.filter((v) => v.online).map((v) => v.id),
        ...kernel.realtime.onlineUserIds(companyId),
      ])
      const chosen = pickHolder(holders, online, counts)
      const won = await t('ddd_routing')
        .where({ id: chosen.id })
        .where((w) =>
          chosen.lastAssignedAt === null
            ? w.whereNull('lastAssignedAt')
            : w.where('lastAssignedAt', new Date(chosen.lastAssignedAt)),
        )
        .update({ lastAssignedAt: new Date() })
        .returning('id')
      if (won.length) return { userId: chosen.userId, name: views.find((v) => v.id === chosen.userId)?.name ?? '' }
    }
    return null
  }

  /** The ticket's queue when it has none: one of the user's queues served by the connection, else their first. */
  async function queueFor(ctx: RoutingContext, userId: number): Promise<number | null | undefined> {
    if (ctx.ticket.queueId) return undefined
    const [user] = await tickets().attendants(ctx.companyId, [userId])
    if (!user?.queueIds.length) return undefined
    const served = await connections().queueIdsOf(ctx.companyId, ctx.whatsapp.id)
    return served.find((q) => user.queueIds.includes(q)) ?? user.queueIds[0]
  }

  return {
    name: 'ddd-routing',
    order: DDD_STEP_ORDER,
    async run(ctx) {
      const { companyId } = ctx
      // Query-free checks first: this runs on every inbound message.
      if (!ctx.isNewTicket || ctx.ticket.isGroup || ctx.ticket.userId) return false
      const ddd = dddOf(ctx.contact.number)
      if (!ddd) return false
      if ((await kernel.settings.get(companyId, DDD_SETTING)) !== 'enabled') return false
      if (!(await kernel.moduleEnabled(companyId, 'ddd-routing'))) return false
      // Someone may have taken it between the batch's commit and this step.
      const now = await tickets().get(companyId, ctx.ticket.id)
      if (!now || now.status !== 'pending' || now.userId) return false
      const chosen = await claim(companyId, ddd)
      if (!chosen) return false
      const { userId } = chosen
      const queueId = await queueFor(ctx, userId)
      await tickets().update(companyId, now.id, { userId, status: 'open', chatbot: false, queueId })
      // The ticket's history: who got it and why (a system note, as the bots' hand-overs are).
      await tickets().addNote(
        companyId,
        now.id,
        `Atribuído a ${chosen.name || `#${userId}`} pelo roteamento por DDD (${ddd}).`,
      )
      return true
    },
  }
}
