/**
 * Webhook and n8n integrations as an engine of the conversations' run time (bots.ts): each customer
 * message is one signed POST (webhook.ts), made from its ticket's inbox under the ticket's lease, so
 * one ticket's events reach the endpoint in order while other tickets — and other companies — go on
 * side by side. One attempt per job: a retryable failure (no answer in WEBHOOK_TIMEOUT_MS, a network
 * error, 429, 5xx) is tried again by a delayed job after the next of WEBHOOK_RETRY_MS's pauses
 * (1 s, 3 s, 9 s), holding no job slot while it waits; the eventId is the same every time, so a
 * receiver drops repeats. The answer's replies go to the customer and its transfer moves the ticket.
 */
import type { Kernel } from '@atende/sdk'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
import { RetryLater, type Engine } from './bots.ts'
import { WebhookFailure, callWebhook } from './webhook.ts'

/** WEBHOOK_RETRY_MS: the pauses before each retry, comma-separated (default 1 s, 3 s, 9 s). */
export const webhookPauses = () =>
  (process.env.WEBHOOK_RETRY_MS ?? '1000,3000,9000')
    .split(',')
    .filter((v) => v.trim() !== '')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0)

export function webhookEngine(kernel: Kernel): Engine {
  return async ({ integration, ticket, contact, message }) => {
    const { companyId } = integration
    const conn = ticket.whatsappId
      ? await kernel.services.get<ConnectionsRef>('connections').get(companyId, ticket.whatsappId)
      : null
    let answer
    try {
      answer = await callWebhook(
        integration.urlN8N,
        integration.secret,
        {
          event: 'message.received',
          eventId: `${companyId}-${message.id}`,
          timestamp: Date.now(),
          company: { id: companyId },
          connection: { id: conn?.id ?? 0, name: conn?.name ?? '' },
          ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId },
          contact: { id: contact.id, name: contact.name, number: contact.number },
          message: { id: message.id, body: message.body, mediaType: message.mediaType, createdAt: message.createdAt },
        },
        { backoffMs: [] },
      )
    } catch (err) {
      if (err instanceof WebhookFailure && err.retryable) throw new RetryLater(err.message, webhookPauses())
      throw err
    }
    return {
      segments: answer.replies.length
        ? [{ waitMs: 0, items: answer.replies.map((body) => ({ kind: 'text' as const, body })) }]
        : [],
      ended: false,
      ...(answer.action ? { action: answer.action } : {}),
    }
  }
}
