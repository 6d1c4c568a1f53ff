import type { Resources } from '@atende/ui'

/**
 * Every module's texts join the shell's one i18n namespace, added without overwriting: a key two
 * modules both set shows whichever loaded first, and nothing said so. The rule (README "Writing a
 * plugin"): a module's texts live under top-level keys of its own (usually its name: `tasks.title`),
 * plus the shared catalogues `menu.<item>` and `errors.<CODE>`. This registry finds what breaks it.
 */

/** Top-level keys every module adds to: the drawer labels and the error-code catalogue. */
export const SHARED_NAMESPACES = ['menu', 'errors'] as const
const SHARED = new Set<string>(SHARED_NAMESPACES)

export interface TranslationClash {
  /** 'namespace': a top-level key another owner holds; 'key': a shared-catalogue key with another text. */
  kind: 'namespace' | 'key'
  module: string
  /** The module (or 'shell') whose text stays. */
  owner: string
  lng: string
  key: string
  /** 'error' for a namespace taken or a drawer label; 'warn' for an error code worded twice. */
  severity: 'error' | 'warn'
}

function flatten(resources: Resources, prefix: string, out: Map<string, string>) {
  for (const [k, v] of Object.entries(resources)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out.set(key, v)
    else if (v && typeof v === 'object') flatten(v, key, out)
  }
  return out
}

/** Remembers who set what; `register` answers the clashes a module's bundles would cause. */
export function createTranslationRegistry(shell: Record<string, Resources> = {}) {
  const namespaces = new Map<string, string>() // top-level key → owner
  const shared = new Map<string, { owner: string; text: string }>() // `${lng}:${key}` → first text
  const texts = new Map<string, Map<string, string>>() // `${lng}:${top}` → the owner's texts there

  /** Every text of `a` is in `b`, worded the same. */
  const within = (a: Map<string, string>, b: Map<string, string>) => [...a].every(([key, text]) => b.get(key) === text)

  function claim(owner: string, lng: string, resources: Resources, clashes: TranslationClash[]) {
    for (const [top, value] of Object.entries(resources)) {
      if (SHARED.has(top)) continue
      const mine = flatten({ [top]: value } as Resources, '', new Map())
      const held = namespaces.get(top)
      const theirs = texts.get(`${lng}:${top}`)
      if (held === undefined || held === owner) {
        namespaces.set(top, owner)
        texts.set(`${lng}:${top}`, mine)
        continue
      }
      // A module may bundle another's published components with their words (tickets bundles the
      // contacts form): the same texts are borrowed, not taken — whichever of the two loads first.
      if (theirs && within(mine, theirs)) continue
      if (theirs && within(theirs, mine)) {
        namespaces.set(top, owner)
        texts.set(`${lng}:${top}`, mine)
        continue
      }
      if (!clashes.some((c) => c.kind === 'namespace' && c.key === top))
        clashes.push({ kind: 'namespace', module: owner, owner: held, lng, key: top, severity: 'error' })
    }
    for (const [key, text] of flatten(resources, '', new Map())) {
      if (!SHARED.has(key.split('.')[0]!)) continue
      const id = `${lng}:${key}`
      const first = shared.get(id)
      if (!first) shared.set(id, { owner, text })
      else if (first.owner !== owner && first.text !== text)
        clashes.push({
          kind: 'key',
          module: owner,
          owner: first.owner,
          lng,
          key,
          severity: key.startsWith('errors.') ? 'warn' : 'error',
        })
    }
  }

  for (const [lng, resources] of Object.entries(shell)) claim('shell', lng, resources, [])

  return {
    /** Records a module's bundles (by language); answers what clashes with earlier owners. */
    register(module: string, bundles: Record<string, Resources>): TranslationClash[] {
      const clashes: TranslationClash[] = []
      for (const [lng, resources] of Object.entries(bundles)) claim(module, lng, resources, clashes)
      return clashes
    },
  }
}

export function describeClash(c: TranslationClash): string {
  return c.kind === 'namespace'
    ? `Translation clash: module "${c.module}" uses the namespace "${c.key}", which ${c.owner === 'shell' ? 'the shell' : `module "${c.owner}"`} already uses; its texts there are ignored. Keep a module's texts under its own name.`
    : `Translation clash: module "${c.module}" words ${c.lng}:${c.key} differently from ${c.owner === 'shell' ? 'the shell' : `module "${c.owner}"`}; that text is kept.`
}
