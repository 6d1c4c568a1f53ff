import { definePlugin } from '@atende/sdk'
import { registerPlanRoutes } from './routes.ts'
import { createPlanLimits, giveFirstPlanDefaultLimits } from './limits.ts'
import type { PlanLimitsRef } from './api.ts'

/**
 * Plans: limits (users, connections, queues), price, and which modules each plan switches on. The
 * kernel keeps a plan's identity, price, users limit and modules; the connection and queue limits
 * are this plugin's (plan_limits), published as the plans.limits service to the plugins that count.
 */
export default definePlugin({
  name: 'plans',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  services: { provides: ['plans.limits'] },
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    kernel.services.provide<PlanLimitsRef>('plans.limits', createPlanLimits(kernel))
    await registerPlanRoutes(app, kernel)
    // The kernel makes the first plan at the first start, after this registers.
    app.addHook('onReady', () => giveFirstPlanDefaultLimits(kernel.db))
  },
})
