import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EMBEDDED_SUPERUSER } from '../../src/config.ts'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url))

/**
 * The environment of an app process for a crash test named `name`: this process's (DATABASE_URL is
 * the test's to add, REDIS_URL is kept), a data directory and a Redis prefix of its own, the test
 * super user, the simulator, short connection leases, a free port.
 */
export function appProcessEnv(name: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    REDIS_PREFIX: `atende-test-${name}-${randomBytes(4).toString('hex')}`,
    JWT_SECRET: `${name}-access-secret`,
    JWT_REFRESH_SECRET: `${name}-refresh-secret`,
    SUPERUSER_CNPJ: EMBEDDED_SUPERUSER.cnpj,
    SUPERUSER_EMAIL: EMBEDDED_SUPERUSER.email,
    SUPERUSER_PASSWORD: EMBEDDED_SUPERUSER.password,
    SIMULATOR_ENABLED: 'true',
    SIMULATOR_ACK_MS: '0',
    CONNECTION_LEASE_MS: '2000',
    DATA_DIR: mkdtempSync(join(tmpdir(), `atende-${name}-`)),
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  }
}

/**
 * CHAOS_SCALE (1 in CI): `pnpm test:chaos` runs the chaos and crash tests with their loads and
 * outages multiplied by it (10 by default), the long versions of what CI runs on every change.
 */
export const chaosScale = () => Math.max(1, Math.floor(Number(process.env.CHAOS_SCALE) || 1))

/** Processes started by `bootAppProcess`, for a test's afterAll to kill. */
export const appProcesses = new Set<ChildProcess>()

/**
 * The app as a real process (server.ts) for crash tests: resolves with its URL once it serves.
 * `env` configures it like `pnpm start` (DATABASE_URL, REDIS_URL, DATA_DIR, PORT 0…).
 */
export function bootAppProcess(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  appProcesses.add(child)
  child.once('exit', () => appProcesses.delete(child))
  let out = ''
  let err = ''
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      err = (err + d).slice(-4000)
    })
    child.stdout!.on('data', (d) => {
      out += d
      const m = /^ATENDE_READY (\S+)$/m.exec(out)
      if (m) {
        out = ''
        resolve({ child, base: m[1] })
      } else out = out.slice(-4000)
    })
    child.once('exit', (code) => reject(new Error(`the app process exited (${code}) before serving:\n${err}${out}`)))
  })
}
