/**
 * Does each plugin type-check alone? A program holding only one plugin's sources sees another
 * plugin's events, services and Fastify decorations only through the imports it makes: a link
 * that works only because some other file of the monorepo happens to be compiled too is a hidden
 * one (issue 36). One compiler host caches parsed files across the plugins, so the whole check
 * costs one program's parse plus each plugin's type check.
 *
 *   tsx scripts/arch/alone.ts [plugin ...]   prints each plugin's errors; exit 1 when any
 */
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))

export interface AloneResult {
  plugin: string
  errors: string[]
}

function compilerOptions(): ts.CompilerOptions {
  const file = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(file.config, ts.sys, ROOT)
  return { ...parsed.options, noEmit: true, typeRoots: [join(ROOT, 'node_modules/@types')] }
}

/** A plugin's own sources: src/ and migrations/ (its tests may reach wider, as tests do). */
function sourcesOf(plugin: string): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) files.push(p)
    }
  }
  for (const d of ['src', 'migrations']) {
    try {
      walk(join(ROOT, 'plugins', plugin, d))
    } catch {
      // a plugin without migrations
    }
  }
  return files
}

export const allPlugins = () =>
  readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()

export function checkAlone(plugins = allPlugins()): AloneResult[] {
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const cache = new Map<string, ts.SourceFile | undefined>()
  const read = host.getSourceFile.bind(host)
  host.getSourceFile = (name, lang, onError, fresh) => {
    if (!cache.has(name)) cache.set(name, read(name, lang, onError, fresh))
    return cache.get(name)
  }
  let previous: ts.Program | undefined
  return plugins.map((plugin) => {
    const program = ts.createProgram(sourcesOf(plugin), options, host, previous)
    previous = program
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
      if (!d.file || d.start === undefined) return text
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
      return `${d.file.fileName.replace(`${ROOT}/`, '')}(${line + 1},${character + 1}): ${text}`
    })
    return { plugin, errors }
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  const results = checkAlone(process.argv.length > 2 ? process.argv.slice(2) : undefined)
  const failing = results.filter((r) => r.errors.length)
  for (const r of failing) console.log(`${r.plugin}: ${r.errors.length} error(s)\n  ${r.errors.join('\n  ')}`)
  console.log(
    `${results.length - failing.length} of ${results.length} plugins type-check alone ` +
      `(${failing.reduce((n, r) => n + r.errors.length, 0)} errors) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  process.exit(failing.length ? 1 : 0)
}
