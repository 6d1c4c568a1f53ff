/**
 * `pnpm kit:pack [<folder>]`: packs the plugin kit — @atende/sdk, @atende/ui (with the module build
 * settings, `@atende/ui/federation`) and @atende/client — into tarballs a plugin developed outside
 * this repository installs from files, never from npm (where the @atende scope is not ours).
 * Default folder: atende-kit/ in the current directory.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const KIT_DIRS = { '@atende/sdk': 'core/sdk', '@atende/ui': 'core/ui', '@atende/client': 'core/client' }

/** Packs each kit package into `dest`; answers package name → tarball path. */
export function packKit(dest: string): Record<string, string> {
  mkdirSync(dest, { recursive: true })
  const out: Record<string, string> = {}
  for (const [name, dir] of Object.entries(KIT_DIRS)) {
    const packed = execFileSync('pnpm', ['pack', '--json', '--pack-destination', dest], {
      cwd: join(REPO_ROOT, dir),
      encoding: 'utf8',
    })
    out[name] = (JSON.parse(packed) as { filename: string }).filename
  }
  return out
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cwd = process.env.INIT_CWD ?? process.cwd()
  const dest = resolve(cwd, process.argv[2] ?? 'atende-kit')
  const tarballs = packKit(dest)
  const spec = (file: string) => `file:${relative(cwd, file)}`
  console.log(
    [
      `Packed the kit into ${relative(cwd, dest) || '.'}:`,
      ...Object.values(tarballs).map((f) => `  ${relative(cwd, f)}`),
      '',
      "A plugin's package.json takes them as devDependencies (to type-check and build) and pins every",
      'reference to them, so pnpm never asks the registry (peerDependencies stay "^1.0.0"):',
      JSON.stringify(
        {
          devDependencies: Object.fromEntries(Object.entries(tarballs).map(([n, f]) => [n, spec(f)])),
          pnpm: { overrides: Object.fromEntries(Object.entries(tarballs).map(([n, f]) => [n, spec(f)])) },
        },
        null,
        2,
      ),
    ].join('\n'),
  )
}
