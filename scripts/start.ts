import { createApp, loadConfig, EMBEDDED_SUPERUSER, PluginLoadError, type AtendeApp } from '@atende/kernel'
import type { KernelConfig } from '@atende/sdk'
import { DEMO, seedDemo, seedDemoConversations, wantsDemo } from './seed-demo.ts'
import { ROOT, buildWeb, staleWebApps } from './web-build.ts'


/**
 * The web app is served from shell/dist and modules/<name>/dist. Build it when a dist is missing or
 * older than its sources (WEB_BUILD=always|never overrides). A failed build leaves the API up.
 */
function ensureWebBuilt() {
  const mode = process.env.WEB_BUILD || 'auto'
  if (mode === 'never') return
  const stale = staleWebApps()
  if (mode !== 'always' && !stale.length) return
  console.log(`[atende] Building the web app (${mode === 'always' ? 'WEB_BUILD=always' : `stale: ${stale.map((d) => d.slice(ROOT.length)).join(', ')}`})…`)
  try {
    buildWeb()
  } catch {
    console.warn('[atende] The web app build failed (see above); the API still starts. Fix it and run `pnpm build:web`.')
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

  ensureWebBuilt()

  if (config.mode === 'embedded') {
    console.warn(`[atende] Embedded mode: data (PGlite database, secrets) lives in ${config.dataDir} — back it up, or set DATABASE_URL for Postgres.`)
  }

  let app: AtendeApp
  try {
    app = await createApp({ config })
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
      demo.created.push(...await seedDemoConversations(app, demo.companyId))
    } catch (err) {
      console.warn(`[atende] demo conversations not seeded: ${(err as Error).message}`)
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
    for (const u of DEMO.users) lines.push(`               ${u.email} / ${DEMO.password}  (${u.profile === 'admin' ? 'admin' : 'attendant'})`)
  }
  console.log(lines.join('\n') + '\n')
}

await main()
