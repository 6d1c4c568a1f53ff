import type { FastifyBaseLogger } from 'fastify'
import type { EventBus } from '@atende/sdk'
import { createLocalBus } from './local.ts'
import { createRedisBus } from './redis.ts'

/** The bus plus a readiness check for GET /api/health. */
export interface KernelBus extends EventBus {
  health(): Promise<'ok' | 'disabled' | 'error'>
}

/**
 * In-process by default; bridged over Redis pub/sub when REDIS_URL is set (see redis.ts: payloads
 * cross processes as JSON, so Dates arrive as ISO strings there).
 */
export async function createBus(opts: {
  redisUrl?: string
  prefix?: string
  log: FastifyBaseLogger
}): Promise<KernelBus> {
  const onError = (err: unknown, event: string) => opts.log.error({ err, event }, 'event handler failed')
  if (opts.redisUrl)
    return createRedisBus({ redisUrl: opts.redisUrl, prefix: opts.prefix ?? 'atende', log: opts.log, onError })
  return { ...createLocalBus(onError), health: async () => 'disabled' }
}
