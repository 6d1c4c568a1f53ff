import { definePlugin } from '@atende/sdk'
import type { InboundRef } from '@atende/plugin-connections/api'
import type { FlowsRef } from './api.ts'
import { createCampaignService } from './campaigns.ts'
import { SWEEP_EVERY_MS, SWEEP_JOB, WAKE_CONCURRENCY, WAKE_JOB, createEngine, type WakeJob } from './engine.ts'
import { createQueueFlowService } from './queue-flows.ts'
import { registerFlowRoutes } from './routes.ts'
import { createFlowStep, watchTickets } from './routing.ts'
import { createFlowService } from './service.ts'
// Listens to the queues plugin's events (queue.deleted): declared by its contract.
import type {} from '@atende/plugin-queues/api'

/**
 * Flows ("Flow editor", "Sub-queue flow management", "Phrase
 * campaigns"): conversation flows drawn in the editor and run
 * on customers' messages, phrases that start them, and sub-queue flows. No spec plan flag: the super
 * user switches the module per plan like any other.
 *
 * Decisions where the spec is silent:
 * - Saving a flow validates its whole graph (graph.ts: one start, known handles, one edge per
 *   handle, interval 1–120 s, randomizer steps of 10, options 1..n, files and queues of the company)
 *   and publishes an immutable version; a refused graph is a 400 ERR_FLOW_INVALID naming the node.
 *   Conversations finish on the version they started, whatever is edited or deleted meanwhile.
 * - The runtime (interpreter.ts, engine.ts) keeps each run in the database; waits are jobs fenced
 *   by the run's step, swept every 10 s in case a job was lost; events of one conversation take the
 *   run's row lock, one at a time. A run ends when a person takes, closes or moves the ticket.
 * - A phrase matches the whole message, normalised (case, accents, spaces); inside a running flow a
 *   phrase is an answer, not a restart. One active campaign per phrase and connection.
 * - Menus accept "1", "1.", "[1]" and the option's words; 3 wrong answers are asked again, the 4th
 *   takes the menu's `invalid` edge or ends the flow for a person. Question answers are run
 *   variables ({{answerKey}}), never contact fields. Bot messages are capped at 30 a minute per
 *   conversation (a flow looping into itself stops, logged).
 * - Sub-queue flows compile to a flow (menu → welcome → transfer) and start once per ticket when it
 *   waits unattended in the main queue; the routes refuse another company's id in the path (403).
 * - Routes are for admins; deleting a phrase campaign needs contacts-page:deleteContact.
 */
export default definePlugin({
  name: 'flows',
  version: '1.0.0',
  events: {
    emits: ['flow.deleted', 'flow.saved'],
    listens: ['queue.deleted', 'ticket.deleted', 'ticket.updated', 'whatsapp.deleted'],
  },
  host: '^1.0.0',
  essential: false,
  module: true,
  moduleRoutes: ['/flowbuilders', '/flowbuilder', '/phrase-lists', '/queue-flow-management'],
  cshowRoutes: ['/flowbuilders', '/flowbuilder', '/phrase-lists'],
  dependsOn: ['tickets', 'connections', 'queues', 'contacts'],
  services: {
    provides: ['flows'],
    requires: ['tickets', 'contacts', 'connections', 'inbound', 'queues'],
    optional: ['messaging', 'flowEngine.typebot', 'flowEngine.openai'],
  },
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const flows = createFlowService(kernel)
    const campaigns = createCampaignService(kernel)
    const queueFlows = createQueueFlowService(kernel)
    const engine = createEngine(kernel)
    registerFlowRoutes(app, kernel, { flows, campaigns, queueFlows })
    kernel.services.get<InboundRef>('inbound').register(createFlowStep(engine, campaigns))
    watchTickets(kernel, engine, queueFlows)
    kernel.bus.on('whatsapp.deleted', ({ companyId, whatsappId }) => campaigns.forgetConnection(companyId, whatsappId))
    kernel.bus.on('queue.deleted', ({ companyId, queueId }) => queueFlows.forgetQueue(companyId, queueId))

    // Wakes of different runs go side by side; one run's are fenced by its row lock and step.
    kernel.jobs.define<WakeJob>(WAKE_JOB, (job) => engine.wake(job), { concurrency: WAKE_CONCURRENCY })
    kernel.jobs.define(SWEEP_JOB, async () => {
      await engine.sweep()
    })
    await kernel.jobs.add(SWEEP_JOB, {}, { jobId: 'flows-sweep', repeat: { every: SWEEP_EVERY_MS } })
    app.addHook('onReady', async () => {
      // Waits that ended while no process ran: woken at start.
      void engine.sweep().catch((err) => kernel.log.warn({ err }, 'flows: start sweep failed'))
    })

    kernel.services.provide<FlowsRef>('flows', {
      version: 1,
      async start(companyId, ticket, flowId) {
        const versionId = await flows.liveVersion(companyId, flowId)
        if (!versionId) return false
        return engine.start(companyId, {
          ticketId: ticket.id,
          whatsappId: ticket.whatsappId,
          flowId,
          versionId,
          startedBy: 'integration',
        })
      },
      exists: async (companyId, flowId) =>
        !!(await kernel.tenant(companyId)('flows').where({ id: flowId }).first('id')),
      running: async (companyId, ticketId) => (await engine.liveRun(companyId, ticketId)) !== null,
      sweep: (at?: Date) => engine.sweep(at),
    })
  },
})
