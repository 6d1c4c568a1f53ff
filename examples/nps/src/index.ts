import { definePlugin } from '@atende/sdk'
import { registerNpsRoutes } from './routes.ts'

/**
 * NPS survey, a sample third-party plugin (README "Third-party plugins"): its own table and
 * migrations, routes under /api/nps, and a page whose built remote ships inside this package.
 */
export default definePlugin({
  name: 'nps',
  version: '1.0.0',
  host: '^1.0.0',
  // Sold per plan: every plan has it until the super user switches it off ('off' would start switched off).
  planDefault: 'on',
  // The module's build (vite.config.ts) inside this package, served at /modules/nps/.
  moduleDir: new URL('../dist/module/', import.meta.url),
  migrations: new URL('../migrations', import.meta.url),
  register: registerNpsRoutes,
})
