import type { FastifyBaseLogger } from 'fastify'
import type { JobsService } from '@atende/sdk'
import { createLocalJobs } from './local.ts'
import { createBullJobs } from './bullmq.ts'

/** In-process runner by default; BullMQ when REDIS_URL is set (same semantics, see both files). */
export async function createJobs(opts: {
  redisUrl?: string
  prefix?: string
  log: FastifyBaseLogger
}): Promise<JobsService> {
  const onError = (err: unknown, name: string) => opts.log.error({ err, job: name }, 'job failed')
  if (opts.redisUrl)
    return createBullJobs({ redisUrl: opts.redisUrl, prefix: opts.prefix ?? 'atende', log: opts.log, onError })
  return createLocalJobs(onError)
}
