import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { Knex } from 'knex'
import { fileURLToPath } from 'node:url'
import { join, resolve } from 'node:path'
import type { DefinedPlugin, EventMap, EventName, Kernel, KernelConfig, ModuleInfo } from '@atende/sdk'
import { AppError, ErrorCodes, ErrorResponse, UserView } from '@atende/sdk'
import { loadConfig } from './config.ts'
import { connectDb } from './db/connect.ts'
import { migrateUp } from './db/migrate.ts'
import { installBodyLimits, MAX_BYTES as MAX_BODY_BYTES } from './body-limit.ts'
import { tenantDb } from './db/tenant.ts'
import { installErrorHandling, apiNotFound, frameworkError } from './errors.ts'
import { installInputRules } from './input.ts'
import { createAuthService } from './auth/sessions.ts'
import { createPermissions, CORE_PERMISSIONS } from './permissions.ts'
import { createSettings, CORE_SETTINGS } from './settings.ts'
import { createMail } from './mail.ts'
import { createServiceRegistry } from './services.ts'
import { scopedKernel } from './plugins/scope.ts'
import { createBus } from './bus/index.ts'
import { installActorContext } from './bus/actor.ts'
import { createJobs } from './jobs/index.ts'
import { createRealtime } from './realtime/index.ts'
import { createPlanGate } from './plans.ts'
import { createExpiryGate } from './expiry.ts'
import { createAccounts } from './accounts.ts'
import { checkUserFields, composeUserView } from './user-fields.ts'
import { bootstrapPlatform } from './bootstrap.ts'
import { discoverPlugins, orderPlugins } from './plugins/loader.ts'
import { registerKernelRoutes } from './routes.ts'
import { createStorage, registerFileRoutes } from './storage/index.ts'
import { createVault } from './vault.ts'
import { KERNEL_VERSION } from './version.ts'
import { moduleMenus, registerWeb } from './web.ts'
import { registerSecurity } from './security.ts'
import { loggerOptions } from './log.ts'

export const KERNEL_MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url))

export interface CreateAppOptions {
  /** Overrides on top of the environment. */
  config?: Partial<KernelConfig>
  env?: NodeJS.ProcessEnv
  /** Explicit plugin list (tests); default: discover the workspace and ATENDE_PLUGINS. */
  plugins?: DefinedPlugin[]
  /** Use an existing knex (tests give each file its own database). */
  db?: Knex
  logger?: boolean | object
}

export type AtendeApp = FastifyInstance & { kernel: Kernel }

/** A manifest folder (URL or path) as an absolute path. */
const resolveDir = (dir: URL | string) => resolve(dir instanceof URL ? fileURLToPath(dir) : dir)

const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : undefined
  } catch {
    return undefined
  }
}

export async function createApp(opts: CreateAppOptions = {}): Promise<AtendeApp> {
  const config = loadConfig(opts.env ?? process.env, opts.config)
  const app = Fastify({
    // Request lines go through a serializer that hides the secrets some paths carry (log.ts).
    logger: loggerOptions(opts.logger),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: MAX_BODY_BYTES,
    // The spec's clients call list routes with a trailing slash (`GET /users/`): both forms route alike.
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot read (bad encoding, an over-long param) answers the one error shape too.
    frameworkErrors: frameworkError,
    // 'all': a field a schema does not declare is dropped, whatever its additionalProperties says,
    // so no body can carry companyId, id or any other column into a write (input.ts).
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: 'all', allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>()

  const closers: Array<() => Promise<void> | void> = []
  const db = opts.db ?? connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  if (!opts.db) closers.push(() => db.destroy())

  await migrateUp(db, 'kernel', KERNEL_MIGRATIONS)

  const bus = await createBus({ redisUrl: config.redisUrl, prefix: config.redisPrefix, log: app.log })
  closers.push(() => bus.close())
  const jobs = await createJobs({ redisUrl: config.redisUrl, prefix: config.redisPrefix, log: app.log })
  closers.push(() => jobs.close())
  const auth = createAuthService(db, bus, config)
  const permissions = createPermissions()
  permissions.define(CORE_PERMISSIONS)
  const settings = createSettings(db)
  settings.define(CORE_SETTINGS)
  bus.on('setting.updated', (p) => settings.forget(p.companyId))
  const realtime = createRealtime({
    bus,
    auth,
    db,
    log: app.log,
    settingDefinitions: () => settings.definitions(),
    pingMs: config.realtimePingMs,
    userStatusMs: config.userStatusMs,
    offlineAfterMs: config.userOfflineAfterMs,
    caps: {
      perUser: config.socketsPerUser,
      perAddress: config.socketsPerAddress,
      roomsPerSocket: config.socketRoomsMax,
    },
  })
  closers.push(() => realtime.close())

  const installed: DefinedPlugin[] = orderPlugins(opts.plugins ?? (await discoverPlugins(config.extraPlugins)))
  const moduleInfos: ModuleInfo[] = installed.map((p) => ({
    name: p.name,
    version: p.version,
    key: p.planFlag ?? p.name,
    planFlag: p.planFlag,
    toggleable: !p.essential,
    enabledByDefault: p.planDefault !== 'off',
    remoteEntry: p.module || p.moduleDir ? `/modules/${p.name}/remoteEntry.js` : null,
    routes: p.moduleRoutes ?? [`/${p.name}`],
    cshowRoutes: p.cshowRoutes ?? [],
    servesExpired: !!p.servesExpired,
  }))
  // A module's own built remote, when its package ships one (manifest moduleDir).
  const moduleDirs = new Map(
    installed.filter((p) => p.moduleDir).map((p) => [p.name, resolveDir(p.moduleDir!)] as [string, string]),
  )
  // Plugins sharing a key agree on its default (loader.ts), so any of them answers for it.
  const offByDefault = new Set(moduleInfos.filter((m) => !m.enabledByDefault).map((m) => m.key))
  const gate = createPlanGate(db, (key) => !offByDefault.has(key))
  bus.on('plan.updated', () => gate.invalidate())
  bus.on('company.updated', () => gate.invalidate())
  const expiry = createExpiryGate(db, bus)

  const storage = createStorage({
    root: config.mediaDir ?? join(config.dataDir, 'media'),
    secret: config.jwtSecret,
    maxBytes: config.mediaMaxBytes,
    allowPrivateFetch: config.mediaFetchAllowPrivate,
    ownHost: hostOf(config.publicUrl),
  })

  const accounts = createAccounts(db, () => settings.definitions(), config.superuser.cnpj, bus)
  const kernel: Kernel = {
    config,
    log: app.log,
    db,
    tenant: (companyId) => tenantDb(db, companyId),
    async unitOfWork(companyId, work) {
      const queued: Array<[EventName, unknown]> = []
      const result = await db.transaction((trx) =>
        work({
          db: trx,
          t: tenantDb(trx, companyId),
          emit: (e, p) => {
            queued.push([e, p])
          },
        }),
      )
      // Emitted in order without waiting on each: publishes pipeline on one Redis connection (one
      // round trip for a whole batch, not one per event) and local handlers start in commit order.
      await Promise.all(queued.map(([e, p]) => bus.emit(e, p as EventMap[typeof e])))
      return result
    },
    bus,
    jobs,
    realtime: realtime.service,
    permissions,
    settings,
    mail: createMail(config.smtpUrl, config.mailFrom, app.log),
    auth,
    accounts,
    services: createServiceRegistry(),
    storage,
    vault: createVault(config.encryptionKey, config.jwtSecret),
    moduleEnabled: (companyId, key) => gate.enabled(companyId, key),
    companyAccess: (companyId) => expiry.access(companyId),
    invalidatePlanCache: () => gate.invalidate(),
    modules: () => moduleInfos,
    health: new Map([
      [
        'db',
        async () => {
          try {
            await db.raw('select 1')
            return 'ok'
          } catch {
            return 'error'
          }
        },
      ],
      ['redis', () => bus.health()],
    ]),
    onClose: (fn) => {
      closers.push(fn)
    },
  }
  app.decorate('kernel', kernel)
  app.decorateRequest('auth', null as never)

  installActorContext(app) // first: every later hook and handler runs in its request's context
  installErrorHandling(app)
  installInputRules(app)
  installBodyLimits(app)
  app.addSchema(ErrorResponse)
  app.addSchema(composeUserView(UserView, installed))
  await app.register(cookie)
  await registerSecurity(app, config) // helmet headers, CSP, no-store API answers (security.ts)
  // Uploads for every plugin (request.file()); kernel.storage.put enforces each caller's own limit.
  await app.register(multipart, { limits: { fileSize: storage.maxBytes } })
  // With Redis, every API process counts against the same limits (a login limit per process would
  // multiply by the number of processes); storage errors let the request through rather than fail it.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined
  if (rateLimitRedis) {
    rateLimitRedis.on('error', (err) => app.log.warn({ err }, 'rate-limit redis error'))
    closers.push(async () => {
      rateLimitRedis.disconnect()
    })
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: `${config.redisPrefix}:rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(ErrorCodes.RATE_LIMITED, ctx.statusCode, `Too many requests, try again in ${ctx.after}`),
  })
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Atende API',
        version: KERNEL_VERSION,
        description: 'Multi-tenant customer service over WhatsApp connections',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Long-lived tokens that plugins issue to integrators; such routes are `public` to the
          // kernel's session check, authenticate the token themselves and name this scheme.
          apiToken: { type: 'http', scheme: 'bearer', description: 'An integration token issued by a plugin' },
        },
      },
      security: [{ bearer: [] }],
    },
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  // Public routes say so in the OpenAPI document (no bearer needed), unless they name the scheme
  // they check themselves (an integration token).
  app.addHook('onRoute', (route) => {
    if (route.config?.public && !route.schema?.security) route.schema = { ...(route.schema ?? {}), security: [] }
  })

  // Authentication and route-level role checks for every /api route not marked public.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const cfg = request.routeOptions.config ?? {}
    if (
      !request.routeOptions.url ||
      !request.url.startsWith('/api/') ||
      request.url.startsWith('/api/docs') ||
      cfg.public
    )
      return
    const header = request.headers.authorization
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined
    if (!token) throw new AppError(ErrorCodes.SESSION_EXPIRED, 401, 'Missing bearer token')
    request.auth = await auth.verifyAccess(token)
    if (cfg.super && !request.auth.super)
      throw new AppError(ErrorCodes.NO_PERMISSION, 403, 'Only the platform super user may do this')
    if (cfg.admin && request.auth.profile !== 'admin' && !request.auth.super)
      throw new AppError(ErrorCodes.NO_PERMISSION, 403, 'Only admins may do this')
    if (cfg.permission && !permissions.has(request.auth, cfg.permission))
      throw new AppError(ErrorCodes.NO_PERMISSION, 403, `Missing permission ${cfg.permission}`)
    if (request.auth.super) return
    const access = await expiry.access(request.auth.companyId)
    // A company the super user switched off is served nothing, even on sessions opened before.
    if (access === 'disabled') throw new AppError(ErrorCodes.COMPANY_DISABLED, 403, 'Company disabled, contact support')
    // An expired company's admin signs in only to renew (auth plugin): only allowExpired routes answer.
    if (!cfg.allowExpired && access === 'expired')
      throw new AppError(ErrorCodes.PLAN_EXPIRED, 402, 'The subscription is past its due date: renew it to go on')
  })

  await realtime.install(app)
  registerKernelRoutes(app, kernel, moduleMenus(undefined, moduleDirs), (companyId) => expiry.expired(companyId))
  registerFileRoutes(app, storage)

  for (const plugin of installed) {
    if (plugin.migrations) await migrateUp(db, plugin.name, plugin.migrations)
    if (plugin.permissions) permissions.define(plugin.permissions)
    if (plugin.settings) settings.define(plugin.settings)
    const key = plugin.planFlag ?? plugin.name
    await app.register(
      async (scope) => {
        if (!plugin.essential) {
          scope.addHook('onRequest', async (request) => {
            if (request.auth && !(await gate.enabled(request.auth.companyId, key))) {
              throw new AppError(
                ErrorCodes.PLAN_FEATURE_DISABLED,
                403,
                `The company's plan does not include ${plugin.name}`,
              )
            }
          })
        }
        // The plugin sees only the services and events its manifest declares (plugins/scope.ts).
        await plugin.register(scope, scopedKernel(kernel, plugin))
      },
      { prefix: `/api${plugin.prefix ?? ''}` },
    )
  }

  checkUserFields(installed, accounts.extendedBy())

  await registerWeb(app, { moduleDirs }) // the built shell and modules, SPA fallback (web.ts)
  app.setNotFoundHandler(apiNotFound)
  await bootstrapPlatform(db, config, auth)

  app.addHook('onClose', async () => {
    for (const close of closers.reverse()) {
      try {
        await close()
      } catch (err) {
        app.log.warn({ err }, 'error while closing')
      }
    }
  })
  if (config.runJobs) await jobs.start()
  return app as unknown as AtendeApp
}

declare module 'fastify' {
  interface FastifyInstance {
    kernel: Kernel
  }
}
