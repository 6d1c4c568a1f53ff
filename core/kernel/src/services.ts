import type { DefinedPlugin, ServiceRegistry } from '@atende/sdk'

/** Services a plugin publishes on purpose: the only way to reach another feature's data. */
export function createServiceRegistry(): ServiceRegistry {
  const services = new Map<string, unknown>()
  return {
    provide(name, impl) {
      if (services.has(name)) throw new Error(`Service "${name}" is provided twice`)
      services.set(name, impl)
    },
    get(name) {
      if (!services.has(name))
        throw new Error(`Service "${name}" is not provided (is its plugin installed and listed in dependsOn?)`)
      return services.get(name) as never
    },
    find(name) {
      return services.get(name) as never
    },
  }
}

/**
 * The registry as one plugin sees it: only the services its manifest declares (`services.provides`,
 * `requires`, `optional`). A use of an undeclared service is a bug of the plugin, found the first
 * time that code runs (every test that reaches it), not a hidden dependency.
 */
export function scopedServices(registry: ServiceRegistry, plugin: DefinedPlugin): ServiceRegistry {
  const declared = plugin.services ?? {}
  const provides = new Set(declared.provides ?? [])
  const uses = new Set([...(declared.requires ?? []), ...(declared.optional ?? []), ...provides])
  const undeclared = (name: string, what: string) =>
    new Error(`Plugin ${plugin.name} ${what} service "${name}" without declaring it in its manifest's services`)
  return {
    provide(name, impl) {
      if (!provides.has(name)) throw undeclared(name, 'provides')
      registry.provide(name, impl)
    },
    get(name) {
      if (!uses.has(name)) throw undeclared(name, 'uses')
      return registry.get(name)
    },
    find(name) {
      if (!uses.has(name)) throw undeclared(name, 'uses')
      return registry.find(name)
    },
  }
}
