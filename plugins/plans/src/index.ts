import { definePlugin } from '@atende/sdk'
import { registerPlanRoutes } from './routes.ts'

/** Plans: limits (users, connections, queues), price, and which modules each plan switches on. */
export default definePlugin({
  name: 'plans',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  register: registerPlanRoutes,
})
