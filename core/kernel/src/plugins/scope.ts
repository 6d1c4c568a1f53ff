import { KERNEL_EVENTS, type DefinedPlugin, type EventBus, type Kernel, type RealtimeService } from '@atende/sdk'
import { scopedServices } from '../services.ts'

/**
 * The kernel as one plugin sees it: the services its manifest declares (services.ts), and the bus
 * and realtime mapping limited to the events it declares (`events`). Using an
 * undeclared event is a bug of the plugin, found the first time that code runs (every test that
 * reaches it), not a hidden link. The kernel's own events are everyone's.
 */
export function scopedKernel(kernel: Kernel, plugin: DefinedPlugin): Kernel {
  const everyones = new Set(KERNEL_EVENTS)
  const emits = new Set(plugin.events?.emits ?? [])
  const listens = new Set(plugin.events?.listens ?? [])
  const check = (declared: Set<string>, event: string, what: 'emits' | 'listens') => {
    if (!everyones.has(event) && !declared.has(event))
      throw new Error(`Plugin ${plugin.name} ${what} "${event}" without declaring it in its manifest's events.${what}`)
  }
  const bus: EventBus = {
    ...kernel.bus,
    emit(event, payload) {
      check(emits, event, 'emits')
      return kernel.bus.emit(event, payload)
    },
    on(event, handler) {
      check(listens, event, 'listens')
      return kernel.bus.on(event, handler)
    },
    onAny(handler) {
      if (!listens.has('*'))
        throw new Error(
          `Plugin ${plugin.name} listens to every event without declaring '*' in its manifest's events.listens`,
        )
      return kernel.bus.onAny(handler)
    },
  }
  const realtime: RealtimeService = {
    ...kernel.realtime,
    map(event, mapper) {
      check(listens, event, 'listens')
      return kernel.realtime.map(event, mapper)
    },
  }
  // A unit of work travels into other plugins' services (tickets.ingest emits through the connections
  // plugin's), so its emit is not checked here: the events test matches every emit( in a plugin's
  // sources against its manifest.
  return { ...kernel, bus, realtime, services: scopedServices(kernel.services, plugin) }
}
