/**
 * Runs before each browser file. The browser files share one process (vitest.config.ts: isolate
 * false, so the kernel, its plugins and Playwright are imported once), but not their environment:
 * what a file sets in process.env (SIMULATOR_ACK_MS, OUTBOUND_ALLOWED_HOSTS…) is undone after it,
 * as if it had had a process of its own.
 */
import { afterAll } from 'vitest'

const before = { ...process.env }

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key]
  Object.assign(process.env, before)
})
