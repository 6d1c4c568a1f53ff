/**
 * `pnpm plugin:add <plugin folder | .tgz> [--root <host>]`: installs a third-party plugin into this
 * host without asking the public registry for anything of ours. The `@atende` scope is unclaimed on
 * npm, so a plugin must name the kit as peerDependencies (answered by the host's own workspace
 * packages, added to the root as `workspace:*` when missing), never as dependencies (pnpm would look
 * them up on npm: dependency confusion). A folder is packed first; the tarball is kept in
 * third-party/ so the host's lockfile can reinstall it. Prints the ATENDE_PLUGINS line to use.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
/** The packages a plugin may take from the host (core/sdk, core/ui, core/client). */
export const KIT = ['@atende/sdk', '@atende/ui', '@atende/client']

export const USAGE = `Usage: pnpm plugin:add <plugin folder | plugin .tgz> [--root <host folder>]

  Packs the folder (or takes the tarball), keeps it in third-party/, installs it at the host's root
  with the kit (${KIT.join(', ')}) from the host's workspace, and prints the ATENDE_PLUGINS line.`

export class PluginAddError extends Error {}

interface PackageJson {
  name?: string
  version?: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

/** Refuses what would make pnpm ask the registry for an `@atende` package. */
export function checkPluginPackage(pkg: PackageJson) {
  if (!pkg.name) throw new PluginAddError('the plugin package has no name')
  for (const field of ['dependencies', 'optionalDependencies'] as const) {
    const ours = Object.keys(pkg[field] ?? {}).filter((d) => d.startsWith('@atende/'))
    if (ours.length)
      throw new PluginAddError(
        `${pkg.name} lists ${ours.join(', ')} in ${field}: the @atende scope is not on npm, so declare them as peerDependencies (the host provides them)`,
      )
  }
  const unknown = Object.keys(pkg.peerDependencies ?? {}).filter((d) => d.startsWith('@atende/') && !KIT.includes(d))
  if (unknown.length)
    throw new PluginAddError(
      `${pkg.name} needs ${unknown.join(', ')}, which the host does not provide (only ${KIT.join(', ')})`,
    )
}

const pnpm = (args: string[], cwd: string) => execFileSync('pnpm', args, { cwd, encoding: 'utf8', stdio: 'pipe' })

/** The plugin as a tarball inside <root>/third-party/: packs a folder, copies a .tgz. */
function tarballIn(source: string, root: string): { file: string; files: string[] } {
  const dest = join(root, 'third-party')
  mkdirSync(dest, { recursive: true })
  if (statSync(source).isDirectory()) {
    if (!existsSync(join(source, 'package.json'))) throw new PluginAddError(`${source} has no package.json`)
    const packed = JSON.parse(pnpm(['pack', '--json', '--pack-destination', dest], source)) as {
      filename: string
      files: { path: string }[]
    }
    return { file: packed.filename, files: packed.files.map((f) => f.path) }
  }
  if (!source.endsWith('.tgz')) throw new PluginAddError(`${source} is neither a folder nor a .tgz`)
  const file = join(dest, basename(source))
  if (resolve(source) !== file) copyFileSync(source, file)
  const files = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((p) => p.replace(/^package\//, ''))
  return { file, files }
}

export function addPlugin(source: string, root: string) {
  if (!existsSync(source)) throw new PluginAddError(`${source} does not exist`)
  if (!existsSync(join(root, 'package.json'))) throw new PluginAddError(`${root} has no package.json`)
  const { file, files } = tarballIn(resolve(source), root)
  const pkg = JSON.parse(execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }))
  checkPluginPackage(pkg)

  // The kit the plugin takes from the host, named again in the same `pnpm add` with the host's own
  // specifier (workspace:* when missing): pnpm then resolves the plugin's peers to them. Left out, an
  // auto-installed peer is looked up on the registry (seen with pnpm 10 when re-adding a plugin).
  const host = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson
  const workspace = existsSync(join(root, 'pnpm-workspace.yaml'))
  const kit = Object.keys(pkg.peerDependencies ?? {}).filter((d) => KIT.includes(d))
  const missing = kit.filter((d) => !host.dependencies?.[d])
  if (missing.length && !workspace)
    throw new PluginAddError(`${root} is not the Atende workspace and does not depend on ${missing.join(', ')}`)
  const specs = kit.map((d) => `${d}@${host.dependencies?.[d] ?? 'workspace:*'}`)
  pnpm(['add', ...(workspace ? ['-w'] : []), '--prefer-offline', `file:${relative(root, file)}`, ...specs], root)

  const listed = (process.env.ATENDE_PLUGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const plugins = listed.includes(pkg.name) ? listed : [...listed, pkg.name]
  return {
    name: pkg.name as string,
    tarball: relative(root, file),
    hasRemote: files.some((f) => f.endsWith('remoteEntry.js')),
    envLine: `ATENDE_PLUGINS=${plugins.join(',')}`,
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { values, positionals } = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
    if (values.help) console.log(USAGE)
    else {
      if (positionals.length !== 1) throw new PluginAddError(`one plugin folder or .tgz expected\n\n${USAGE}`)
      const root = resolve(values.root ?? REPO_ROOT)
      const added = addPlugin(resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!), root)
      console.log(
        [
          `Installed ${added.name} from ${added.tarball}.`,
          ...(added.hasRemote
            ? []
            : ['Note: the package has no built module (remoteEntry.js); build it before packing if it has a page.']),
          'Load it by adding to the environment (.env or the service):',
          `  ${added.envLine}`,
          `Commit package.json, pnpm-lock.yaml and ${added.tarball} so the next install finds it.`,
        ].join('\n'),
      )
    }
  } catch (err) {
    if (!(err instanceof PluginAddError) && !(err as { stderr?: string }).stderr) throw err
    const detail = (err as { stderr?: string }).stderr
    console.error(`plugin:add: ${detail ? `pnpm failed:\n${detail}` : (err as Error).message}`)
    process.exitCode = 1
  }
}
