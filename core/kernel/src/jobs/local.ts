import { randomUUID } from 'node:crypto'
import type { JobContext, JobOptions, JobsService } from '@atende/sdk'
import { BACKOFF_MS, checkJobOptions } from './shared.ts'

type Handler = (data: unknown, job: JobContext) => Promise<void>

interface Run {
  key: string
  id: string
  name: string
  data: unknown
  attempts: number
  attemptsMade: number
  dueAt: number
  timer?: NodeJS.Timeout
  executing?: boolean
}
interface Schedule {
  name: string
  id: string
  data: unknown
  every: number
  attempts: number
  timer?: NodeJS.Timeout
}

/**
 * The embedded job runner: the BullMQ runner's semantics, in memory (lost on restart).
 * - A jobId dedupes per job name while its job is waiting, delayed, running or retrying.
 * - A failed run retries up to `attempts` times, waiting 1 s, 2 s, 4 s… in between.
 * - `repeat: { every }` is a schedule keyed by jobId (or the name): the first run is at once, then
 *   on each multiple of `every`; adding it again replaces it. Each run retries on its own.
 * - Nothing runs before start(); per-name concurrency follows define() (default 1).
 */
export function createLocalJobs(onError: (err: unknown, name: string) => void): JobsService {
  const handlers = new Map<string, { fn: Handler; concurrency: number }>()
  const runs = new Map<string, Run>()
  const schedules = new Map<string, Schedule>()
  const ready = new Map<string, Run[]>()
  const active = new Map<string, number>()
  const inflight = new Set<Promise<void>>()
  let running = false
  let closed = false

  const arm = (run: Run) => {
    if (!running || closed) return
    run.timer = setTimeout(
      () => {
        run.timer = undefined
        enqueue(run)
      },
      Math.max(0, run.dueAt - Date.now()),
    ).unref()
  }
  const enqueue = (run: Run) => {
    ready.set(run.name, [...(ready.get(run.name) ?? []), run])
    pump(run.name)
  }
  const pump = (name: string) => {
    const h = handlers.get(name)
    const queue = ready.get(name)
    // A job without a handler waits, as it would in a BullMQ queue with no worker.
    while (h && running && !closed && queue?.length && (active.get(name) ?? 0) < h.concurrency)
      execute(queue.shift()!, h.fn)
  }
  const execute = (run: Run, fn: Handler) => {
    run.executing = true
    active.set(run.name, (active.get(run.name) ?? 0) + 1)
    const p = (async () => {
      try {
        await fn(run.data, { id: run.id, attemptsMade: run.attemptsMade, name: run.name })
        runs.delete(run.key)
      } catch (err) {
        onError(err, run.name)
        run.attemptsMade++
        if (run.attemptsMade < run.attempts && !closed) {
          run.executing = false
          run.dueAt = Date.now() + BACKOFF_MS * 2 ** (run.attemptsMade - 1)
          arm(run)
        } else runs.delete(run.key)
      }
    })().finally(() => {
      active.set(run.name, active.get(run.name)! - 1)
      inflight.delete(p)
      pump(run.name)
    })
    inflight.add(p)
  }

  const add = (name: string, id: string, data: unknown, attempts: number, delay: number) => {
    const key = `${name}\0${id}`
    if (runs.has(key)) return
    const run: Run = { key, id, name, data, attempts, attemptsMade: 0, dueAt: Date.now() + delay }
    runs.set(key, run)
    arm(run)
  }

  const tick = (s: Schedule, at: number) => {
    add(s.name, `repeat:${s.id}:${at}`, s.data, s.attempts, 0)
    const next = Math.floor(Date.now() / s.every) * s.every + s.every
    s.timer = setTimeout(() => tick(s, next), next - Date.now()).unref()
  }
  // A replaced schedule's runs that have not started go with it, so no run after the replacement
  // carries the old data (a run in progress finishes, as a BullMQ worker's would).
  const dropPendingRuns = (name: string, scheduleId: string) => {
    const prefix = `${name}\0repeat:${scheduleId}:`
    for (const [key, run] of runs) {
      if (!key.startsWith(prefix) || run.executing) continue
      clearTimeout(run.timer)
      runs.delete(key)
      const queue = ready.get(name)
      if (queue?.includes(run))
        ready.set(
          name,
          queue.filter((r) => r !== run),
        )
    }
  }
  const startSchedule = (s: Schedule) => {
    if (running && !closed) tick(s, Math.floor(Date.now() / s.every) * s.every)
  }

  return {
    define(name, handler, opts = {}) {
      if (handlers.has(name)) throw new Error(`Job "${name}" is already defined`)
      handlers.set(name, { fn: handler as Handler, concurrency: Math.max(1, opts.concurrency ?? 1) })
      pump(name)
    },
    async add(name, data, opts: JobOptions = {}) {
      checkJobOptions(name, opts)
      if (closed) throw new Error('The job service is closed')
      const attempts = Math.max(1, opts.attempts ?? 1)
      if (opts.repeat) {
        const id = opts.jobId ?? name
        const key = `${name}\0${id}`
        clearTimeout(schedules.get(key)?.timer)
        dropPendingRuns(name, id)
        const s: Schedule = { name, id, data, every: opts.repeat.every, attempts }
        schedules.set(key, s)
        startSchedule(s)
        return { id }
      }
      const id = opts.jobId ?? randomUUID()
      add(name, id, data, attempts, opts.delay ?? 0)
      return { id }
    },
    async start() {
      if (running || closed) return
      running = true
      for (const run of runs.values()) arm(run)
      for (const s of schedules.values()) startSchedule(s)
    },
    async close() {
      closed = true
      for (const run of runs.values()) clearTimeout(run.timer)
      for (const s of schedules.values()) clearTimeout(s.timer)
      runs.clear()
      schedules.clear()
      ready.clear()
      // Like a BullMQ worker, wait for the runs in progress.
      await Promise.allSettled([...inflight])
    },
  }
}
