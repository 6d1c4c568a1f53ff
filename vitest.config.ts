import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['core/*/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts', 'shell/test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    // CI only: one more try for a test that failed, so a passing change is not lost to a slow
    // moment of a loaded 2-core machine (browser waits); a real failure fails twice.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    env: { PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' },
  },
})
