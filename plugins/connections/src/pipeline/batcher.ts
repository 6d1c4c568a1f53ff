/**
 * A per-connection FIFO that writes in batches: while one batch is being written, arrivals queue
 * up and become the next batch, so throughput grows with load (one transaction per batch, not per
 * message) and order is kept (one batch at a time, in arrival order). Memory is bounded: past
 * `maxPending` waiting items, push() waits for room, which pushes back on the provider.
 *
 * A failed batch is retried item by item, so one bad message fails alone; its push() rejects and
 * the provider does not acknowledge it (it will be delivered again).
 */
export interface BatcherOptions<T, R> {
  maxBatch: number
  maxPending: number
  write(batch: T[]): Promise<R[]>
}

interface Entry<T, R> {
  item: T
  resolve: (r: R) => void
  reject: (e: unknown) => void
}

export function createBatcher<T, R>(opts: BatcherOptions<T, R>) {
  const queue: Entry<T, R>[] = []
  const roomWaiters: Array<() => void> = []
  let draining = false
  let idle: Promise<void> = Promise.resolve()
  let markIdle = () => {}

  async function writeAll(entries: Entry<T, R>[]) {
    try {
      const results = await opts.write(entries.map((e) => e.item))
      entries.forEach((e, i) => e.resolve(results[i]))
    } catch (err) {
      if (entries.length === 1) {
        entries[0].reject(err)
        return
      }
      for (const e of entries) await writeAll([e])
    }
  }

  async function drain() {
    draining = true
    idle = new Promise((r) => {
      markIdle = r
    })
    // Let a burst that arrives in the same tick join the first batch.
    await new Promise<void>((r) => setImmediate(r))
    try {
      while (queue.length) {
        const batch = queue.splice(0, opts.maxBatch)
        while (roomWaiters.length && queue.length < opts.maxPending) roomWaiters.shift()!()
        await writeAll(batch)
      }
    } finally {
      draining = false
      markIdle()
    }
  }

  return {
    async push(item: T): Promise<R> {
      while (queue.length >= opts.maxPending) await new Promise<void>((r) => roomWaiters.push(r))
      const p = new Promise<R>((resolve, reject) => queue.push({ item, resolve, reject }))
      if (!draining) void drain()
      return p
    },
    get pending() {
      return queue.length
    },
    /** Resolves when everything pushed so far is written. */
    flushed: () => idle,
  }
}
