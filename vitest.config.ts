import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['core/*/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts', 'shell/test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' },
  },
})
