/**
 * The bus events each plugin's code emits and listens to (`bus.on`, `realtime.map`; `bus.onAny` is
 * '*'), read from its sources, against what its manifest declares (`events`). The kernel's own
 * events (company, user, setting, plan, auth …) belong to no plugin and are left out.
 *
 *   tsx scripts/arch/events.ts     prints each plugin's found and declared events; exit 1 on a difference
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))

function sources(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...sources(p))
    else if (/\.tsx?$/.test(e.name)) out.push(readFileSync(p, 'utf8'))
  }
  return out
}

/** The kernel's events: the SDK's EventMap. */
export function kernelEvents(): Set<string> {
  const sdk = readFileSync(join(ROOT, 'core/sdk/src/events.ts'), 'utf8')
  const body = sdk.slice(sdk.indexOf('export interface EventMap'))
  return new Set([...body.slice(0, body.indexOf('\n}')).matchAll(/^\s*'([\w.]+)':/gm)].map((m) => m[1]!))
}

const names = (arg: string) => [...arg.matchAll(/'([a-zA-Z]+\.[\w.]+)'/g)].map((m) => m[1]!)

/** Event names in the first argument of each call of `fn` (a conditional's two names included). */
function firstArgs(text: string, fn: RegExp): string[] {
  const out: string[] = []
  for (const m of text.matchAll(fn)) {
    const rest = text.slice(m.index! + m[0].length)
    // Up to the first comma at depth 0: the first argument.
    let depth = 0
    let end = 0
    for (; end < rest.length; end++) {
      const c = rest[end]
      if (c === '(' || c === '[' || c === '{') depth++
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) break
        depth--
      } else if (c === ',' && depth === 0) break
    }
    out.push(...names(rest.slice(0, end)))
  }
  return out
}

export interface PluginEvents {
  plugin: string
  emits: string[]
  listens: string[]
}

export function foundEvents(): PluginEvents[] {
  const kernel = kernelEvents()
  const plugins = readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  return plugins.map((plugin) => {
    const text = sources(join(ROOT, 'plugins', plugin, 'src')).join('\n')
    const own = (list: string[]) => [...new Set(list.filter((e) => !kernel.has(e)))].sort()
    const listens = own([
      ...firstArgs(text, /\bbus\.on\(/g),
      ...firstArgs(text, /\brealtime\.map\(/g),
      ...firstArgs(text, /\bforgetOn\(\s*kernel\.bus\s*,/g),
    ])
    if (/\bbus\.onAny\(/.test(text)) listens.unshift('*')
    return { plugin, emits: own(firstArgs(text, /\bemit\(/g)), listens }
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const p of foundEvents())
    console.log(`${p.plugin}: emits ${p.emits.join(' ') || '-'}; listens ${p.listens.join(' ') || '-'}`)
}
