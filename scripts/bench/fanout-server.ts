/**
 * One server process of `pnpm bench:fanout` (fanout.ts forks two): the whole app on the bench's
 * database and Redis prefix, on a loopback port it reports to the parent, which may then ask for
 * its memory ('mem') and stops it with SIGTERM.
 */
import { connectDb, createApp } from '@atende/kernel'

async function main() {
  const app = await createApp({
    db: connectDb({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' }),
    env: {},
    logger: false,
    config: {
      mode: 'production',
      dataDir: '',
      redisUrl: process.env.REDIS_URL,
      redisPrefix: process.env.BENCH_REDIS_PREFIX,
      ...JSON.parse(process.env.BENCH_CONFIG || '{}'),
    },
  })
  await app.ready()
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  process.on('message', (m) => {
    if (m === 'mem') {
      global.gc?.()
      const { rss, heapUsed } = process.memoryUsage()
      process.send!({ rss, heapUsed })
    }
  })
  process.once('SIGTERM', () => {
    void app.close().finally(() => process.exit(0))
  })
  process.send!({ base })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
