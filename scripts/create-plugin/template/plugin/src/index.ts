import { definePlugin } from '@atende/sdk'
import { MANAGE_PERMISSION } from './api.ts'
import { register__Name__Routes } from './routes.ts'
import { create__Entity__Service } from './service.ts'
import { EVENTS, mapRealtime } from './events.ts'

/**
 * __Title__: TODO say what the feature is, which spec sections it follows, and the decisions taken
 * where the spec is silent (plugins/quick-messages/src/index.ts shows the habit).
 */
export default definePlugin({
  name: '__name__',
  version: '1.0.0',
  events: { emits: EVENTS, listens: EVENTS },
  host: '^1.0.0',
  planFlag: '__flag__', // [if flag]
  essential: false,
  module: true, // [if workspaceModule]
  moduleDir: new URL('../dist/module/', import.meta.url), // [if standaloneModule]
  moduleRoutes: ['/__name__'], // [if module]
  permissions: [{ permission: MANAGE_PERMISSION, profiles: ['admin'] }],
  migrations: new URL('../migrations', import.meta.url),
  register(app, kernel) {
    mapRealtime(kernel)
    register__Name__Routes(app, create__Entity__Service(kernel))
  },
})
