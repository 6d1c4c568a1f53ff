import { definePlugin } from '@atende/sdk'
import { createSessionManager } from './sessions.ts'
import { createConnectionService } from './service.ts'
import { registerConnectionRoutes } from './routes.ts'
import { registerSessionRoutes } from './session-routes.ts'
import { mapRealtime } from './events.ts'

/**
 * Connections (the spec's "whatsapp"): CRUD, session state machine and channel providers.
 * Plan-gateable (not essential). Permissions are the kernel's connections-page:* rules.
 */
export default definePlugin({
  name: 'connections',
  version: '1.0.0',
  host: '^1.0.0',
  essential: false,
  // modules/connections: the /connections screen (core.md §2 "Connections").
  module: true,
  moduleRoutes: ['/connections'],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const sessions = createSessionManager(kernel)
    const connections = createConnectionService(kernel, sessions)
    mapRealtime(kernel)
    registerConnectionRoutes(app, kernel, connections)
    registerSessionRoutes(app, kernel, connections, sessions)
    kernel.onClose(() => sessions.stopAll())
  },
})
