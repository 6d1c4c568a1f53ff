/**
 * `pnpm build:server`: the server as plain JavaScript in dist/server, so production runs on `node`
 * alone. tsx compiles each file as it loads and keeps a loader thread and source maps for the
 * process's life (~50 MB resident, measured by the hot-paths bench); the built server has neither.
 *
 * The build mirrors the repository's layout file for file (core/kernel/src/app.ts becomes
 * dist/server/core/kernel/src/app.js), so every path a module finds from its own URL (migrations,
 * the workspace's plugins folder, the shell) means the same thing. What the mirror does not hold
 * is linked: each package's node_modules, and the web app's shell/ and modules/ folders. Imports
 * of `./x.ts` become `./x.js`, and `@atende/…` imports point at the mirrored file, since the
 * workspace's own links lead to the TypeScript sources. Tests still run the sources.
 */
import { build } from 'esbuild'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const SERVER_DIST = join(ROOT, 'dist', 'server')

/** The workspace packages the server runs; the web packages (shell, modules, ui, client) are built by vite. */
const serverPackages = () => [
  ...['core/sdk', 'core/kernel', 'core/spreadsheet', 'scripts'],
  ...readdirSync(join(ROOT, 'plugins'))
    .filter((name) => existsSync(join(ROOT, 'plugins', name, 'package.json')))
    .map((name) => `plugins/${name}`),
]

/** The commands of the scripts package that run the server, and what they import. */
const SCRIPTS = [
  'start.ts',
  'worker.ts',
  'seed-demo.ts',
  'web-build.ts',
  'cluster/balancer.ts',
  'cluster/balance.ts',
  'bench/bench-server.ts',
]
/** Folders of a package that hold server code; tests and fixtures stay out. */
const CODE_DIRS = ['src', 'migrations']
const SKIP_DIRS = new Set(['node_modules', 'test', 'dist'])

function walk(dir: string, out: string[]) {
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) walk(path, out)
    } else out.push(path)
  }
}

interface Pkg {
  dir: string
  json: { name: string; type?: string; exports?: string | Record<string, string> }
}

/** The files to compile (.ts) and to copy (.mjs/.js/.json beside them) of one package. */
function packageFiles(pkg: string): { compile: string[]; copy: string[] } {
  const files: string[] = []
  const dir = join(ROOT, pkg)
  if (pkg === 'scripts') files.push(...SCRIPTS.map((f) => join(dir, f)))
  else for (const sub of CODE_DIRS) walk(join(dir, sub), files)
  return {
    compile: files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts')),
    copy: files.filter((f) => /\.(mjs|js|json)$/.test(f)),
  }
}

/** `@atende/x/sub` → the source file its package exports under `./sub`. */
function workspaceTarget(spec: string, packages: Map<string, Pkg>): string | undefined {
  const name = spec.split('/').slice(0, 2).join('/')
  const pkg = packages.get(name)
  if (!pkg) return undefined
  const sub = '.' + spec.slice(name.length)
  const exp = pkg.json.exports
  const target = typeof exp === 'string' ? (sub === '.' ? exp : undefined) : exp?.[sub]
  return target ? join(pkg.dir, target) : undefined
}

const toJs = (path: string) => path.replace(/\.ts$/, '.js')

/** The specifiers esbuild writes (always double-quoted): static, re-export and dynamic imports. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"([^"]+)"/g

/** Rewrites one compiled file's imports; an @atende import of a package outside the build is an error. */
function rewriteImports(code: string, sourceFile: string, outFile: string, packages: Map<string, Pkg>) {
  return code.replace(SPECIFIER, (whole, lead: string, spec: string) => {
    if (spec.startsWith('.')) return spec.endsWith('.ts') ? `${lead}"${toJs(spec)}"` : whole
    if (!spec.startsWith('@atende/')) return whole
    const target = workspaceTarget(spec, packages)
    if (!target) throw new Error(`${relative(ROOT, sourceFile)} imports ${spec}, which the server build does not hold`)
    const mirrored = toJs(join(SERVER_DIST, relative(ROOT, target)))
    let rel = relative(dirname(outFile), mirrored)
    if (!rel.startsWith('.')) rel = `./${rel}`
    return `${lead}"${rel}"`
  })
}

function link(target: string, path: string) {
  if (!existsSync(target) || existsSync(path)) return
  mkdirSync(dirname(path), { recursive: true })
  try {
    symlinkSync(target, path)
  } catch (err) {
    // Another build made the same link meanwhile.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
}

/**
 * Writes only what changed, each file atomically (a temporary name, then a rename): a build while a
 * built server runs (a second test, the bench) leaves every file it may still load whole.
 */
function writeChanged(path: string, content: string | Buffer) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content
  if (existsSync(path) && readFileSync(path).equals(bytes)) return
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, bytes)
  renameSync(tmp, path)
}

/** Files (not links) under `dir`, to drop those the build no longer makes. */
function builtFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    const st = lstatSync(path)
    if (st.isSymbolicLink()) continue
    if (st.isDirectory()) builtFiles(path, out)
    else out.push(path)
  }
  return out
}

/** Builds dist/server (rewriting only what changed); returns the number of files compiled. */
export async function buildServer(): Promise<number> {
  const out = SERVER_DIST
  const files = new Map<string, string | Buffer>()
  const names = serverPackages()
  const packages = new Map<string, Pkg>()
  for (const pkg of names) {
    const dir = join(ROOT, pkg)
    const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    packages.set(json.name, { dir, json })
  }
  const compile: string[] = []
  for (const pkg of names) {
    const found = packageFiles(pkg)
    compile.push(...found.compile)
    for (const f of found.copy) files.set(join(out, relative(ROOT, f)), readFileSync(f))
  }
  const result = await build({
    entryPoints: compile,
    outbase: ROOT,
    outdir: out,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  })
  const bySource = new Map(compile.map((f) => [toJs(join(out, relative(ROOT, f))), f]))
  for (const file of result.outputFiles) {
    const source = bySource.get(file.path)
    if (!source) throw new Error(`esbuild wrote an unexpected file: ${file.path}`)
    files.set(file.path, rewriteImports(file.text, source, file.path, packages))
  }
  // Each package: its package.json (ESM, entries pointing at .js).
  for (const { dir, json } of packages.values()) {
    const exports =
      typeof json.exports === 'string'
        ? toJs(json.exports)
        : Object.fromEntries(Object.entries(json.exports ?? {}).map(([k, v]) => [k, toJs(v)]))
    files.set(
      join(out, relative(ROOT, dir), 'package.json'),
      JSON.stringify({ name: json.name, type: 'module', exports }, null, 2),
    )
  }
  files.set(join(out, 'package.json'), JSON.stringify({ private: true, type: 'module' }))

  for (const [path, content] of files) writeChanged(path, content)
  for (const path of builtFiles(out)) if (!files.has(path) && !path.endsWith('.tmp')) rmSync(path, { force: true })
  // Each package's dependencies, and the web app the API serves.
  for (const { dir } of packages.values())
    link(join(dir, 'node_modules'), join(out, relative(ROOT, dir), 'node_modules'))
  for (const shared of ['node_modules', 'shell', 'modules']) link(join(ROOT, shared), join(out, shared))
  return compile.length
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const files = await buildServer()
  console.log(
    `[atende] Server built: ${files} files in ${relative(ROOT, SERVER_DIST)} (${Date.now() - started} ms); run it with \`pnpm serve\`.`,
  )
}
