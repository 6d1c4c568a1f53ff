import { readdirSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import semver from 'semver'
import { KERNEL_EVENTS, isDefinedPlugin, type DefinedPlugin } from '@atende/sdk'
import { KERNEL_VERSION } from '../version.ts'

export class PluginLoadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PluginLoadError'
  }
}

export const WORKSPACE_PLUGINS_DIR = fileURLToPath(new URL('../../../../plugins', import.meta.url))

/** Workspace plugins (`plugins/*`) plus packages named in ATENDE_PLUGINS. */
export async function discoverPlugins(
  extraPackages: string[] = [],
  dir = WORKSPACE_PLUGINS_DIR,
): Promise<DefinedPlugin[]> {
  const found: DefinedPlugin[] = []
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) {
      const pkgFile = join(dir, name, 'package.json')
      if (!existsSync(pkgFile)) continue
      const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'))
      const entry = typeof pkg.exports === 'string' ? pkg.exports : (pkg.exports?.['.'] ?? pkg.main ?? './src/index.ts')
      found.push(await loadEntry(pathToFileURL(join(dir, name, entry)).href, `plugins/${name}`))
    }
  }
  for (const spec of extraPackages) found.push(await loadEntry(spec, spec))
  return found
}

async function loadEntry(specifier: string, label: string): Promise<DefinedPlugin> {
  let mod: { default?: unknown }
  try {
    mod = await import(specifier)
  } catch (err) {
    throw new PluginLoadError(`Plugin ${label} could not be loaded: ${(err as Error).message}`)
  }
  if (!isDefinedPlugin(mod.default))
    throw new PluginLoadError(`Plugin ${label} does not default-export definePlugin({...})`)
  return mod.default
}

/**
 * A plugin's name is also its plan key (unless planFlag names another), its event namespace, its
 * migration ledger (_migrations_<name>) and its module's URL and translation namespace: a letter,
 * then lowercase letters, digits or dashes, 2 to 41 characters in all.
 */
const NAME = /^[a-z][a-z0-9-]{1,40}$/
const NAME_RULE = 'a letter, then lowercase letters, digits or dashes, 2 to 41 characters'
/** Owners the kernel keeps for itself (its own migration ledger is "kernel"). */
const RESERVED = new Set(['kernel'])
const PLAN_KEY = /^[A-Za-z][A-Za-z0-9-]{1,63}$/

/** Validates manifests and returns them in dependency order; any problem stops startup with a clear message. */
export function orderPlugins(plugins: DefinedPlugin[], hostVersion = KERNEL_VERSION): DefinedPlugin[] {
  const byName = new Map<string, DefinedPlugin>()
  for (const p of plugins) {
    if (!p.name || !NAME.test(p.name)) throw new PluginLoadError(`Plugin name "${p.name}" is invalid (${NAME_RULE})`)
    if (RESERVED.has(p.name)) throw new PluginLoadError(`Plugin name "${p.name}" is reserved for the kernel`)
    if (p.planFlag !== undefined && !PLAN_KEY.test(p.planFlag))
      throw new PluginLoadError(
        `Plugin ${p.name} has an invalid planFlag "${p.planFlag}" (a letter, then letters, digits or dashes)`,
      )
    if (p.planDefault !== undefined && p.planDefault !== 'on' && p.planDefault !== 'off')
      throw new PluginLoadError(
        `Plugin ${p.name} has an invalid planDefault "${String(p.planDefault)}" ('on' or 'off')`,
      )
    if (p.planDefault === 'off' && p.essential)
      throw new PluginLoadError(`Plugin ${p.name} is essential, so no plan can switch it off (planDefault 'off')`)
    if (p.moduleDir !== undefined && !(p.moduleDir instanceof URL) && typeof p.moduleDir !== 'string')
      throw new PluginLoadError(`Plugin ${p.name} has an invalid moduleDir (a URL or a path)`)
    if (!p.version || !semver.valid(p.version))
      throw new PluginLoadError(`Plugin ${p.name} has an invalid version "${p.version}"`)
    if (typeof p.register !== 'function') throw new PluginLoadError(`Plugin ${p.name} has no register function`)
    if (byName.has(p.name)) throw new PluginLoadError(`Plugin ${p.name} is installed twice`)
    if (p.host && !semver.satisfies(hostVersion, p.host)) {
      throw new PluginLoadError(`Plugin ${p.name}@${p.version} needs host ${p.host}, but this kernel is ${hostVersion}`)
    }
    byName.set(p.name, p)
  }
  // Plugins sharing a plan key share its switch, so they must agree on its default.
  const defaults = new Map<string, DefinedPlugin>()
  for (const p of byName.values()) {
    const key = p.planFlag ?? p.name
    const other = defaults.get(key)
    if (other && (other.planDefault ?? 'on') !== (p.planDefault ?? 'on'))
      throw new PluginLoadError(
        `Plugins ${other.name} and ${p.name} share the plan key "${key}" but not its planDefault`,
      )
    defaults.set(key, p)
  }
  // Every required service is published by an installed plugin, and no service by two.
  const providers = new Map<string, string>()
  for (const p of byName.values()) {
    for (const name of p.services?.provides ?? []) {
      if (providers.has(name))
        throw new PluginLoadError(`Service "${name}" is provided by both ${providers.get(name)} and ${p.name}`)
      providers.set(name, p.name)
    }
  }
  for (const p of byName.values()) {
    for (const name of p.services?.requires ?? []) {
      if (!providers.has(name))
        throw new PluginLoadError(`Plugin ${p.name} requires service "${name}", which no installed plugin provides`)
    }
  }
  checkEvents([...byName.values()])
  const ordered: DefinedPlugin[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (p: DefinedPlugin, path: string[]) => {
    if (state.get(p.name) === 'done') return
    if (state.get(p.name) === 'visiting')
      throw new PluginLoadError(`Plugin dependency cycle: ${[...path, p.name].join(' -> ')}`)
    state.set(p.name, 'visiting')
    for (const dep of p.dependsOn ?? []) {
      const d = byName.get(dep)
      if (!d) throw new PluginLoadError(`Plugin ${p.name} depends on "${dep}", which is not installed`)
      visit(d, [...path, p.name])
    }
    state.set(p.name, 'done')
    ordered.push(p)
  }
  for (const p of [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))) visit(p, [])
  return ordered
}

/**
 * Every event a plugin says it listens to is emitted by an installed plugin (or is the kernel's,
 * or the plugin marks it optional: its emitter may be absent); no plugin declares a kernel event.
 */
function checkEvents(plugins: DefinedPlugin[]) {
  const kernel = new Set(KERNEL_EVENTS)
  const emitted = new Set(plugins.flatMap((p) => p.events?.emits ?? []))
  for (const p of plugins) {
    const { emits = [], listens = [], optional = [] } = p.events ?? {}
    for (const e of [...emits, ...listens, ...optional])
      if (kernel.has(e))
        throw new PluginLoadError(`Plugin ${p.name} declares the kernel's event "${e}" (everyone's: leave it out)`)
    for (const e of listens)
      if (e !== '*' && !emitted.has(e) && !optional.includes(e))
        throw new PluginLoadError(`Plugin ${p.name} listens to "${e}", which no installed plugin emits`)
  }
}
