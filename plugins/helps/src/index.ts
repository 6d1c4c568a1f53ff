import { definePlugin } from '@atende/sdk'
import { registerHelpRoutes } from './routes.ts'

/** Help videos: curated by the super user, watched by everyone (/helps). */
export default definePlugin({
  name: 'helps',
  version: '1.0.0',
  host: '^1.0.0',
  module: true,
  migrations: new URL('../migrations', import.meta.url),
  register: registerHelpRoutes,
})
