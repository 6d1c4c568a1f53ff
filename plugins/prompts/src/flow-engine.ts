/**
 * The flows' OpenAI node (service `flowEngine.openai`, the FlowNodeEngine of @atende/plugin-flows):
 * when a run reaches the node, its dialog's settings become a prompt of the node's own (origin
 * `flow:<flowId>:<nodeId>`, out of the /prompts list, updated when the node changes), the ticket is
 * the assistant's, and the customer's last message is answered by the same job as any prompt's.
 * Bounds the node's dialog leaves open are the prompt's (maxTokens 1–4,096, maxMessages 1–50,
 * temperature 0–1); a node without a prompt text or key cannot take the ticket (the flows plugin
 * then leaves a note).
 */
import type { Kernel } from '@atende/sdk'
import type { FlowNodeEngine } from '@atende/plugin-flows/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import { MODELS, VOICES } from './api.ts'
import { REPLY_JOB, type ReplyJob } from './runtime.ts'

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const within = (v: unknown, min: number, max: number, fallback: number) => {
  const n = Number(typeof v === 'string' ? v.replace(',', '.') : v)
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback
}

export function createFlowEngine(kernel: Kernel): FlowNodeEngine {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  return {
    version: 1,
    async adopt(companyId, { ticketId, flowId, nodeId, settings }) {
      const prompt = text(settings.prompt)
      // Keys arrive sealed (the flows plugin seals them on save); an unsealed one is sealed here.
      const apiKey = text(settings.apiKey)
      if (!prompt || !apiKey) return false
      const voice = (VOICES as readonly string[]).includes(text(settings.voice)) ? text(settings.voice) : 'texto'
      const region = text(settings.voiceRegion).toLowerCase()
      const seal = (v: string) => (v.startsWith('v1:') ? v : kernel.vault.seal(v))
      const voiceKey = text(settings.voiceKey)
      const spoken = voice !== 'texto' && !!voiceKey && /^[a-z0-9]{2,30}$/.test(region)
      const row = {
        name: (text(settings.name) || 'Fluxo').slice(0, 100),
        prompt,
        model: (MODELS as readonly string[]).includes(text(settings.model)) ? text(settings.model) : MODELS[0],
        maxTokens: Math.round(within(settings.maxTokens, 1, 4096, 100)),
        temperature: Math.round(within(settings.temperature, 0, 1, 1) * 10) / 10,
        apiKey: seal(apiKey),
        queueId: null,
        maxMessages: Math.round(within(settings.maxMessages, 1, 50, 10)),
        voice: spoken ? voice : 'texto',
        voiceKey: spoken ? seal(voiceKey) : '',
        voiceRegion: spoken ? region : '',
        origin: `flow:${flowId ?? 0}:${nodeId}`.slice(0, 100),
        updatedAt: new Date(),
      }
      const [{ id: promptId }] = await kernel
        .tenant(companyId)
        .insert('prompts', row)
        .onConflict(['companyId', 'origin'])
        .merge()
        .returning('id')
      await tickets().update(companyId, ticketId, { useIntegration: true, promptId })
      const last = (await tickets().recentMessages(companyId, ticketId, 20)).filter((m) => !m.fromMe).at(-1)
      if (last)
        await kernel.jobs.add<ReplyJob>(
          REPLY_JOB,
          { companyId, ticketId, messageId: last.id, promptId },
          { jobId: `prompt-${companyId}-${last.id}` },
        )
      return true
    },
  }
}
