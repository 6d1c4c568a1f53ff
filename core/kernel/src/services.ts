import type { ServiceRegistry } from '@atende/sdk'

/** Services a plugin publishes on purpose: the only way to reach another feature's data. */
export function createServiceRegistry(): ServiceRegistry {
  const services = new Map<string, unknown>()
  return {
    provide(name, impl) {
      if (services.has(name)) throw new Error(`Service "${name}" is provided twice`)
      services.set(name, impl)
    },
    get<T>(name: string) {
      if (!services.has(name)) throw new Error(`Service "${name}" is not provided (is its plugin installed and listed in dependsOn?)`)
      return services.get(name) as T
    },
    find<T>(name: string) {
      return services.get(name) as T | undefined
    },
  }
}
