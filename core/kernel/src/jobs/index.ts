import type { FastifyBaseLogger } from 'fastify'
import type { JobsService } from '@atende/sdk'
import { createLocalJobs } from './local.ts'

/** In-process runner by default; BullMQ when REDIS_URL is set (see bullmq.ts). */
export async function createJobs(opts: { redisUrl?: string; log: FastifyBaseLogger }): Promise<JobsService> {
  return createLocalJobs((err, name) => opts.log.error({ err, job: name }, 'job failed'))
}
