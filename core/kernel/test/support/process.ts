import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url))

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
