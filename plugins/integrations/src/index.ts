import { definePlugin, ownedRows } from '@atende/sdk'
import type { IntegrationsRef } from './api.ts'
import type { InboundRef } from '@atende/plugin-connections/api'
import { mapRealtime } from './events.ts'
import { createTypebotFlowEngine } from './flow-engine.ts'
import { WEBHOOK_JOB, createIntegrationRuntime } from './runtime.ts'
import { BOT_JOB, BOT_SWEEP_JOB, BOT_SWEEP_MS, type BotJob } from './bots.ts'
import { registerIntegrationRoutes } from './routes.ts'
import { createIntegrationService } from './service.ts'
import type { FlowEngineRef } from '@atende/plugin-flows/api'

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['integration.deleted', 'integration.saved']

/**
 * Queue integrations (plan flag
 * useIntegrations): the outside engines — Dialogflow, n8n, webhooks, Typebot, a flow — that a queue
 * or connection hands its customers to. All five run (runtime.ts): webhook / n8n per message
 * (webhook.ts); Typebot (typebot.ts, Chat API v1) and Dialogflow ES (dialogflow.ts, REST) as
 * conversations whose messages a job answers in order per ticket (bots.ts); flowbuilder starts a flow.
 *
 * Decisions where the spec is silent:
 * - Admins only. Fields are checked per type on the server as the dialog checks them: n8n and
 *   webhook need a URL, Typebot a URL and a slug, Dialogflow a project and a service-account key,
 *   flowbuilder a flow of the company (`flowId`, an addition: the spec names no field for it).
 * - URLs must be http(s) and public: a private, loopback or link-local address is refused
 *   (ERR_OUTBOUND_URL_REFUSED); OUTBOUND_ALLOWED_HOSTS lets named hosts past (never link-local).
 *   Every call checks again (also the token_uri a Dialogflow key names).
 * - The Dialogflow key is sealed at rest (kernel vault) and never answered back (`jsonContent` is
 *   empty, `jsonContentSet` says one is stored; an edit with an empty key keeps it). testSession
 *   asks the agent "Olá"; failures are 400 ERR_DIALOGFLOW_KEY_INVALID / _UNAUTHORIZED /
 *   _PROJECT_NOT_FOUND (field projectName) / _TIMEOUT / _FAILED with the reason.
 * - Webhook and n8n calls are signed with the integration's `secret` (HMAC-SHA256), shown to admins,
 *   never in realtime frames.
 * - A bot that ends (Typebot answers without an input, Dialogflow's end_conversation, the finish
 *   keyword) sets useIntegration false: the ticket stays pending in its queue for people. A bot
 *   that fails does the same with a note on the ticket. Either way the bot stays out of that ticket.
 * - Live: `company-{id}-queueIntegration` with create / update / delete (integrationId).
 */
export default definePlugin({
  name: 'integrations',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'ticket.deleted'] },
  host: '^1.0.0',
  planFlag: 'useIntegrations',
  essential: false,
  module: true,
  moduleRoutes: ['/queue-integration'],
  dependsOn: ['tickets', 'connections'],
  services: {
    provides: ['flowEngine.typebot', 'integrations'],
    requires: ['tickets', 'contacts', 'connections', 'inbound'],
    optional: ['flows', 'queues', 'messaging'],
  },
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const service = createIntegrationService(kernel)
    kernel.services.provide<IntegrationsRef>('integrations', {
      version: 1,
      ownedBy: ownedRows((c) => kernel.tenant(c), 'queue_integrations'),
    })
    mapRealtime(kernel)
    registerIntegrationRoutes(app, service)
    const runtime = createIntegrationRuntime(kernel, service)
    kernel.services.get<InboundRef>('inbound').register(runtime.step)
    kernel.jobs.define(WEBHOOK_JOB, runtime.deliver)
    kernel.services.provide<FlowEngineRef>('flowEngine.typebot', createTypebotFlowEngine(kernel, runtime.bots.enqueue))
    // Drains of different tickets run side by side (mostly waiting on engines and message pacing);
    // one ticket's are serialized by its lease.
    kernel.jobs.define<BotJob>(BOT_JOB, (job) => runtime.bots.drain(job), { concurrency: 16 })
    kernel.jobs.define(BOT_SWEEP_JOB, async () => {
      await runtime.bots.sweep()
    })
    await kernel.jobs.add(BOT_SWEEP_JOB, {}, { jobId: 'integrations-bot-sweep', repeat: { every: BOT_SWEEP_MS } })
    app.addHook('onReady', async () => {
      // Held-back messages and inboxes whose job died with a process: picked up at start.
      void runtime.bots.sweep().catch((err) => kernel.log.warn({ err }, 'integrations: start sweep failed'))
    })
  },
})
