import { definePlugin } from '@atende/sdk'
import { registerUserRoutes } from './routes.ts'
import { announceUpdated } from './service.ts'

/** Company users (core.md §3 User, §6, §7): admins manage them, everyone edits themself. */
export default definePlugin({
  name: 'users',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  permissions: [
    { permission: 'user-modal:editProfile', profiles: ['admin'] },
    { permission: 'user-modal:editQueues', profiles: ['admin'] },
  ],
  // modules/users: the /users screen and the /profile page.
  module: true,
  async register(app, kernel) {
    await registerUserRoutes(app, kernel)
    // A user's default connection that is deleted stops being their default. The event is the
    // connections plugin's, typed by its EventMap declaration.
    // Each change is announced as user.updated, which also drops the kernel's cached members.
    kernel.bus.on('whatsapp.deleted', async (p) => {
      const { companyId, whatsappId } = p
      const ids = await kernel.tenant(companyId)('users').where({ whatsappId }).update({ whatsappId: null }, ['id'])
      await announceUpdated(kernel, ids)
    })
    // A deleted queue (queues plugin's event) leaves the users that had it.
    kernel.bus.on('queue.deleted', async (p) => {
      const { companyId, queueId } = p
      const ids = await kernel.tenant(companyId)('user_queues').where({ queueId }).delete(['userId'])
      await announceUpdated(
        kernel,
        ids.map((r: { userId: number }) => ({ id: r.userId })),
      )
    })
  },
})
