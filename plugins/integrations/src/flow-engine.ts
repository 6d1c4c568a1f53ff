/**
 * The flows' Typebot node (service `flowEngine.typebot`, the FlowNodeEngine of
 * @atende/plugin-flows): when a run reaches the node, its dialog's settings (the
 * Typebot node's name, urlN8N, typebotSlug, expiry, delay, keywords, messages) become an
 * integration of the node's own (origin `flow:<flowId>:<nodeId>`, out of the list, updated when the
 * node changes), the ticket becomes that Typebot's, and its conversation starts with the
 * customer's last message — the same runtime as a queue's Typebot. A node without URL or slug, or
 * with a URL the guard refuses, cannot take the ticket (the flows plugin then leaves a note).
 */
import { randomBytes } from 'node:crypto'
import { assertPublicUrl, type Kernel } from '@atende/sdk'
import type { FlowNodeEngine } from '@atende/plugin-flows/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '')
const int = (v: unknown, min: number, max: number, fallback: number) => {
  const n = Math.round(Number(v))
  return Number.isFinite(n) && v !== '' && v !== null ? Math.min(max, Math.max(min, n)) : fallback
}

export function createTypebotFlowEngine(
  kernel: Kernel,
  enqueue: (companyId: number, ticketId: number, integrationId: number, messageId: number) => Promise<void>,
): FlowNodeEngine {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  return {
    version: 1,
    async adopt(companyId, { ticketId, flowId, nodeId, settings }) {
      const url = text(settings.urlN8N, 500)
      const slug = text(settings.typebotSlug, 200)
      if (!url || !slug) return false
      try {
        await assertPublicUrl(url, 'urlN8N')
      } catch {
        return false
      }
      const name = text(settings.name, 50) || 'Typebot'
      const fields = {
        type: 'typebot',
        name,
        projectName: name,
        urlN8N: url,
        typebotSlug: slug,
        typebotExpires: int(settings.typebotExpires, 0, 10_080, 1),
        typebotDelayMessage: int(settings.typebotDelayMessage, 0, 60_000, 1000),
        typebotKeywordFinish: text(settings.typebotKeywordFinish, 100),
        typebotKeywordRestart: text(settings.typebotKeywordRestart, 100),
        typebotRestartMessage: text(settings.typebotRestartMessage, 4000),
        typebotUnknownMessage: text(settings.typebotUnknownMessage, 4000),
        updatedAt: new Date(),
      }
      const [{ id: integrationId }] = await kernel
        .tenant(companyId)
        .insert('queue_integrations', {
          ...fields,
          origin: `flow:${flowId ?? 0}:${nodeId}`.slice(0, 100),
          secret: randomBytes(24).toString('hex'),
        })
        .onConflict(['companyId', 'origin'])
        .merge(Object.keys(fields))
        .returning('id')
      await tickets().update(companyId, ticketId, { useIntegration: true, integrationId })
      const last = (await tickets().recentMessages(companyId, ticketId, 20)).filter((m) => !m.fromMe).at(-1)
      if (last) await enqueue(companyId, ticketId, integrationId, last.id)
      return true
    },
  }
}
