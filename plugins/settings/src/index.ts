import { definePlugin } from '@atende/sdk'
import { registerSettingRoutes } from './routes.ts'

/** Company settings (administration.md §3): read by every user, changed by admins. */
export default definePlugin({
  name: 'settings',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  // No React module yet (the shell issue builds modules/settings); the shell would show it as unavailable.
  module: false,
  register: registerSettingRoutes,
})
