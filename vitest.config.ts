import { defineConfig } from 'vitest/config'

const browserFiles = ['shell/test/e2e/**/*.test.ts']

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    // No retry, in CI either: a test that fails once is a bug to fix (the last flake, tickets-scale,
    // was a real one: scroll anchoring), not to hide.
    hookTimeout: 60_000,
    env: { PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' },
    // Two tiers, one after the other. API and unit files (each its own database) run two at a time:
    // they wait on Postgres and the network as much as on the CPU. Browser files then run one at a
    // time: each drives a Chromium and a server, and two of them on 2 cores starve each other's waits.
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'core/*/test/**/*.test.ts',
            'plugins/*/test/**/*.test.ts',
            'scripts/test/**/*.test.ts',
            'shell/test/unit/**/*.test.ts',
            'modules/*/test/**/*.test.ts',
          ],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browserFiles,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          // One process for every browser file instead of one each: the kernel, its plugins and
          // Playwright are imported once (about 2 s a file). Each file still boots its own app on its
          // own database and its own Chromium; setup.ts gives each its own process.env back.
          isolate: false,
          setupFiles: ['shell/test/e2e/setup.ts'],
        },
      },
    ],
  },
})
