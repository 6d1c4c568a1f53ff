/**
 * One owner per table (issue 36): each table is created by one owner's migrations (the kernel's or
 * one plugin's). A plugin checks ids with `assertOwned('<table>')` only in its own tables: another
 * plugin's ids are asked of that plugin (`assertKnown` with its service's `ownedBy`), the kernel's
 * users of `kernel.accounts`. Foreign keys are checked on a migrated database (scripts/test/ownership.test.ts):
 * none from one plugin's table into another's.
 *
 * A plugin's queries name only its own tables (and the kernel's): `t('<table>')`, `db(…)`, `.join(…)`,
 * raw `FROM`/`JOIN`/`UPDATE`/`INTO` — another plugin's rows are reached through its service.
 *
 *   tsx scripts/arch/ownership.ts     prints every assertOwned into, or query of, another owner's table; exit 1 on any
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))

function texts(dir: string): { file: string; text: string }[] {
  if (!existsSync(dir)) return []
  const out: { file: string; text: string }[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...texts(p))
    else if (/\.tsx?$/.test(e.name)) out.push({ file: p.slice(ROOT.length + 1), text: readFileSync(p, 'utf8') })
  }
  return out
}

const all = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!)
// Tables an owner's migrations create, through knex or raw SQL.
const created = (files: { text: string }[]) =>
  new Set(files.flatMap((f) => all(f.text, /(?:createTable\(\s*'|CREATE TABLE (?:IF NOT EXISTS )?)(\w+)/g)))

export interface Violation {
  plugin: string
  file: string
  names: string
}

// A table named by a query: a tenant/knex call, a builder's join or target, or raw SQL.
const QUERIED =
  /(?:\b(?:db|knex|trx|uow|tx|q|k|t|scoped|tenant)\(\s*'(\w+)(?: as \w+)?'|\.(?:from|join|leftJoin|innerJoin|rightJoin|into|table|update)\(\s*'(\w+)(?: as \w+)?'|\b(?:FROM|JOIN|UPDATE|INTO)\s+"?(\w+)"?)/g

export function ownership(): {
  owners: Map<string, Set<string>>
  violations: Violation[]
  queries: Violation[]
  /** How many queried names are some owner's table (a scan gone blind would find none). */
  tablesQueried: number
} {
  const owners = new Map<string, Set<string>>([['kernel', created(texts(join(ROOT, 'core/kernel/migrations')))]])
  const plugins = readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  for (const p of plugins) owners.set(p, created(texts(join(ROOT, 'plugins', p, 'migrations'))))
  const violations: Violation[] = []
  const queries: Violation[] = []
  let tablesQueried = 0
  const ownerOf = new Map<string, string>()
  for (const [owner, tables] of owners) for (const t of tables) ownerOf.set(t, owner)
  for (const p of plugins) {
    const src = texts(join(ROOT, 'plugins', p, 'src'))
    // A table named through a constant: `const LISTS = 'contact_lists'` in the plugin's sources.
    const constants = new Map(
      src.flatMap((f) => [...f.text.matchAll(/const (\w+) = '(\w+)'/g)].map((m) => [m[1]!, m[2]!] as const)),
    )
    for (const f of src)
      for (const arg of all(f.text, /assertOwned\(\s*([^,\s]+)\s*,/g)) {
        const table = /^'(\w+)'$/.exec(arg)?.[1] ?? constants.get(arg) ?? arg
        if (!owners.get(p)!.has(table)) violations.push({ plugin: p, file: f.file, names: table })
      }
    for (const f of src)
      for (const m of f.text.matchAll(QUERIED)) {
        const owner = ownerOf.get((m[1] ?? m[2] ?? m[3])!)
        if (!owner) continue
        tablesQueried++
        if (owner !== p && owner !== 'kernel') queries.push({ plugin: p, file: f.file, names: m[1] ?? m[2] ?? m[3]! })
      }
  }
  return { owners, violations, queries, tablesQueried }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { owners, violations, queries } = ownership()
  const tables = [...owners.values()].reduce((n, s) => n + s.size, 0)
  for (const v of violations) console.log(`${v.plugin}: assertOwned into ${v.names} (${v.file})`)
  for (const v of queries) console.log(`${v.plugin}: queries ${v.names} (${v.file})`)
  console.log(`${owners.size} owners, ${tables} tables, ${violations.length + queries.length} violations`)
  process.exit(violations.length + queries.length ? 1 : 0)
}
