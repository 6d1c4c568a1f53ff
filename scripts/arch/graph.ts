/**
 * The plugins' run-time dependency graph (issue 36): an edge a → b when plugin a imports b's
 * contract, asks the kernel for a service b provides, or listens to an event b emits. The import
 * graph alone misses the last two, which is how a cycle hid among seven plugins. Strongly
 * connected components of more than one plugin are the cycles. `services.find` is not an edge: it
 * reaches a plugin loaded above through a port the caller owns (tickets' neighbours-api.ts, the
 * SDK's RecordOwner), declared `optional` in its manifest, so the dependency points down.
 *
 *   tsx scripts/arch/graph.ts      prints the edges by kind and the cycles; exit 1 on any cycle
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))

export type EdgeKind = 'import' | 'service' | 'event'
export interface Edge {
  from: string
  to: string
  kind: EdgeKind
  /** The contract, service key or event name the edge goes through. */
  via: string
}

function sources(plugin: string): string {
  const texts: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.tsx?$/.test(e.name)) texts.push(readFileSync(p, 'utf8'))
    }
  }
  walk(join(ROOT, 'plugins', plugin, 'src'))
  return texts.join('\n')
}

const all = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!)

export function runtimeGraph(): { plugins: string[]; edges: Edge[] } {
  const plugins = readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  const text = new Map(plugins.map((p) => [p, sources(p)]))
  const provider = new Map<string, string>()
  const emitters = new Map<string, Set<string>>()
  for (const [p, t] of text) {
    for (const key of all(t, /services\s*\.provide(?:<[^(]*>)?\(\s*['"]([\w.]+)['"]/g)) provider.set(key, p)
    for (const event of all(t, /emit\(\s*['"]([\w.]+)['"]/g)) {
      if (!emitters.has(event)) emitters.set(event, new Set())
      emitters.get(event)!.add(p)
    }
  }
  // The kernel's own events (company, user, setting, plan …) belong to no plugin, whoever emits them.
  const sdk = readFileSync(join(ROOT, 'core/sdk/src/events.ts'), 'utf8')
  const body = sdk.slice(sdk.indexOf('export interface EventMap'))
  for (const event of all(body.slice(0, body.indexOf('\n}')), /^\s*'([\w.]+)':/gm)) emitters.delete(event)
  const edges: Edge[] = []
  const seen = new Set<string>()
  const add = (e: Edge) => {
    const id = `${e.from}>${e.to}>${e.kind}>${e.via}`
    if (e.from === e.to || seen.has(id)) return
    seen.add(id)
    edges.push(e)
  }
  for (const [p, t] of text) {
    for (const to of all(t, /from\s+['"]@atende\/plugin-([\w-]+)(?:\/[\w/.-]*)?['"]/g))
      add({ from: p, to, kind: 'import', via: `@atende/plugin-${to}` })
    for (const key of all(t, /services\s*\.get(?:<[^(]*>)?\(\s*['"]([\w.]+)['"]/g)) {
      const to = provider.get(key)
      if (to) add({ from: p, to, kind: 'service', via: key })
    }
    for (const event of all(t, /(?:bus\.on|realtime\.map)\(\s*['"]([\w.]+)['"]/g))
      for (const to of emitters.get(event) ?? []) add({ from: p, to, kind: 'event', via: event })
  }
  return { plugins, edges }
}

/** Tarjan's strongly connected components with more than one member: the cycles, each sorted. */
export function cycles(plugins: string[], edges: Edge[]): string[][] {
  const out = new Map<string, string[]>(plugins.map((p) => [p, []]))
  for (const e of edges) out.get(e.from)?.push(e.to)
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of out.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1) found.push(scc.sort())
    }
  }
  for (const p of plugins) if (!idx.has(p)) visit(p)
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** Pairs depending on each other both ways, with what each edge goes through. */
export function mutualPairs(edges: Edge[]): string[] {
  const by = new Map<string, Edge[]>()
  for (const e of edges) by.set(`${e.from}>${e.to}`, [...(by.get(`${e.from}>${e.to}`) ?? []), e])
  const pairs: string[] = []
  for (const key of by.keys()) {
    const [a, b] = key.split('>') as [string, string]
    if (a < b && by.has(`${b}>${a}`)) {
      const say = (x: Edge[]) => x.map((e) => `${e.kind} ${e.via}`).join(', ')
      pairs.push(`${a} ⇄ ${b}: [${say(by.get(key)!)}] / [${say(by.get(`${b}>${a}`)!)}]`)
    }
  }
  return pairs.sort()
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { plugins, edges } = runtimeGraph()
  const count = (k: EdgeKind) => edges.filter((e) => e.kind === k).length
  console.log(
    `${plugins.length} plugins, ${edges.length} edges (${count('import')} imports, ${count('service')} services, ${count('event')} events)`,
  )
  const found = cycles(plugins, edges)
  for (const c of found) console.log(`cycle of ${c.length}: ${c.join(', ')}`)
  for (const p of mutualPairs(edges)) console.log(`  ${p}`)
  process.exit(found.length ? 1 : 0)
}
