/**
 * Starts bench-server.ts as a child process and talks to it (fanout.ts, the hot-paths run). The
 * server runs as production does, built (`pnpm build:server`, done here once per run) on plain
 * node; BENCH_TSX=1 runs the TypeScript sources through tsx instead.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_DIST, buildServer } from '../build-server.ts'
import type { ServerOp } from './bench-server.ts'

let built: Promise<number> | undefined

export interface ServerProcess {
  child: ChildProcess
  base: string
  ask(op: { op: 'mem' }): Promise<{ rss: number; heapUsed: number; peakRss: number }>
  ask(op: { op: 'cpu' }): Promise<number>
  ask(op: { op: 'sql'; capture: boolean }): Promise<null>
  ask(op: { op: 'sqlStats' }): Promise<{ statements: number; texts: string[] }>
  stop(): Promise<void>
}

/** A server on the bench database, listening on a loopback port; `config` goes to its kernel. */
export async function startServer(opts: {
  databaseUrl: string
  redisPrefix: string
  config?: Record<string, unknown>
}): Promise<ServerProcess> {
  const tsx = process.env.BENCH_TSX === '1'
  if (!tsx) await (built ??= buildServer())
  const entry = tsx
    ? fileURLToPath(new URL('./bench-server.ts', import.meta.url))
    : join(SERVER_DIST, 'scripts', 'bench', 'bench-server.js')
  const child = fork(entry, {
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      BENCH_REDIS_PREFIX: opts.redisPrefix,
      BENCH_CONFIG: JSON.stringify(opts.config ?? {}),
      // As `pnpm serve` runs it: glibc's arenas capped (each thread's arena otherwise holds its peak).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
    // BENCH_CPU_PROF=<dir>: a CPU profile of the server, written when it stops.
    execArgv: [
      ...(tsx ? ['--import', 'tsx'] : []),
      // As `pnpm serve` runs it (package.json): a 4 MB young generation kept RSS under load at
      // 309 MB instead of 349 MB in the hot-paths bench, at the same throughput.
      '--max-semi-space-size=4',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      // BENCH_SERVER_NODE_OPTIONS: V8 flags to try on the server (heap sizes, say).
      ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const base = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { base?: string }) => (m.base ? resolve(m.base) : reject(new Error(String(m)))))
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  let next = 0
  const waiting = new Map<number, (value: unknown) => void>()
  child.on('message', (m: { id?: number; value?: unknown }) => {
    if (m.id === undefined) return
    waiting.get(m.id)?.(m.value)
    waiting.delete(m.id)
  })
  const ask = (op: ServerOp) =>
    new Promise((resolve) => {
      const id = ++next
      waiting.set(id, resolve)
      child.send({ ...op, id })
    })
  return {
    child,
    base,
    ask: ask as ServerProcess['ask'],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
