/**
 * Integrations at run time: a step of the connections routing chain (order 250: after flows, before
 * prompts and the queues' chatbot). For a ticket waiting with nobody on it whose queue — or else
 * connection — names an integration:
 * - flowbuilder starts its flow (the flows service);
 * - webhook, n8n, typebot, dialogflow: the message goes to the conversation's inbox, answered by a
 *   job in order (bots.ts), so the pipeline never waits for the engine; tickets (and companies) go
 *   side by side, one ticket's messages one at a time. A webhook's retries are delayed jobs
 *   (webhook-engine.ts). If it fails for good, the ticket is handed to people: the integration stops
 *   for it (useIntegration false) and a note on the ticket says why.
 * A person who takes the ticket ends it all: the step and the job both look again before acting.
 */
import type { Kernel } from '@atende/sdk'
import type { RoutingContext, RoutingStep, ConnectionsRef } from '@atende/plugin-connections/api'
import type { FlowsRef } from '@atende/plugin-flows/api'
import type { QueuesRef } from '@atende/plugin-queues/api'
// Listens to the tickets plugin's events (ticket.deleted): its contract declares them.
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { IntegrationService } from './service.ts'
import { webhookEngine } from './webhook-engine.ts'
import { createBotRuntime, unattended } from './bots.ts'
import { createBotStore } from './bot-store.ts'
import { typebotEngine } from './typebot-engine.ts'
import { dialogflowEngine } from './dialogflow-engine.ts'

/**
 * The job webhook deliveries used before they went through the inbox: jobs of that name still
 * queued when this version starts are moved into it.
 */
export const WEBHOOK_JOB = 'integrations.webhook'
interface WebhookJob {
  companyId: number
  ticketId: number
  messageId: number
  integrationId: number
}

export function createIntegrationRuntime(kernel: Kernel, service: IntegrationService) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const connections = () => kernel.services.get<ConnectionsRef>('connections')

  /** The queue's integration, else the connection's. */
  async function integrationOf(ctx: RoutingContext) {
    if (ctx.ticket.queueId) {
      const bots = await kernel.services.find<QueuesRef>('queues')?.botsOf(ctx.companyId, ctx.ticket.queueId)
      if (bots?.integrationId) return bots.integrationId
    }
    return (await connections().get(ctx.companyId, ctx.whatsapp.id)).integrationId ?? null
  }

  async function handOver(companyId: number, ticketId: number, why: string) {
    await tickets().addNote(companyId, ticketId, why)
    await tickets().update(companyId, ticketId, { useIntegration: false })
    kernel.log.warn({ companyId, ticketId, why }, 'integration handed the ticket over')
  }

  const store = createBotStore(kernel)
  const bots = createBotRuntime(
    kernel,
    service,
    store,
    {
      typebot: typebotEngine,
      dialogflow: dialogflowEngine(kernel),
      webhook: webhookEngine(kernel),
      n8n: webhookEngine(kernel),
    },
    handOver,
  )
  // A deleted ticket's conversations go with it.
  kernel.bus.on('ticket.deleted', ({ companyId, ticketId }) => store.forgetTicket(companyId, ticketId))

  /** A delivery queued by an earlier version: into the ticket's inbox like any other. */
  const deliver = (job: WebhookJob) => bots.enqueue(job.companyId, job.ticketId, job.integrationId, job.messageId)

  const step: RoutingStep = {
    name: 'integrations',
    order: 250,
    async run(ctx) {
      const { companyId, ticket } = ctx
      if (!unattended(ticket)) return false
      // Handed over to people after a failure: the integration stays out of this ticket.
      if (ticket.integrationId && !ticket.useIntegration) return false
      const integrationId = ticket.integrationId ?? (await integrationOf(ctx))
      if (!integrationId) return false
      const row = await service.row(companyId, integrationId).catch(() => null)
      if (!row) return false
      if (row.type === 'flowbuilder') {
        const flows = kernel.services.find<FlowsRef>('flows')
        return !!(
          flows &&
          row.flowId &&
          (await flows.start(companyId, { id: ticket.id, whatsappId: ctx.whatsapp.id }, row.flowId))
        )
      }
      if (!ticket.useIntegration || ticket.integrationId !== integrationId)
        await tickets().update(companyId, ticket.id, { useIntegration: true, integrationId })
      // Every engine answers from the ticket's inbox, in order, under its lease (bots.ts).
      await bots.enqueue(companyId, ticket.id, integrationId, ctx.message.id)
      return true
    },
  }

  return { step, deliver, bots }
}
