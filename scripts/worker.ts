import { createApp, loadConfig, PluginLoadError, type AtendeApp } from '@atende/kernel'
import type { KernelConfig } from '@atende/sdk'

/**
 * `pnpm worker`: a job-consuming process for production. It boots the kernel and every plugin (so
 * their `jobs.define` calls run) with RUN_JOBS on, and never listens on HTTP. API processes can
 * then run with RUN_JOBS=false. Events it emits reach the API processes' sockets over Redis.
 */
async function main() {
  let config: KernelConfig
  try {
    config = loadConfig(process.env, { runJobs: true })
  } catch (err) {
    console.error(`Atende worker cannot start: ${(err as Error).message}`)
    process.exit(1)
  }
  if (!config.redisUrl) {
    console.error(
      'Atende worker cannot start: the worker needs REDIS_URL; in embedded mode jobs run inside the API process.',
    )
    process.exit(1)
  }

  let app: AtendeApp
  try {
    app = await createApp({ config })
    await app.ready()
  } catch (err) {
    if (err instanceof PluginLoadError) {
      console.error(`Atende worker cannot start: ${err.message}`)
      process.exit(1)
    }
    throw err
  }
  app.log.info({ prefix: config.redisPrefix }, 'worker consuming jobs')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: closing the worker (running jobs finish first)`)
    try {
      await app.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'error while closing')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
