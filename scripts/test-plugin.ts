/**
 * `ATENDE_PLUGINS=@acme/atende-plugin-x pnpm test:plugin`: the platform's checks against a
 * third-party plugin — the tenancy walk (every route of the installation, the plugin's included,
 * called as one company against another's ids) and the migrations round trip (up, down, up) —
 * loading the workspace plus the packages ATENDE_PLUGINS names, as a real installation does.
 * Set DATABASE_URL (and REDIS_URL) to run them on Postgres; without them they use embedded PGlite.
 */
import { spawnSync } from 'node:child_process'

const FILES = ['core/kernel/test/tenancy-walk.test.ts', 'core/kernel/test/migrations.test.ts']

if (!process.env.ATENDE_PLUGINS?.trim()) {
  console.error('Name the plugin package(s) to check: ATENDE_PLUGINS=@acme/atende-plugin-x pnpm test:plugin')
  process.exit(2)
}
const run = spawnSync('vitest', ['run', ...FILES, ...process.argv.slice(2)], { stdio: 'inherit', shell: false })
process.exit(run.status ?? 1)
