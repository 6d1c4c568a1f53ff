/**
 * The balancer alone, for docker-compose.yml (where each API process is a container of its own):
 * `UPSTREAMS=api1:8080,api2:8080 PORT=8080 node dist/server/scripts/cluster/balance.js`.
 * `pnpm start:cluster` starts the same balancer in its own process instead.
 */
import { createBalancer } from './balancer.ts'

const upstreams = (process.env.UPSTREAMS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => {
    const [host, port] = s.split(':')
    return { host: host!, port: Number(port || 8080) }
  })
if (!upstreams.length) {
  console.error('The balancer needs UPSTREAMS (host:port of each API process, comma-separated).')
  process.exit(1)
}
const balancer = createBalancer(upstreams)
const url = await balancer.listen(Number(process.env.PORT || 8080), process.env.HOST || '0.0.0.0')
console.log(`[balancer] ${url} → ${upstreams.map((u) => `${u.host}:${u.port}`).join(', ')}`)
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void balancer.close().then(() => process.exit(0)))
