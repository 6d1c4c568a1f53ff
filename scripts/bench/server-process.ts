/** Starts bench-server.ts as a child process and talks to it (fanout.ts, the hot-paths run). */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ServerOp } from './bench-server.ts'

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
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), {
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      BENCH_REDIS_PREFIX: opts.redisPrefix,
      BENCH_CONFIG: JSON.stringify(opts.config ?? {}),
    },
    // BENCH_CPU_PROF=<dir>: a CPU profile of the server, written when it stops.
    execArgv: [
      '--import',
      'tsx',
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
