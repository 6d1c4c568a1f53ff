import type { FastifyInstance } from 'fastify'
import type { Kernel } from '@atende/sdk'
import { progressAnnouncer } from './announce.ts'
import { deliveryReconciler, followDelivery } from './delivery.ts'
import { TICK_JOB, createDispatcher, type Dispatcher } from './dispatch.ts'
import { mapCampaignRealtime } from './events.ts'
import { registerCampaignRoutes } from './routes.ts'
import { createCampaignService } from './service.ts'
import { createCampaignSettings } from './settings.ts'

/** CAMPAIGN_TICK_MS: how often the engine looks for work (2 s; 0 turns the repeating tick off, for tests). */
const tickMs = () => Number(process.env.CAMPAIGN_TICK_MS ?? 2000)

/** The engine as the plugin provides it ('campaigns.dispatcher'): its tick and the delivery reconciliation. */
export type CampaignEngine = Dispatcher & { reconcile: (now?: number) => Promise<number> }

export async function registerCampaigns(app: FastifyInstance, kernel: Kernel) {
  const service = createCampaignService(kernel)
  const settings = createCampaignSettings(kernel)
  const announce = progressAnnouncer(kernel)
  const dispatcher = createDispatcher(kernel, settings, announce)
  mapCampaignRealtime(kernel, service)
  followDelivery(kernel, announce)
  registerCampaignRoutes(app, kernel, service, settings)
  // CAMPAIGN_RECONCILE_MS: how often a tick also looks again at recipients whose news was lost (10 s).
  const reconcile = deliveryReconciler(kernel, announce, {
    everyMs: Number(process.env.CAMPAIGN_RECONCILE_MS ?? 10_000),
  })
  kernel.jobs.define(TICK_JOB, async () => {
    await dispatcher.tick()
    await reconcile()
  })
  if (tickMs() > 0) await kernel.jobs.add(TICK_JOB, {}, { jobId: 'campaigns-tick', repeat: { every: tickMs() } })
  return { dispatcher, service, settings, reconcile }
}
