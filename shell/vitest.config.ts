import { defineConfig } from 'vitest/config'

// Lets `pnpm --filter @atende/shell exec vitest run` work without loading the federation build config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    env: { PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' },
  },
})
