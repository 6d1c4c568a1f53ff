/**
 * `tsx scripts/bench/profile-top.ts <file.cpuprofile> [n]`: the top frames of a V8 CPU profile (the
 * hot-paths bench writes one with BENCH_CPU_PROF=<dir>) by self time, and the same summed per
 * package (node_modules/<name>, our own workspace folders, node internals, GC, idle).
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Where a frame's code comes from: a package, one of our folders, node itself, or V8's pseudo-frames. */
export function origin(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)'
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0]
  const own = /\/(core\/[^/]+|plugins\/[^/]+|scripts)\//.exec(url)
  return own ? own[1]! : url
}

function main() {
  const [file, count = '20'] = process.argv.slice(2)
  if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [n]')
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const frames = new Map<string, number>()
  const packages = new Map<string, number>()
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    const where = url ? `${url.replace(/^.*?(node_modules\/\.pnpm\/|\/work\/[^/]+\/)/, '')}:${lineNumber + 1}` : ''
    const key = `${functionName || '(anonymous)'} ${where}`.trim()
    frames.set(key, (frames.get(key) ?? 0) + us)
    const o = origin(url, functionName)
    packages.set(o, (packages.get(o) ?? 0) + us)
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`
  console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nTop frames by self time:`)
  for (const [k, us] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) console.log(`${pct(us)}  ${k}`)
  console.log('\nBy origin:')
  for (const [k, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
    console.log(`${pct(us)}  ${k}`)
}

main()
