import { createApp, loadConfig, EMBEDDED_SUPERUSER, PluginLoadError, redactUrl, type AtendeApp } from '@atende/kernel'
import type { KernelConfig } from '@atende/sdk'
import { DEMO, seedDemo, seedDemoConversations, seedDemoSetup, wantsDemo } from './seed-demo.ts'
import { ROOT, buildWebWithProgress, staleWebApps, webApps } from './web-build.ts'
import { relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyReply } from 'fastify'

/**
 * The web app is served from shell/dist and modules/<name>/dist. Build it when a dist is missing or
 * older than its sources (WEB_BUILD=always|never overrides), one progress line per package. A
 * failed build leaves the API up.
 */
async function ensureWebBuilt() {
  const mode = process.env.WEB_BUILD || 'auto'
  if (mode === 'never') return
  const stale = staleWebApps()
  if (mode !== 'always' && !stale.length) return
  const apps = mode === 'always' ? webApps() : stale
  console.log(
    `[atende] The web app needs a build (${mode === 'always' ? 'WEB_BUILD=always' : `stale: ${apps.map((d) => relative(ROOT, d)).join(', ')}`}); this takes a few minutes the first time.`,
  )
  try {
    await buildWebWithProgress({ apps })
  } catch (err) {
    console.warn(
      `[atende] ${(err as Error).message} (see above); the API still starts. Fix it and run \`pnpm build:web\`.`,
    )
  }
}

/**
 * Embedded mode is someone at a terminal: Fastify's two JSON lines per request would bury the
 * banner. Each request becomes one short line at debug level (`LOG_LEVEL=debug` shows them);
 * failed requests, warnings and errors are logged as before. Production keeps the JSON request log.
 */
export function embeddedLogger(level = process.env.LOG_LEVEL || 'info') {
  return {
    level,
    hooks: {
      logMethod(
        this: { isLevelEnabled(level: string): boolean; debug(msg: string): void },
        args: unknown[],
        method: (...a: unknown[]) => void,
      ) {
        const [obj, msg] = args as [{ res?: FastifyReply; responseTime?: number } | undefined, unknown]
        if (msg === 'incoming request') return
        if (msg === 'request completed' && obj?.res) {
          if (this.isLevelEnabled('debug')) {
            const { res, responseTime = 0 } = obj
            // The URL as every log shows it: a password reset's path secrets hidden (kernel log.ts).
            const url = redactUrl(res.request.url)
            this.debug(`${res.request.method} ${url} ${res.statusCode} ${responseTime.toFixed(1)} ms`)
          }
          return
        }
        method.apply(this, args)
      },
    },
  }
}

/** `pnpm start`: one process serving the API and the web app on PORT. */
async function main() {
  let config: KernelConfig
  try {
    config = loadConfig()
  } catch (err) {
    // Production without its secrets: say which variables, no stack trace.
    console.error(`Atende cannot start: ${(err as Error).message}`)
    process.exit(1)
  }

  await ensureWebBuilt()

  if (config.mode === 'embedded') {
    console.warn(
      `[atende] Embedded mode: data (PGlite database, secrets) lives in ${config.dataDir} — back it up, or set DATABASE_URL for Postgres.`,
    )
  }

  let app: AtendeApp
  try {
    app = await createApp({ config, ...(config.mode === 'embedded' ? { logger: embeddedLogger() } : {}) })
  } catch (err) {
    // A broken plugin manifest (cycle, missing dependency, wrong host range) is a clear message, not a trace.
    if (err instanceof PluginLoadError) {
      console.error(`Atende cannot start: ${err.message}`)
      process.exit(1)
    }
    throw err
  }
  const demo = wantsDemo(config.mode) ? await seedDemo(app.kernel) : null
  if (demo?.created.some((c) => c.startsWith('company'))) {
    try {
      demo.created.push(...(await seedDemoConversations(app, demo.companyId)))
    } catch (err) {
      console.warn(`[atende] demo conversations not seeded: ${(err as Error).message}`)
    }
  }
  if (demo) {
    try {
      demo.created.push(...(await seedDemoSetup(app, demo.companyId)))
    } catch (err) {
      console.warn(
        `[atende] demo queues, tags, quick messages, contacts or help videos not seeded: ${(err as Error).message}`,
      )
    }
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    console.log(`[atende] ${signal}: closing…`)
    try {
      await app.close()
      process.exit(0)
    } catch (err) {
      console.error(err)
      process.exit(1)
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  printBanner(config, demo !== null)
}

function printBanner(config: KernelConfig, demo: boolean) {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  const su = config.superuser
  const defaultPassword = config.mode === 'embedded' && su.password === EMBEDDED_SUPERUSER.password
  const lines = [
    '',
    `  Atende is running at http://${shownHost}:${config.port}`,
    `  Mode:        ${config.mode}${config.mode === 'embedded' ? ` (PGlite in ${config.dataDir})` : ' (Postgres' + (config.redisUrl ? ' + Redis)' : ')')}`,
    `  API docs:    http://${shownHost}:${config.port}/api/docs`,
    `  Jobs:        ${config.runJobs ? 'run in this process' : 'off (RUN_JOBS=false; run `pnpm worker`)'}`,
    `  Super user:  CNPJ ${su.cnpj} · ${su.email}${defaultPassword ? ` · password ${su.password} (the documented default: change it)` : ''}`,
  ]
  if (demo) {
    lines.push(`  Demo login:  CNPJ ${DEMO.company.cnpj} (${DEMO.company.name})`)
    for (const u of DEMO.users)
      lines.push(`               ${u.email} / ${DEMO.password}  (${u.profile === 'admin' ? 'admin' : 'attendant'})`)
  }
  console.log(lines.join('\n') + '\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
