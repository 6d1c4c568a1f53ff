import { definePlugin } from '@atende/sdk'
import { registerUserRoutes } from './routes.ts'

/** Company users (core.md §3 User, §6, §7): admins manage them, everyone edits themself. */
export default definePlugin({
  name: 'users',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  // modules/users: the /users screen and the /profile page.
  module: true,
  register: registerUserRoutes,
})
