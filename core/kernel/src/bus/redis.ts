import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { createClient } from 'redis'
import type { EventActor, EventMap, EventName } from '@atende/sdk'
import { currentActor } from './actor.ts'
import { LocalDispatcher } from './local.ts'
import type { KernelBus } from './index.ts'

interface Envelope {
  o: string
  e: string
  p: unknown
  /** EventMeta.actor */
  a?: EventActor | null
}

const CONNECT_TIMEOUT_MS = 15_000

/**
 * The bus bridged over Redis pub/sub on one channel, `<prefix>:events`. An emit is dispatched to
 * this process's subscribers at once (embedded semantics, no round trip) and published for the
 * others; each process ignores the echo of its own messages by a process id, so every subscriber
 * sees an event exactly once.
 *
 * Payloads travel as JSON: in other processes a Date arrives as an ISO string (and undefined
 * fields vanish), so handlers must accept both `Date` and `string` for timestamps.
 * Delivery across processes is at-most-once (pub/sub): an event published while Redis is down is
 * lost for the other processes and logged here; local subscribers still get it.
 */
export async function createRedisBus(opts: {
  redisUrl: string
  prefix: string
  log: FastifyBaseLogger
  onError: (err: unknown, event: string) => void
}): Promise<KernelBus> {
  const processId = randomUUID()
  const channel = `${opts.prefix}:events`
  const d = new LocalDispatcher(opts.onError)
  // Fail publishes at once while disconnected instead of queueing them forever behind an emit.
  const pub = createClient({ url: opts.redisUrl, disableOfflineQueue: true })
  const sub = pub.duplicate()
  let lastErrorLog = 0
  const onClientError = (err: unknown) => {
    // A reconnect loop reports an error per attempt; one line every 10 s is enough.
    if (Date.now() - lastErrorLog > 10_000) {
      lastErrorLog = Date.now()
      opts.log.error({ err }, 'redis event bus connection error')
    }
  }
  pub.on('error', onClientError)
  sub.on('error', onClientError)
  // At boot, a missing Redis is a clear failure rather than a process silently waiting for it.
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CONNECT_TIMEOUT_MS)
      }),
    ])
  } catch (err) {
    pub.destroy()
    sub.destroy()
    throw new Error(`Cannot reach Redis at REDIS_URL within ${CONNECT_TIMEOUT_MS / 1000} s (${(err as Error).message})`)
  } finally {
    clearTimeout(timer)
  }

  // Every message this process publishes starts so (its envelope's first key): its echo, which is
  // every message of a one-process deployment, is dropped without parsing.
  const ownPrefix = `{"o":${JSON.stringify(processId)},`
  await sub.subscribe(channel, (message) => {
    if (message.startsWith(ownPrefix)) return
    let env: Envelope
    try {
      env = JSON.parse(message)
    } catch (err) {
      opts.log.warn({ err }, 'unreadable message on the event channel')
      return
    }
    if (!env || env.o === processId || typeof env.e !== 'string') return
    void d.dispatch(env.e, env.p, { actor: env.a ?? null, local: false })
  })

  let closed = false
  return {
    async emit<E extends EventName>(event: E, payload: EventMap[E]) {
      let sent: Promise<unknown> | undefined
      const actor = currentActor()
      if (!closed) {
        try {
          const message = JSON.stringify({ o: processId, e: event, p: payload, a: actor } satisfies Envelope)
          sent = pub
            .publish(channel, message)
            .catch((err) => opts.log.error({ err, event }, 'could not publish an event to other processes'))
        } catch (err) {
          opts.log.error({ err, event }, 'event payload is not JSON-serializable; delivered in this process only')
        }
      }
      // Local subscribers start at once, in parallel with the publish.
      await Promise.all([d.dispatch(event, payload, { actor, local: true }), sent])
    },
    on: (event, handler) => d.on(event, handler as Parameters<LocalDispatcher['on']>[1]),
    onAny: (handler) => d.onAny(handler),
    async health() {
      if (!pub.isReady) return 'error'
      try {
        await pub.ping()
        return 'ok'
      } catch {
        return 'error'
      }
    },
    async close() {
      if (closed) return
      closed = true
      for (const c of [sub, pub]) {
        try {
          await c.close()
        } catch {
          c.destroy()
        }
      }
    },
  }
}
