/**
 * The sample third-party plugin (examples/nps) for a browser test: copied to a temporary folder whose
 * node_modules links what a workspace module has installed (the same React, kit and build tools the
 * shell shares) plus the SDK, its module built there with its own vite.config.ts (Vite and the kit's
 * federation settings: no network, no install), and its manifest loaded so the kernel serves the
 * build from the package (moduleDir). The packing and installing path is scripts/test/third-party-plugin.test.ts's.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type { DefinedPlugin } from '@atende/sdk'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export async function builtNpsSample(): Promise<{ plugin: DefinedPlugin; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'atende-nps-'))
  cpSync(join(ROOT, 'examples/nps'), dir, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist|atende-kit)$/.test(src),
  })
  const from = join(ROOT, 'modules/tasks/node_modules')
  for (const entry of readdirSync(from)) {
    if (entry === '.bin' || entry === '@atende') continue
    mkdirSync(join(dir, 'node_modules'), { recursive: true })
    symlinkSync(join(from, entry), join(dir, 'node_modules', entry), 'dir')
  }
  mkdirSync(join(dir, 'node_modules/@atende'), { recursive: true })
  for (const pkg of ['sdk', 'ui', 'client'])
    symlinkSync(join(ROOT, 'core', pkg), join(dir, 'node_modules/@atende', pkg))
  // A production build, out of the test runner's environment (VITEST*, NODE_ENV=test leave out remoteEntry.js).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'),
  )
  await promisify(execFile)(join(from, '.bin/vite'), ['build', '--logLevel', 'error'], {
    cwd: dir,
    env: { ...env, NODE_ENV: 'production' },
  })
  const plugin = ((await import(pathToFileURL(join(dir, 'src/index.ts')).href)) as { default: DefinedPlugin }).default
  return { plugin, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
