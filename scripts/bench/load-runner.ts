/**
 * autocannon in its own process for the concurrency benches (concurrency.ts): the load generator
 * must not share the server's event loop. Takes one job over IPC, answers its result and exits.
 */
import autocannon from 'autocannon'

process.once(
  'message',
  async (job: { url: string; connections: number; seconds: number; headers: Record<string, string> }) => {
    const r = await autocannon({
      url: job.url,
      connections: job.connections,
      duration: job.seconds,
      headers: job.headers,
    })
    process.send!({
      requests: r.requests.total,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      bytes: r.throughput.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    })
    process.exit(0)
  },
)
