/**
 * Integrations at run time: a step of the connections routing chain (order 250: after flows, before
 * prompts and the queues' chatbot). For a ticket waiting with nobody on it whose queue — or else
 * connection — names an integration:
 * - flowbuilder starts its flow (the flows service);
 * - webhook / n8n: the message becomes a job (`integrations.webhook`, one per message), so a slow or
 *   dead endpoint never holds the pipeline; the job calls the endpoint (webhook.ts), sends its
 *   replies as the bot and applies its action. If the call fails for good, the ticket is handed to
 *   people: the integration stops for it (useIntegration false) and a note on the ticket says why.
 * - typebot / dialogflow: the message goes to the conversation's inbox, answered by a job in
 *   order (bots.ts), so the pipeline never waits for the engine either.
 * A person who takes the ticket ends it all: the step and the job both look again before acting.
 */
import type { Kernel } from '@atende/sdk'
import type { ContactsService } from '@atende/plugin-contacts/api'
import type { ConnectionsService, RoutingContext, RoutingStep } from '@atende/plugin-connections/api'
import type { FlowsService } from '@atende/plugin-flows/api'
import type { QueuesService } from '@atende/plugin-queues/api'
import type { MessagingService, TicketsService } from '@atende/plugin-tickets/api'
import type { IntegrationService } from './service.ts'
import { WebhookFailure, callWebhook } from './webhook.ts'
import { createBotRuntime, unattended } from './bots.ts'
import { createBotStore } from './bot-store.ts'
import { typebotEngine } from './typebot-engine.ts'
import { dialogflowEngine } from './dialogflow-engine.ts'

export const WEBHOOK_JOB = 'integrations.webhook'
interface WebhookJob {
  companyId: number
  ticketId: number
  messageId: number
  integrationId: number
}

/** WEBHOOK_RETRY_MS: the pauses before each retry, comma-separated (default 1 s, 3 s, 9 s). */
const backoff = () =>
  (process.env.WEBHOOK_RETRY_MS ?? '1000,3000,9000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0)

export function createIntegrationRuntime(kernel: Kernel, service: IntegrationService) {
  const tickets = () => kernel.services.get<TicketsService>('tickets')
  const contacts = () => kernel.services.get<ContactsService>('contacts')
  const connections = () => kernel.services.get<ConnectionsService>('connections')

  /** The queue's integration, else the connection's. */
  async function integrationOf(ctx: RoutingContext) {
    if (ctx.ticket.queueId) {
      const bots = await kernel.services.find<QueuesService>('queues')?.botsOf(ctx.companyId, ctx.ticket.queueId)
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
    { typebot: typebotEngine, dialogflow: dialogflowEngine(kernel) },
    handOver,
  )
  // A deleted ticket's conversations go with it.
  kernel.bus.on('ticket.deleted', ({ companyId, ticketId }) => store.forgetTicket(companyId, ticketId))

  async function deliver(job: WebhookJob) {
    const { companyId, ticketId, messageId, integrationId } = job
    const ticket = await tickets().get(companyId, ticketId)
    if (!ticket || !unattended(ticket) || !ticket.useIntegration || !ticket.whatsappId) return
    const row = await service.row(companyId, integrationId).catch(() => null)
    if (!row) return handOver(companyId, ticketId, 'A integração foi excluída; o atendimento segue com a equipe.')
    const [message, contact, conn] = await Promise.all([
      tickets().getMessage(companyId, messageId),
      contacts().get(companyId, ticket.contactId),
      connections().get(companyId, ticket.whatsappId),
    ])
    if (!message || !contact) return
    let answer
    try {
      answer = await callWebhook(
        row.urlN8N,
        row.secret,
        {
          event: 'message.received',
          eventId: `${companyId}-${message.id}`,
          timestamp: Date.now(),
          company: { id: companyId },
          connection: { id: conn.id, name: conn.name },
          ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId },
          contact: { id: contact.id, name: contact.name, number: contact.number },
          message: { id: message.id, body: message.body, mediaType: message.mediaType, createdAt: message.createdAt },
        },
        { backoffMs: backoff() },
      )
    } catch (err) {
      const why =
        err instanceof WebhookFailure || (err as { code?: string }).code ? (err as Error).message : 'erro inesperado'
      return handOver(
        companyId,
        ticketId,
        `A integração "${row.name}" falhou (${why}); o atendimento segue com a equipe.`,
      )
    }
    // Someone may have taken the ticket while the endpoint thought.
    const now = await tickets().get(companyId, ticketId)
    if (!now || !unattended(now) || !now.useIntegration) return
    const messaging = kernel.services.find<MessagingService>('messaging')
    for (const reply of answer.replies) await messaging?.send(companyId, ticketId, reply)
    if (answer.action) {
      const queues = kernel.services.find<QueuesService>('queues')
      if (!(await queues?.exists(companyId, [answer.action.queueId])))
        return handOver(
          companyId,
          ticketId,
          `A integração "${row.name}" pediu uma fila que não existe; o atendimento segue com a equipe.`,
        )
      await tickets().update(companyId, ticketId, {
        queueId: answer.action.queueId,
        status: 'pending',
        useIntegration: false,
      })
    }
  }

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
        const flows = kernel.services.find<FlowsService>('flows')
        return !!(
          flows &&
          row.flowId &&
          (await flows.start(companyId, { id: ticket.id, whatsappId: ctx.whatsapp.id }, row.flowId))
        )
      }
      if (!ticket.useIntegration || ticket.integrationId !== integrationId)
        await tickets().update(companyId, ticket.id, { useIntegration: true, integrationId })
      if (row.type === 'typebot' || row.type === 'dialogflow') {
        await bots.enqueue(companyId, ticket.id, integrationId, ctx.message.id)
        return true
      }
      await kernel.jobs.add<WebhookJob>(
        WEBHOOK_JOB,
        { companyId, ticketId: ticket.id, messageId: ctx.message.id, integrationId },
        { jobId: `webhook-${companyId}-${ctx.message.id}` },
      )
      return true
    },
  }

  return { step, deliver, bots }
}
