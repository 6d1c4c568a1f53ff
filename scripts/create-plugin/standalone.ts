import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ScaffoldError } from './errors.ts'
import type { ScaffoldOptions, ScaffoldResult } from './generate.ts'
import { checkFlag, checkName, placeholders } from './names.ts'
import { fill, render, templateFiles } from './render.ts'

const TEMPLATE = fileURLToPath(new URL('./template', import.meta.url))

/** The kit tarballs' file names as `pnpm pack` writes them (scripts/kit-pack.ts), from the core packages' versions. */
export function kitFiles(repoRoot: string) {
  const version = (dir: string) => JSON.parse(readFileSync(join(repoRoot, 'core', dir, 'package.json'), 'utf8')).version
  return {
    kitSdk: `atende-sdk-${version('sdk')}.tgz`,
    kitUi: `atende-ui-${version('ui')}.tgz`,
    kitClient: `atende-client-${version('client')}.tgz`,
  }
}

/**
 * A third-party package outside the workspace: the same plugin and module templates, in one package
 * (plugin at the top, the module in module/ built into dist/module, the manifest's moduleDir), plus
 * template/standalone (package.json on the packed kit, tsconfig, vite.config). The plugin takes the
 * SDK as a peer, so it needs nothing at run time the host lacks: TypeBox comes through the SDK, and
 * the module's contract import is the package's own `./api` entry. Its checks are the host's
 * (`pnpm test:plugin`); the workspace's per-plugin test needs the kernel's test kit, which is not packed.
 */
export function createStandalone(opts: ScaffoldOptions & { standalone: string }, repoRoot: string): ScaffoldResult {
  checkName(opts.name)
  if (opts.flag !== undefined) checkFlag(opts.flag)
  const dir = opts.standalone
  if (existsSync(dir) && readdirSync(dir).length) throw new ScaffoldError(`${dir} is not empty: pick a new folder`)

  const values = { ...placeholders(opts.name, opts.flag), ...kitFiles(repoRoot) }
  const holds = {
    flag: opts.flag !== undefined,
    module: opts.module,
    backendOnly: !opts.module,
    workspaceModule: false,
    standaloneModule: opts.module,
  }
  const standaloneText = (text: string) =>
    text
      .replaceAll("from '@sinclair/typebox'", "from '@atende/sdk'")
      .replaceAll("'@atende/plugin-__name__/api'", "'atende-plugin-__name__/api'")

  const parts: { from: string; to: string; skip: (file: string) => boolean }[] = [
    { from: 'plugin', to: '', skip: (f) => f === 'package.json' || f.startsWith('test/') },
    { from: 'standalone', to: '', skip: (f) => !opts.module && f === 'vite.config.ts' },
  ]
  if (opts.module)
    parts.push({
      from: 'module',
      to: 'module',
      skip: (f) => ['package.json', 'tsconfig.json', 'vite.config.ts'].includes(f),
    })

  const outputs = parts.flatMap(({ from, to, skip }) =>
    templateFiles(join(TEMPLATE, from))
      .filter((file) => !skip(file))
      .map((file) => ({
        // Dot files are kept without their dot in the templates (.gitignore would hide itself).
        path: join(to, fill(file, values).replace(/^_dot_/, '.')),
        text: render(standaloneText(readFileSync(join(TEMPLATE, from, file), 'utf8')), values, holds),
      })),
  )
  // A line left out by its condition may leave a trailing comma behind in a JSON template.
  for (const o of outputs) if (o.path.endsWith('.json')) o.text = o.text.replace(/,(\s*[}\]])/g, '$1')
  for (const { path, text } of outputs) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return { folders: [dir], files: outputs.map((o) => o.path) }
}
