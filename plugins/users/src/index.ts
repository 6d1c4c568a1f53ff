import { definePlugin } from '@atende/sdk'
import { registerUserRoutes } from './routes.ts'

/**
 * Company users: admins manage them, everyone edits themself. A user's
 * queues, allTicket and default connection belong to the tickets plugin (its attendants), which
 * adds them to every user view; this plugin edits them through the tickets service, after asking
 * the queues and connections plugins whether the ids are the company's.
 */
export default definePlugin({
  name: 'users',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  services: { requires: ['tickets'], optional: ['queues', 'connections'] },
  permissions: [
    { permission: 'user-modal:editProfile', profiles: ['admin'] },
    { permission: 'user-modal:editQueues', profiles: ['admin'] },
  ],
  // modules/users: the /users screen and the /profile page.
  module: true,
  async register(app, kernel) {
    await registerUserRoutes(app, kernel)
  },
})
