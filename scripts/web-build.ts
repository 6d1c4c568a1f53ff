import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Newest modification time under a path (skipping node_modules and build output). */
function newest(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') max = Math.max(max, newest(join(path, name)))
  return max
}

/** The web apps (shell + modules) whose dist is missing or older than their sources or the shared kit. */
export function staleWebApps(): string[] {
  if (!existsSync(join(ROOT, 'shell', 'package.json'))) return []
  const modules = existsSync(join(ROOT, 'modules')) ? readdirSync(join(ROOT, 'modules')).map((m) => join(ROOT, 'modules', m)) : []
  const apps = [join(ROOT, 'shell'), ...modules].filter((dir) => existsSync(join(dir, 'package.json')))
  const output = (dir: string) => join(dir, 'dist', dir.endsWith('shell') ? 'index.html' : 'remoteEntry.js')
  const shared = Math.max(newest(join(ROOT, 'core', 'ui')), newest(join(ROOT, 'core', 'client', 'src')))
  return apps.filter((dir) => !existsSync(output(dir)) || statSync(output(dir)).mtimeMs < Math.max(shared, newest(dir)))
}

/**
 * `pnpm build:web` in a production environment: under a test runner's NODE_ENV=test the
 * federation plugin leaves out the host setup and every remote fails to load.
 */
export function buildWeb(stdio: 'inherit' | 'pipe' = 'inherit') {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'))
  execSync('pnpm build:web', { cwd: ROOT, stdio: ['ignore', stdio === 'inherit' ? 'ignore' : 'pipe', stdio], env: { ...env, NODE_ENV: 'production' } })
}
