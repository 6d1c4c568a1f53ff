/**
 * `pnpm start:cluster`: the production topology on one machine, without containers — N API
 * processes (`RUN_JOBS=false`), M job workers and the load balancer in front (cluster/balancer.ts),
 * all on one Postgres database (DATABASE_URL) and one Redis (REDIS_URL). It builds the web app when
 * stale and the server (`pnpm build:server`), starts the first API process alone (it runs the
 * migrations), then the others and the workers, and restarts any that dies. docker-compose.yml
 * mirrors it command for command.
 *
 *   API_PROCESSES (2), WORKERS (1), PORT (8080: the balancer), HOST (0.0.0.0)
 *   API_PORTS: comma-separated ports of the API processes (default: free ones on 127.0.0.1)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { SERVER_DIST, buildServer } from './build-server.ts'
import { buildWebWithProgress, staleWebApps } from './web-build.ts'
import { createBalancer } from './cluster/balancer.ts'
import { freePort } from './cluster/ports.ts'

const log = (line: string) => console.log(`[cluster] ${line}`)

async function healthy(port: number, ms = 120_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the API process on port ${port} did not become healthy`)
}

interface Member {
  name: string
  script: 'start.js' | 'worker.js'
  env: NodeJS.ProcessEnv
  child?: ChildProcess
}

export async function main(env = process.env) {
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    console.error(
      'Atende cluster cannot start: it needs DATABASE_URL (Postgres) and REDIS_URL (Redis) shared by its processes.',
    )
    process.exit(1)
  }
  const apis = Math.max(1, Number(env.API_PROCESSES || 2))
  const workers = Math.max(0, Number(env.WORKERS ?? 1))
  const stale = env.WEB_BUILD === 'never' ? [] : staleWebApps()
  if (stale.length) await buildWebWithProgress({ apps: stale })
  await buildServer()
  const ports = env.API_PORTS
    ? env.API_PORTS.split(',').map(Number)
    : await Promise.all(Array.from({ length: apis }, () => freePort()))
  const common: NodeJS.ProcessEnv = {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    WEB_BUILD: 'never',
    TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
  }
  const members: Member[] = [
    ...ports.map((port, i) => ({
      name: `api ${i + 1}`,
      script: 'start.js' as const,
      env: { ...common, RUN_JOBS: 'false', PORT: String(port), HOST: '127.0.0.1' },
    })),
    ...Array.from({ length: workers }, (_, i) => ({
      name: `worker ${i + 1}`,
      script: 'worker.js' as const,
      env: { ...common, RUN_JOBS: 'true' },
    })),
  ]
  let stopping = false
  const start = (m: Member) => {
    const child = spawn(process.execPath, ['--max-semi-space-size=4', join(SERVER_DIST, 'scripts', m.script)], {
      env: m.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    m.child = child
    log(`${m.name} started (pid ${child.pid})`)
    child.once('exit', (code, signal) => {
      if (stopping) return
      log(`${m.name} exited (${signal ?? code}); restarting in 1 s`)
      setTimeout(() => !stopping && start(m), 1000)
    })
  }
  // The first API process migrates the database alone; the rest start once it serves.
  start(members[0]!)
  await healthy(ports[0]!)
  for (const m of members.slice(1)) start(m)
  await Promise.all(ports.slice(1).map((p) => healthy(p)))

  const balancer = createBalancer(ports.map((port) => ({ host: '127.0.0.1', port })))
  const url = await balancer.listen(Number(env.PORT || 8080), env.HOST || '0.0.0.0')
  log(
    `ready at ${url}: ${apis} API processes (ports ${ports.join(', ')}), ${workers} worker(s), pids ${members.map((m) => m.child?.pid).join(' ')}`,
  )

  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log(`${signal}: stopping`)
    await balancer.close()
    await Promise.all(
      members.map(
        (m) =>
          new Promise<void>((resolve) => {
            if (!m.child || m.child.exitCode !== null) return resolve()
            m.child.once('exit', () => resolve())
            m.child.kill('SIGTERM')
          }),
      ),
    )
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))
}

await main()
