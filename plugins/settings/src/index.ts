import { definePlugin } from '@atende/sdk'
import { registerSettingRoutes } from './routes.ts'

/** Company settings: read by every user, changed by admins. */
export default definePlugin({
  name: 'settings',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  // Switches of features still to come (API tokens, Asaas billing): the settings screen shows them
  // now; each moves to its plugin's manifest when that plugin lands (dddRoutingEnabled: plugins/ddd-routing).
  settings: [
    { key: 'apiTokensEnabled', values: ['enabled', 'disabled'], default: 'disabled' },
    { key: 'asaas', values: ['enabled', 'disabled'], default: 'disabled' },
  ],
  // The settings screen (modules/settings): options, schedules, and the super user's companies, plans and helps tabs.
  module: true,
  register: registerSettingRoutes,
})
