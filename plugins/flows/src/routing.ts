/**
 * Where flows meet conversations. A routing step of the connections pipeline (order 200, before the
 * queues' chatbot at 400) and a listener on ticket moves:
 * - a customer's message on a ticket with a live run is that run's (an answer, or ignored during a
 *   wait) — a phrase sent inside a flow answers the flow, it does not restart it;
 * - otherwise, on a ticket waiting with nobody on it, a phrase of an active campaign on the
 *   connection starts its flow;
 * - a ticket someone takes, closes or moves to another queue ends its run (a bot never talks over a
 *   person); a ticket left waiting in a queue with an active sub-queue flow starts that flow, once.
 */
import type { Kernel } from '@atende/sdk'
import type { RoutingContext, RoutingStep } from '@atende/plugin-connections/api'
// Listens to the tickets plugin's events (ticket.updated, ticket.deleted): its contract declares them.
import type { Ticket } from '@atende/plugin-tickets/api'
import type { CampaignService } from './campaigns.ts'
import type { Engine } from './engine.ts'
import type { QueueFlowService } from './queue-flows.ts'

const unattended = (t: Pick<Ticket, 'status' | 'userId' | 'isGroup'>) =>
  t.status === 'pending' && !t.userId && !t.isGroup

export function createFlowStep(engine: Engine, campaigns: CampaignService): RoutingStep {
  return {
    name: 'flows',
    order: 200,
    async run(ctx: RoutingContext) {
      const { companyId, ticket, message } = ctx
      if (!unattended(ticket)) return false
      if (await engine.input(companyId, ticket.id, { id: message.id, body: message.body })) return true
      const hit = await campaigns.match(companyId, ctx.whatsapp.id, message.body)
      if (!hit) return false
      const started = await engine.start(companyId, {
        ticketId: ticket.id,
        whatsappId: ctx.whatsapp.id,
        flowId: hit.flowId,
        versionId: hit.versionId,
        startedBy: 'phrase',
      })
      // Lost a race with another start: the run that won takes this message as its input.
      return started || engine.input(companyId, ticket.id, { id: message.id, body: message.body })
    },
  }
}

/** Tickets whose bot-held queue this process last checked against their run (bounded, oldest out). */
const CHECKED_MAX = 10_000

export function watchTickets(kernel: Kernel, engine: Engine, queueFlows: QueueFlowService) {
  // ticketId → the queue a check last found the ticket's live run (if any) agreeing with. Each bot
  // message moves the ticket's lastMessage, so most updates of a bot-held ticket repeat the place the
  // last check saw: a run's queue only follows the ticket's (engine.step), so only a new queue needs
  // a look at the run.
  const checked = new Map<number, number | null>()
  const remember = (ticketId: number, queueId: number | null) => {
    checked.delete(ticketId)
    checked.set(ticketId, queueId)
    if (checked.size > CHECKED_MAX) checked.delete(checked.keys().next().value!)
  }
  kernel.bus.on('ticket.updated', async ({ companyId, ticket }) => {
    if (ticket.isGroup) return
    try {
      // A live run of ours marks the ticket chatbot: someone else's move ends it.
      if (ticket.chatbot) {
        if (!unattended(ticket)) {
          checked.delete(ticket.id)
          await engine.cancel(companyId, ticket.id, ticket.status === 'closed' ? 'closed' : 'human')
        } else if (checked.get(ticket.id) !== (ticket.queueId ?? null)) {
          checked.delete(ticket.id)
          await engine.cancel(companyId, ticket.id, 'transferred', { queueId: ticket.queueId })
          remember(ticket.id, ticket.queueId ?? null)
        }
        return
      }
      checked.delete(ticket.id)
      if (!unattended(ticket) || !ticket.queueId || !ticket.whatsappId) return
      const flow = await queueFlows.forQueue(companyId, ticket.queueId)
      if (!flow) return
      await engine.start(companyId, {
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
        queueFlowId: flow.id,
        versionId: flow.versionId,
        startedBy: 'queue',
      })
    } catch (err) {
      kernel.log.warn({ err, companyId, ticketId: ticket.id }, 'flows: ticket move not handled')
    }
  })
  kernel.bus.on('ticket.deleted', async ({ companyId, ticketId }) => {
    checked.delete(ticketId)
    await engine.cancel(companyId, ticketId, 'deleted')
  })
}
