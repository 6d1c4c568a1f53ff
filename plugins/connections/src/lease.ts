import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { createClient } from 'redis'
import type { Kernel } from '@atende/sdk'

/**
 * One owner per channel session (ARCHITECTURE.md "Channels"): a process runs a connection's session
 * only while it holds that connection's lease, so two processes never run the same number.
 *
 * With Redis the lease is the key `<prefix>:connections:lease:<whatsappId>` holding the owner's
 * process id (`<host>/<pid>/<uuid>`: whoever reads it knows which process runs the session), set
 * with a time to live (CONNECTION_LEASE_MS, 30 s) and renewed every third of it while the session
 * runs; a crashed process's leases lapse and another process takes them over
 * (resume.ts). Without Redis there is one process: leases are a local set, trivially ours.
 */
export interface Leases {
  /** This process's id: the value of the leases it holds. */
  readonly owner: string
  readonly ttlMs: number
  /** Take the lease, or extend it when it is already ours. False when another process holds it. */
  acquire(whatsappId: number): Promise<boolean>
  /** Extend a lease of ours; false when it is not ours any more. */
  renew(whatsappId: number): Promise<boolean>
  /** Give it up (only when it is ours). */
  release(whatsappId: number): Promise<void>
  /** Which process holds it, null when nobody does. */
  holder(whatsappId: number): Promise<string | null>
  /** Is it held here (what this process believes, without asking Redis)? */
  owns(whatsappId: number): boolean
  owned(): number[]
  /** Renew every lease held here each ttl/3; `lost` is told of those another process now holds. */
  keep(lost: (whatsappId: number) => void): void
  /** Release every lease held here; returns their ids. */
  releaseAll(): Promise<number[]>
  close(): Promise<void>
}

// Check-and-set scripts: a lease is only ever extended or deleted by the process whose id it holds.
const ACQUIRE = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

export async function createLeases(kernel: Kernel, opts: { ttlMs: number }): Promise<Leases> {
  const owner = `${hostname()}/${process.pid}/${randomUUID()}`
  const { redisUrl, redisPrefix } = kernel.config
  if (!redisUrl) return localLeases(owner, opts.ttlMs)

  const ttl = String(opts.ttlMs)
  const key = (id: number) => `${redisPrefix}:connections:lease:${id}`
  // Fail at once while Redis is away instead of queueing: a late renewal is worse than a failed one.
  const client = createClient({ url: redisUrl, disableOfflineQueue: true })
  let lastErrorLog = 0
  client.on('error', (err) => {
    if (Date.now() - lastErrorLog > 10_000) {
      lastErrorLog = Date.now()
      kernel.log.error({ err }, 'connections: lease store (redis) error')
    }
  })
  await client.connect()
  /** Leases held here (one object per acquisition) and when each was last confirmed in Redis. */
  const held = new Map<number, { at: number }>()
  const run = async (script: string, id: number, ...args: string[]) =>
    Number(await client.eval(script, { keys: [key(id)], arguments: [owner, ...args] }))
  let timer: NodeJS.Timeout | undefined

  /** Renew one lease; an answer about an acquisition that has since ended here changes nothing. */
  async function renewOne(id: number): Promise<'ok' | 'lost' | 'moot'> {
    const mine = held.get(id)
    if (!mine) return 'moot'
    const at = Date.now()
    const ok = (await run(RENEW, id, ttl)) === 1
    if (held.get(id) !== mine) return 'moot'
    if (ok) {
      mine.at = at
      return 'ok'
    }
    held.delete(id)
    return 'lost'
  }

  const leases: Leases = {
    owner,
    ttlMs: opts.ttlMs,
    async acquire(id) {
      const at = Date.now()
      const ok = (await run(ACQUIRE, id, ttl)) === 1
      if (!ok) held.delete(id)
      else if (held.has(id)) held.get(id)!.at = at
      else held.set(id, { at })
      return ok
    },
    async renew(id) {
      return (await renewOne(id)) === 'ok'
    },
    async release(id) {
      if (!held.delete(id)) return
      try {
        await run(RELEASE, id)
      } catch (err) {
        kernel.log.warn({ err, whatsappId: id }, 'connections: lease not released (it lapses by itself)')
      }
    },
    async holder(id) {
      return held.has(id) ? owner : await client.get(key(id))
    },
    owns: (id) => held.has(id),
    owned: () => [...held.keys()],
    keep(lost) {
      clearInterval(timer)
      timer = setInterval(
        () => {
          for (const [id, mine] of [...held]) {
            renewOne(id).then(
              (r) => {
                if (r === 'lost') lost(id)
              },
              (err) => {
                // Redis unreachable: keep running while the lease may still be ours; past its time to
                // live another process may hold it, so stop.
                if (held.get(id) !== mine || Date.now() - mine.at < opts.ttlMs) return
                kernel.log.warn({ err, whatsappId: id }, 'connections: lease not renewed in time')
                held.delete(id)
                lost(id)
              },
            )
          }
        },
        Math.max(50, Math.floor(opts.ttlMs / 3)),
      )
      timer.unref()
    },
    async releaseAll() {
      const ids = [...held.keys()]
      await Promise.all(ids.map((id) => leases.release(id)))
      return ids
    },
    async close() {
      clearInterval(timer)
      await leases.releaseAll()
      try {
        await client.close()
      } catch {
        client.destroy()
      }
    },
  }
  return leases
}

/** One process, no Redis: every lease is ours for the asking. */
function localLeases(owner: string, ttlMs: number): Leases {
  const held = new Set<number>()
  return {
    owner,
    ttlMs,
    async acquire(id) {
      held.add(id)
      return true
    },
    async renew(id) {
      return held.has(id)
    },
    async release(id) {
      held.delete(id)
    },
    async holder(id) {
      return held.has(id) ? owner : null
    },
    owns: (id) => held.has(id),
    owned: () => [...held],
    keep() {},
    async releaseAll() {
      const ids = [...held]
      held.clear()
      return ids
    },
    async close() {
      held.clear()
    },
  }
}
