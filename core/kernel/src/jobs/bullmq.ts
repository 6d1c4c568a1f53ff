import type { FastifyBaseLogger } from 'fastify'
import { Queue, Worker, type Job } from 'bullmq'
import { Redis } from 'ioredis'
import type { JobContext, JobsService } from '@atende/sdk'
import { BACKOFF_MS, checkJobOptions } from './shared.ts'

type Handler = (data: unknown, job: JobContext) => Promise<void>

/** BullMQ waits for Redis forever; a request adding a job should fail instead of hanging. */
const ADD_TIMEOUT_MS = 10_000
function withTimeout<T>(p: Promise<T>, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`Redis did not answer within ${ADD_TIMEOUT_MS} ms: job "${name}" may not have been added`)),
      ADD_TIMEOUT_MS,
    )
  })
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Jobs on Redis through BullMQ: one queue per job name (keys under `<prefix>:<name>`). Every
 * process may add; only processes that call start() (RUN_JOBS) consume. Repeating jobs are BullMQ
 * job schedulers keyed by jobId (or the job name), so N processes upserting one schedule keep one.
 * Finished jobs are removed, so a jobId dedupes only while its job is waiting, delayed, running
 * or retrying — the same as the embedded runner. Final failures are logged, not kept.
 */
export async function createBullJobs(opts: {
  redisUrl: string
  prefix: string
  log: FastifyBaseLogger
  onError: (err: unknown, name: string) => void
}): Promise<JobsService> {
  let lastErrorLog = 0
  const connect = (maxRetriesPerRequest: number | null) => {
    const c = new Redis(opts.redisUrl, { maxRetriesPerRequest })
    c.on('error', (err) => {
      if (Date.now() - lastErrorLog > 10_000) {
        lastErrorLog = Date.now()
        opts.log.error({ err }, 'redis jobs connection error')
      }
    })
    return c
  }
  // Producers fail an add after a few retries rather than hang a request while Redis is away;
  // workers (created by start(), each duplicating it for blocking reads) wait for Redis forever.
  const connection = connect(2)
  let workerConnection: Redis | undefined
  // The repeating schedules this process upserted. They live in Redis, so a Redis that restarts
  // empty (no persistence, a failover, a flush) would stop every tick until the processes restart:
  // each reconnection upserts them again (idempotent: one schedule whoever upserts it).
  const schedules = new Map<string, () => Promise<unknown>>()
  let readyBefore = false
  connection.on('ready', () => {
    if (readyBefore && !closed)
      for (const [key, upsert] of schedules)
        upsert().catch((err: unknown) => opts.log.warn({ err, schedule: key }, 'could not restore a job schedule'))
    readyBefore = true
  })
  const handlers = new Map<string, { fn: Handler; concurrency: number }>()
  const queues = new Map<string, Queue>()
  const workers = new Map<string, Worker>()
  let started = false
  let closed = false

  const queue = (name: string) => {
    let q = queues.get(name)
    if (!q) {
      q = new Queue(name, { connection, prefix: opts.prefix })
      q.on('error', (err) => opts.log.error({ err, job: name }, 'job queue error'))
      queues.set(name, q)
    }
    return q
  }

  const startWorker = (name: string) => {
    const h = handlers.get(name)!
    const worker = new Worker(
      name,
      async (job: Job) => {
        await h.fn(job.data, { id: String(job.id), attemptsMade: job.attemptsMade, name })
      },
      { connection: (workerConnection ??= connect(null)), prefix: opts.prefix, concurrency: h.concurrency },
    )
    worker.on('failed', (_job, err) => opts.onError(err, name))
    worker.on('error', (err) => opts.log.error({ err, job: name }, 'job worker error'))
    workers.set(name, worker)
  }

  return {
    define(name, handler, defineOpts = {}) {
      if (handlers.has(name)) throw new Error(`Job "${name}" is already defined`)
      handlers.set(name, { fn: handler as Handler, concurrency: Math.max(1, defineOpts.concurrency ?? 1) })
      if (started && !closed) startWorker(name)
    },
    async add(name, data, addOpts = {}) {
      checkJobOptions(name, addOpts)
      if (closed) throw new Error('The job service is closed')
      const jobOpts = {
        attempts: Math.max(1, addOpts.attempts ?? 1),
        backoff: { type: 'exponential' as const, delay: BACKOFF_MS },
        removeOnComplete: true,
        removeOnFail: true,
      }
      if (addOpts.repeat) {
        // Upsert: adding the same schedule again replaces its interval and data (BullMQ runs the first at once).
        const schedulerId = addOpts.jobId ?? name
        const every = addOpts.repeat.every
        const upsert = () => queue(name).upsertJobScheduler(schedulerId, { every }, { name, data, opts: jobOpts })
        schedules.set(`${name}:${schedulerId}`, upsert)
        await withTimeout(upsert(), name)
        return { id: schedulerId }
      }
      const job = await withTimeout(
        queue(name).add(name, data, { ...jobOpts, jobId: addOpts.jobId, delay: addOpts.delay }),
        name,
      )
      return { id: String(job.id) }
    },
    async start() {
      if (started || closed) return
      started = true
      for (const name of handlers.keys()) startWorker(name)
    },
    async close() {
      if (closed) return
      closed = true
      // Workers first (they wait for running jobs), then queues, then the shared connection.
      await Promise.allSettled([...workers.values()].map((w) => w.close()))
      await Promise.allSettled([...queues.values()].map((q) => q.close()))
      for (const c of [connection, workerConnection]) {
        if (!c) continue
        try {
          await c.quit()
        } catch {
          c.disconnect()
        }
      }
    },
  }
}
