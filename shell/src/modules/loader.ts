import { loadRemote, registerRemotes } from '@module-federation/runtime'
import { moduleProblems, type ModuleDefinition } from '@atende/ui'
import { client } from '../client.ts'

/** One row of GET /api/modules. */
export interface ModuleManifest { name: string; version: string; key: string; planFlag?: string; remoteEntry: string | null }

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
export interface DeniedModule { name: string; key: string; routes: string[] }

/**
 * Every module the company's plan allows (a failing one never stops the others), and the pages of
 * the installed modules it does not allow, so those answer with the no-permission message.
 */
export async function loadModules(): Promise<{ modules: ModuleState[]; deniedRoutes: string[] }> {
  const [manifests, denied] = await Promise.all([
    client.api.get<ModuleManifest[]>('/modules'),
    client.api.get<DeniedModule[]>('/modules/denied').catch(() => [] as DeniedModule[]),
  ])
  const modules = await Promise.all(manifests.filter((m) => m.remoteEntry).map(loadModule))
  return { modules, deniedRoutes: denied.flatMap((d) => d.routes) }
}
