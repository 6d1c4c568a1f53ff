/**
 * usageCount / lastUsed without a write per request: calls are counted in memory and written every
 * API_TOKEN_USAGE_FLUSH_MS (5 s) with one UPDATE for all tokens (usageCount + n), and on close.
 * A crash loses at most that window's counts; they are statistics, not billing.
 */
import type { Kernel } from '@atende/sdk'

const flushMs = () => Number(process.env.API_TOKEN_USAGE_FLUSH_MS ?? 5000)

export function createUsageCounter(kernel: Kernel) {
  let pending = new Map<number, { n: number; last: Date }>()
  let running: Promise<void> = Promise.resolve()

  async function write(batch: Map<number, { n: number; last: Date }>) {
    if (!batch.size) return
    const entries = [...batch.entries()]
    const values = entries.map(() => '(?::int, ?::int, ?::timestamptz)').join(', ')
    // Platform-wide: the batch holds tokens of many companies, each row named by its own id.
    await kernel.db.raw(
      `UPDATE api_tokens AS a SET "usageCount" = a."usageCount" + v.n,
         "lastUsed" = greatest(coalesce(a."lastUsed", v.last), v.last)
       FROM (VALUES ${values}) AS v(id, n, last) WHERE a.id = v.id`,
      entries.flatMap(([id, e]) => [id, e.n, e.last]),
    )
  }

  /** Writes what was counted so far; calls in a row queue behind each other. */
  function flush(): Promise<void> {
    const batch = pending
    pending = new Map()
    running = running.then(() =>
      write(batch).catch((err) => {
        kernel.log.warn({ err }, 'api token usage not written')
      }),
    )
    return running
  }

  const timer = flushMs() > 0 ? setInterval(() => void flush(), flushMs()) : null
  timer?.unref()
  kernel.onClose(async () => {
    if (timer) clearInterval(timer)
    await flush()
  })

  return {
    count(tokenId: number) {
      const e = pending.get(tokenId)
      if (e) {
        e.n++
        e.last = new Date()
      } else pending.set(tokenId, { n: 1, last: new Date() })
    },
    flush,
  }
}

export type UsageCounter = ReturnType<typeof createUsageCounter>
