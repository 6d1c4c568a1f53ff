import { loadRemote, registerRemotes } from '@module-federation/runtime'
import { moduleProblems, type MenuEntry, type ModuleDefinition } from '@atende/ui'
import { client } from '../client.ts'

/** One row of GET /api/modules; `menu` is the module's drawer items as data (its build's menu.json). */
export interface ModuleManifest {
  name: string
  version: string
  key: string
  planFlag?: string
  remoteEntry: string | null
  menu?: MenuEntry[]
  /** The module's pages that need the company's campaigns switch (the `cshow` flag). */
  cshowRoutes?: string[]
}

export type ModuleState =
  | { manifest: ModuleManifest; status: 'ready'; definition: ModuleDefinition }
  | { manifest: ModuleManifest; status: 'failed'; error: string }

const registered = new Set<string>()

/** Registers one remote (once per page) and loads its `./module`, checking the export's shape. */
export async function loadModule(manifest: ModuleManifest): Promise<ModuleState> {
  try {
    if (!manifest.remoteEntry) throw new Error('no remote entry')
    if (!registered.has(manifest.name)) {
      registerRemotes([{ name: manifest.name, entry: manifest.remoteEntry, type: 'module' }])
      registered.add(manifest.name)
    }
    const mod = await loadRemote<{ default?: unknown }>(`${manifest.name}/module`)
    const definition = mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod
    const problems = moduleProblems(definition)
    if (problems.length) throw new Error(`invalid module: ${problems.join('; ')}`)
    const def = definition as ModuleDefinition
    if (def.name !== manifest.name) throw new Error(`module is named ${def.name}, expected ${manifest.name}`)
    return { manifest, status: 'ready', definition: def }
  } catch (err) {
    console.error(`[modules] ${manifest.name} failed to load`, err)
    return { manifest, status: 'failed', error: (err as Error)?.message ?? String(err) }
  }
}

/** A module the plan switched off, with the pages it would serve (GET /api/modules/denied). */
export interface DeniedModule {
  name: string
  key: string
  routes: string[]
}

/** Where the last answer of GET /api/modules is kept, so the next visit can fetch remotes before asking. */
export const MANIFEST_CACHE_KEY = 'atende.modules'

/** The cached list for this company; with `null` (the login page), the last company's, whoever it was. */
export function cachedManifests(companyId: number | null | undefined): ModuleManifest[] {
  try {
    const raw = JSON.parse(localStorage.getItem(MANIFEST_CACHE_KEY) ?? 'null') as {
      companyId?: number
      manifests?: ModuleManifest[]
    } | null
    return (companyId == null || raw?.companyId === companyId) && Array.isArray(raw?.manifests)
      ? raw!.manifests!.filter((m) => typeof m?.remoteEntry === 'string')
      : []
  } catch {
    return []
  }
}

function cacheManifests(companyId: number | null | undefined, manifests: ModuleManifest[]) {
  if (!companyId) return
  try {
    localStorage.setItem(MANIFEST_CACHE_KEY, JSON.stringify({ companyId, manifests }))
  } catch {
    /* storage full or off */
  }
}

/**
 * `<link rel="modulepreload">` for each remote entry (once per URL): the browser fetches and parses
 * them in parallel while the session is restored and GET /api/modules is answered.
 */
export function preloadRemotes(manifests: Array<Pick<ModuleManifest, 'remoteEntry'>>) {
  if (typeof document === 'undefined') return
  for (const m of manifests) {
    if (!m.remoteEntry || document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(m.remoteEntry)}"]`))
      continue
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = m.remoteEntry
    document.head.appendChild(link)
  }
}

/**
 * Every module the company's plan allows (a failing one never stops the others), and the pages of
 * the installed modules it does not allow, so those answer with the no-permission message. All
 * remotes load at once; `onManifests` hears the list as soon as it is known and `onModule` each
 * module as soon as it is ready, so the drawer fills in as they arrive.
 */
export async function loadModules(
  opts: {
    companyId?: number | null
    onManifests?: (manifests: ModuleManifest[]) => void
    onModule?: (state: ModuleState) => void
  } = {},
): Promise<{ modules: ModuleState[]; deniedRoutes: string[] }> {
  const deniedRequest = client.api.get<DeniedModule[]>('/modules/denied').catch(() => [] as DeniedModule[])
  const manifests = (await client.api.get<ModuleManifest[]>('/modules')).filter((m) => m.remoteEntry)
  cacheManifests(opts.companyId, manifests)
  preloadRemotes(manifests)
  opts.onManifests?.(manifests)
  const modules = await Promise.all(
    manifests.map(async (m) => {
      const state = await loadModule(m)
      opts.onModule?.(state)
      return state
    }),
  )
  const denied = await deniedRequest
  return { modules, deniedRoutes: denied.flatMap((d) => d.routes) }
}
