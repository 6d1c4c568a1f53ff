import { definePlugin } from '@atende/sdk'
import { registerSessionRoutes } from './routes.ts'
import { registerResetRoutes } from './reset-routes.ts'

/** Sign-in, session refresh/logout and password reset. */
export default definePlugin({
  name: 'auth',
  version: '1.0.0',
  essential: true,
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    await registerSessionRoutes(app, kernel)
    registerResetRoutes(app, kernel)
  },
})
