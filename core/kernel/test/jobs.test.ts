import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createClient } from 'redis'
import { definePlugin, type JobContext } from '@atende/sdk'
import { createLocalJobs } from '../src/jobs/local.ts'
import { createTestApp, hasRedis, sleep, until, type TestApp } from './support/index.ts'

describe('in-process job runner', () => {
  const errors: unknown[] = []
  const make = () =>
    createLocalJobs((err) => {
      errors.push(err)
    })

  it('runs nothing before start(), then runs after the delay', async () => {
    const jobs = make()
    const ran: Array<{ data: unknown; at: number }> = []
    jobs.define('mail', async (data) => {
      ran.push({ data, at: Date.now() })
    })
    const t0 = Date.now()
    await jobs.add('mail', { to: 'a' }, { delay: 150 })
    await sleep(200)
    expect(ran).toEqual([])
    await jobs.start()
    await jobs.add('mail', { to: 'b' }, { delay: 150 })
    await until(() => ran.length === 2)
    expect(ran.map((r) => r.data)).toEqual([{ to: 'a' }, { to: 'b' }])
    expect(ran[1].at - t0).toBeGreaterThanOrEqual(350)
    await jobs.close()
  })

  it('adds a pending jobId once, and again once it has finished', async () => {
    const jobs = make()
    const ran: unknown[] = []
    jobs.define('sync', async (data) => {
      ran.push(data)
    })
    await jobs.start()
    expect(await jobs.add('sync', 1, { jobId: 'sync-a', delay: 50 })).toEqual({ id: 'sync-a' })
    expect(await jobs.add('sync', 2, { jobId: 'sync-a', delay: 50 })).toEqual({ id: 'sync-a' })
    await until(() => ran.length === 1)
    await sleep(100)
    expect(ran).toEqual([1])
    await jobs.add('sync', 3, { jobId: 'sync-a' })
    await until(() => ran.length === 2)
    expect(ran).toEqual([1, 3])
    await jobs.close()
  })

  it('dedupes a jobId while it runs', async () => {
    const jobs = make()
    let runs = 0
    let release!: () => void
    jobs.define('slow', () => {
      runs++
      return new Promise<void>((r) => {
        release = r
      })
    })
    await jobs.start()
    await jobs.add('slow', null, { jobId: 'slow-1' })
    await until(() => runs === 1)
    await jobs.add('slow', null, { jobId: 'slow-1' })
    release()
    await sleep(50)
    expect(runs).toBe(1)
    await jobs.close()
  })

  it('retries a failing job with backoff up to its attempts', async () => {
    const jobs = make()
    const calls: Array<{ attemptsMade: number; at: number }> = []
    jobs.define('flaky', async (_d, job: JobContext) => {
      calls.push({ attemptsMade: job.attemptsMade, at: Date.now() })
      if (job.attemptsMade < 1) throw new Error('transient')
    })
    await jobs.start()
    const before = errors.length
    await jobs.add('flaky', {}, { attempts: 3 })
    await until(() => calls.length === 2)
    await sleep(100)
    expect(calls.map((c) => c.attemptsMade)).toEqual([0, 1])
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(950)
    expect(errors.length - before).toBe(1)
    await jobs.close()
  })

  it('gives up after the last attempt', async () => {
    const jobs = make()
    let calls = 0
    jobs.define('doomed', async () => {
      calls++
      throw new Error('always')
    })
    await jobs.start()
    await jobs.add('doomed', {}, { attempts: 1, jobId: 'doomed-1' })
    await until(() => calls === 1)
    await sleep(100)
    expect(calls).toBe(1)
    // Finished (failed) jobs free their jobId.
    await jobs.add('doomed', {}, { jobId: 'doomed-1' })
    await until(() => calls === 2)
    await jobs.close()
  })

  it('repeats every interval, first at once, and a second add replaces the schedule', async () => {
    const jobs = make()
    const ran: Array<{ data: unknown; id: string }> = []
    jobs.define('tick', async (data, job) => {
      ran.push({ data, id: job.id })
    })
    await jobs.start()
    await jobs.add('tick', 'v1', { repeat: { every: 100 } })
    await until(() => ran.length >= 3)
    expect(ran[0].data).toBe('v1')
    expect(ran[0].id).toMatch(/^repeat:tick:\d+$/)
    await jobs.add('tick', 'v2', { repeat: { every: 100 } })
    const n = ran.length
    await until(() => ran.length >= n + 2)
    expect(ran.slice(n).every((r) => r.data === 'v2')).toBe(true)
    await jobs.close()
    const after = ran.length
    await sleep(250)
    expect(ran.length).toBe(after)
  })

  it("drops a replaced schedule's runs that have not started", async () => {
    const jobs = make()
    const ran: unknown[] = []
    jobs.define('tick', async (data) => {
      ran.push(data)
    })
    await jobs.start()
    // The first run of v1 is due at once but has not started when v2 replaces the schedule.
    await jobs.add('tick', 'v1', { repeat: { every: 60_000 } })
    await jobs.add('tick', 'v2', { repeat: { every: 60_000 } })
    await until(() => ran.length >= 1)
    await jobs.close()
    expect(ran).toEqual(['v2'])
  })

  it('keeps a job waiting until its handler is defined, and honours concurrency', async () => {
    const jobs = make()
    await jobs.start()
    await jobs.add('later', 1)
    await jobs.add('later', 2)
    await jobs.add('later', 3)
    await sleep(50)
    let active = 0
    let peak = 0
    const done: number[] = []
    jobs.define(
      'later',
      async (n) => {
        active++
        peak = Math.max(peak, active)
        await sleep(30)
        active--
        done.push(n as number)
      },
      { concurrency: 2 },
    )
    await until(() => done.length === 3)
    expect(peak).toBe(2)
    await jobs.close()
  })

  it('refuses job ids BullMQ would refuse', async () => {
    const jobs = make()
    await expect(jobs.add('x', {}, { jobId: '42' })).rejects.toThrow(/jobId/)
    await expect(jobs.add('x', {}, { jobId: 'a:b' })).rejects.toThrow(/jobId/)
    await expect(jobs.add('a:b', {})).rejects.toThrow(/name/)
    await jobs.close()
  })
})

/** A plugin defining test jobs; `label` tells which app ran them. */
const ran: Array<{ label: string; name: string; data: unknown; attemptsMade: number }> = []
let failFirst = new Set<string>()
const probe = (label: string) =>
  definePlugin({
    name: 'jobprobe',
    version: '1.0.0',
    essential: true,
    register(_app, kernel) {
      kernel.jobs.define('probe.echo', async (data, job) => {
        ran.push({ label, name: job.name, data, attemptsMade: job.attemptsMade })
      })
      kernel.jobs.define('probe.flaky', async (data, job) => {
        ran.push({ label, name: job.name, data, attemptsMade: job.attemptsMade })
        const key = JSON.stringify(data)
        if (failFirst.has(key)) {
          failFirst.delete(key)
          throw new Error('first attempt fails')
        }
      })
    },
  })

describe.skipIf(!hasRedis)('BullMQ jobs (skipped: set REDIS_URL to run them)', () => {
  const redisPrefix = `atende-test-jobs-${Date.now().toString(36)}`
  let api: TestApp
  let worker: TestApp
  beforeAll(async () => {
    api = await createTestApp({ plugins: [probe('api')], config: { redisPrefix, runJobs: false } })
    worker = await createTestApp({ plugins: [probe('worker')], db: api.db, config: { redisPrefix, runJobs: true } })
  })
  afterAll(async () => {
    await worker?.close()
    await api?.close()
    // Leave no keys of this file behind in the shared Redis.
    const redis = createClient({ url: process.env.REDIS_URL })
    await redis.connect()
    for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 500 }))
      if (keys.length) await redis.del(keys)
    await redis.close()
  })

  it('runs a job added by an API process (RUN_JOBS=false) in the worker process', async () => {
    await api.app.kernel.jobs.add('probe.echo', { n: 1 })
    await until(() => ran.some((r) => (r.data as { n?: number }).n === 1))
    expect(ran.filter((r) => (r.data as { n?: number }).n === 1)).toEqual([
      { label: 'worker', name: 'probe.echo', data: { n: 1 }, attemptsMade: 0 },
    ])
  })

  it('adds a pending jobId once', async () => {
    const a = await api.app.kernel.jobs.add('probe.echo', { n: 2 }, { jobId: 'dedupe-1', delay: 300 })
    const b = await api.app.kernel.jobs.add('probe.echo', { n: 3 }, { jobId: 'dedupe-1', delay: 300 })
    expect(a).toEqual({ id: 'dedupe-1' })
    expect(b).toEqual({ id: 'dedupe-1' })
    await until(() => ran.some((r) => (r.data as { n?: number }).n === 2))
    await sleep(300)
    expect(ran.filter((r) => [2, 3].includes((r.data as { n?: number }).n!)).map((r) => r.data)).toEqual([{ n: 2 }])
  })

  it('retries a failed job', async () => {
    failFirst = new Set([JSON.stringify({ k: 'retry' })])
    await api.app.kernel.jobs.add('probe.flaky', { k: 'retry' }, { attempts: 2 })
    await until(() => ran.filter((r) => r.name === 'probe.flaky').length === 2)
    expect(ran.filter((r) => r.name === 'probe.flaky').map((r) => [r.label, r.attemptsMade])).toEqual([
      ['worker', 0],
      ['worker', 1],
    ])
  })

  it('repeats on a schedule that several adds keep single', async () => {
    await api.app.kernel.jobs.add('probe.echo', { tick: true }, { repeat: { every: 200 }, jobId: 'ticker' })
    await worker.app.kernel.jobs.add('probe.echo', { tick: true }, { repeat: { every: 200 }, jobId: 'ticker' })
    await sleep(700)
    const ticks = ran.filter((r) => (r.data as { tick?: boolean }).tick).length
    // One schedule: about 700/200 + 1 runs, far fewer than two schedules would make.
    expect(ticks).toBeGreaterThanOrEqual(2)
    expect(ticks).toBeLessThanOrEqual(5)
  })
})
