import { randomUUID } from 'node:crypto'
import type { JobContext, JobOptions, JobsService } from '@atende/sdk'

type Handler = (data: unknown, job: JobContext) => Promise<void>

/**
 * The embedded job runner: same interface as the BullMQ one, in memory. A pending jobId is added
 * once; failed jobs retry with backoff up to `attempts`; repeat jobs re-arm after each run.
 */
export function createLocalJobs(onError: (err: unknown, name: string) => void): JobsService {
  const handlers = new Map<string, Handler>()
  const pending = new Map<string, NodeJS.Timeout>()
  let running = false
  let closed = false
  const backlog: Array<() => void> = []

  const schedule = (name: string, data: unknown, opts: JobOptions, id: string, attemptsMade: number, delay: number) => {
    const fire = () => {
      pending.delete(id)
      const h = handlers.get(name)
      if (!h) { onError(new Error(`No handler for job "${name}"`), name); return }
      h(data, { id, attemptsMade, name }).then(
        () => { if (opts.repeat && !closed) schedule(name, data, opts, id, 0, opts.repeat.every) },
        (err) => {
          onError(err, name)
          if (attemptsMade + 1 < (opts.attempts ?? 1) && !closed) schedule(name, data, opts, id, attemptsMade + 1, 1000 * 2 ** attemptsMade)
          else if (opts.repeat && !closed) schedule(name, data, opts, id, 0, opts.repeat.every)
        },
      )
    }
    const arm = () => { if (!closed) pending.set(id, setTimeout(fire, Math.max(0, delay)).unref()) }
    // Placeholder so a second add with this jobId is ignored until start() arms it.
    if (running) arm()
    else { pending.set(id, setTimeout(() => {}, 0)); backlog.push(arm) }
  }

  return {
    define(name, handler) { handlers.set(name, handler as Handler) },
    async add(name, data, opts = {}) {
      const id = opts.jobId ?? randomUUID()
      if (pending.has(id)) return { id }
      schedule(name, data, opts, id, 0, opts.repeat ? opts.repeat.every : opts.delay ?? 0)
      return { id }
    },
    async start() { running = true; for (const arm of backlog.splice(0)) arm() },
    async close() { closed = true; for (const t of pending.values()) clearTimeout(t); pending.clear() },
  }
}
