import { execSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Newest modification time under a path (skipping node_modules, build output and tests: a test is no web source). */
function newest(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const name of readdirSync(path))
    if (name !== 'node_modules' && name !== 'dist' && name !== 'test') max = Math.max(max, newest(join(path, name)))
  return max
}

/** The web apps (shell + modules) whose dist is missing or older than their sources or the shared kit. */
export function staleWebApps(): string[] {
  if (!existsSync(join(ROOT, 'shell', 'package.json'))) return []
  const modules = existsSync(join(ROOT, 'modules'))
    ? readdirSync(join(ROOT, 'modules')).map((m) => join(ROOT, 'modules', m))
    : []
  const apps = [join(ROOT, 'shell'), ...modules].filter((dir) => existsSync(join(dir, 'package.json')))
  const output = (dir: string) => join(dir, 'dist', dir.endsWith('shell') ? 'index.html' : 'remoteEntry.js')
  const shared = Math.max(newest(join(ROOT, 'core', 'ui')), newest(join(ROOT, 'core', 'client', 'src')))
  return apps.filter((dir) => !existsSync(output(dir)) || statSync(output(dir)).mtimeMs < Math.max(shared, newest(dir)))
}

/** What a web build runs in: production, never a test runner's environment. */
function buildEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'),
  )
  return { ...env, NODE_ENV: 'production' }
}

/**
 * `pnpm build:web` in a production environment: under a test runner's NODE_ENV=test the
 * federation plugin leaves out the host setup and every remote fails to load.
 */
export function buildWeb(stdio: 'inherit' | 'pipe' = 'inherit') {
  execSync('pnpm build:web', {
    cwd: ROOT,
    stdio: ['ignore', stdio === 'inherit' ? 'ignore' : 'pipe', stdio],
    env: buildEnv(),
  })
}

/** The web apps (shell first, then the modules) that have a build script. */
export function webApps(): string[] {
  const modules = existsSync(join(ROOT, 'modules'))
    ? readdirSync(join(ROOT, 'modules'))
        .sort()
        .map((m) => join(ROOT, 'modules', m))
    : []
  return [join(ROOT, 'shell'), ...modules].filter((dir) => {
    try {
      return !!JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.build
    } catch {
      return false
    }
  })
}

/**
 * Builds the given web apps (default: all) a few at a time, one line as each starts and ends, so
 * a build of minutes is not silence. A package's own output is shown only when it fails; the
 * promise then rejects naming it.
 */
export async function buildWebWithProgress(
  opts: { apps?: string[]; log?: (line: string) => void; concurrency?: number } = {},
) {
  const apps = opts.apps ?? webApps()
  const log = opts.log ?? ((line: string) => console.log(`[atende] ${line}`))
  const concurrency = Math.max(1, Math.min(opts.concurrency ?? availableParallelism(), 4, apps.length))
  const name = (dir: string) => relative(ROOT, dir)
  const started = Date.now()
  log(`Building the web app: ${apps.length} package${apps.length === 1 ? '' : 's'}, ${concurrency} at a time…`)
  let next = 0
  let done = 0
  const failures: string[] = []
  const one = (dir: string, index: number) =>
    new Promise<void>((resolveOne) => {
      log(`building web app (${index + 1}/${apps.length}) ${name(dir)}…`)
      const t0 = Date.now()
      const child = spawn('pnpm', ['run', 'build'], { cwd: dir, env: buildEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000)
      }
      child.stdout.on('data', keep)
      child.stderr.on('data', keep)
      const finish = (code: number | null, err?: Error) => {
        done += 1
        if (code === 0) {
          log(`  built ${name(dir)} in ${Math.round((Date.now() - t0) / 1000)} s (${done}/${apps.length} done)`)
        } else {
          failures.push(name(dir))
          log(
            `  ${name(dir)} failed${err ? `: ${err.message}` : ` (exit ${code})`}:\n${output.trim().split('\n').slice(-40).join('\n')}`,
          )
        }
        resolveOne()
      }
      child.on('error', (err) => finish(null, err))
      child.on('close', (code) => finish(code))
    })
  const worker = async () => {
    while (next < apps.length) {
      const i = next++
      await one(apps[i]!, i)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  if (failures.length) throw new Error(`web build failed: ${failures.join(', ')}`)
  log(`Web app built in ${Math.round((Date.now() - started) / 1000)} s.`)
}
