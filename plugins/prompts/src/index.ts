import { definePlugin, ownedRows } from '@atende/sdk'
import type { PromptsRef } from './api.ts'
import type { InboundRef } from '@atende/plugin-connections/api'
import { mapRealtime } from './events.ts'
import { createFlowEngine } from './flow-engine.ts'
import { registerPromptRoutes } from './routes.ts'
import { REPLY_JOB, createPromptRuntime, replyConcurrency } from './runtime.ts'
import { createPromptService } from './service.ts'
// Listens to the queues plugin's events (queue.deleted): declared by its contract.
import type {} from '@atende/plugin-queues/api'
import type { FlowEngineRef } from '@atende/plugin-flows/api'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['prompt.deleted', 'prompt.saved']

/**
 * Prompts (plan flag useOpenAi): an OpenAI assistant
 * that answers a queue's or a connection's customers in the company's words (runtime.ts).
 *
 * Decisions where the spec is silent:
 * - Admins only. The prompt's queue is where the assistant transfers a customer to people.
 * - Keys (OpenAI, Azure speech) are sealed at rest with the kernel's vault and never answered back:
 *   `apiKeySet` / `apiKeyMask` say one is stored; an edit with an empty key keeps it.
 * - Bounds the spec leaves open: maxTokens 1–4,096, maxMessages 1–50; temperature 0–1 in steps of
 *   0.1, kept as a number. A spoken voice needs the Azure key and a region (a host label).
 * - Outside services: OPENAI_BASE_URL (default https://api.openai.com/v1), OPENAI_TIMEOUT_MS (30 s),
 *   OPENAI_RETRY_MS (1 s, 4 s), OPENAI_TRANSCRIBE_MODEL (whisper-1), AZURE_TTS_URL (with {region}).
 * - Live: `company-{id}-prompt` with create / update / delete (promptId).
 * - A flow's OpenAI node runs as a prompt of its own (flow-engine.ts), hidden from the list.
 */
export default definePlugin({
  name: 'prompts',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'queue.deleted'] },
  host: '^1.0.0',
  planFlag: 'useOpenAi',
  essential: false,
  module: true,
  moduleRoutes: ['/prompts'],
  dependsOn: ['tickets', 'connections', 'queues'],
  services: {
    provides: ['flowEngine.openai', 'prompts'],
    requires: ['tickets', 'connections', 'inbound'],
    optional: ['queues', 'messaging'],
  },
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    const service = createPromptService(kernel)
    kernel.services.provide<PromptsRef>('prompts', {
      version: 1,
      ownedBy: ownedRows((c) => kernel.tenant(c), 'prompts'),
    })
    mapRealtime(kernel)
    registerPromptRoutes(app, service)
    const runtime = createPromptRuntime(kernel, service)
    kernel.services.get<InboundRef>('inbound').register(runtime.step)
    kernel.jobs.define(REPLY_JOB, runtime.reply, { concurrency: replyConcurrency() })
    kernel.services.provide<FlowEngineRef>('flowEngine.openai', createFlowEngine(kernel))
    // The queues plugin's event: a prompt whose transfer queue is deleted transfers within the ticket's own queue.
    kernel.bus.on('queue.deleted', async ({ companyId, queueId }) => {
      await kernel.tenant(companyId)('prompts').where({ queueId }).update({ queueId: null })
    })
  },
})
