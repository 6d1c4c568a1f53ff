/**
 * A token bucket: `burst` sends at once, then `perSecond`. One per connection, in the process that
 * owns the session — a session has exactly one owner, so a local bucket is the connection's limit.
 */
export function createBucket(perSecond: number, burst: number) {
  let tokens = burst
  let last = Date.now()
  return {
    async take() {
      for (;;) {
        const now = Date.now()
        tokens = Math.min(burst, tokens + ((now - last) / 1000) * perSecond)
        last = now
        if (tokens >= 1) {
          tokens -= 1
          return
        }
        await new Promise((r) => setTimeout(r, Math.ceil(((1 - tokens) / perSecond) * 1000)))
      }
    },
  }
}
