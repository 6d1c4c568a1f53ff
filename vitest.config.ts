import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['core/*/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts', 'shell/test/**/*.test.ts'],
    pool: 'forks',
    // Most files wait on Postgres, a browser or a socket, not the CPU: two at a time even on 2 cores
    // (vitest's default, cores − 1, runs them one by one there). Measured on 2 cores: 14.3 → 12.3 min.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    // CI only: one more try for a test that failed, so a passing change is not lost to a slow
    // moment of a loaded 2-core machine (browser waits); a real failure fails twice.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    env: { PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' },
  },
})
