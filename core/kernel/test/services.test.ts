import { describe, it, expect } from 'vitest'
import { definePlugin } from '@atende/sdk'
import { createServiceRegistry, scopedServices } from '../src/services.ts'
import type { ServiceRef } from '@atende/sdk'

describe('service registry', () => {
  it('get names a missing service; find answers undefined; a name is provided once', () => {
    const services = createServiceRegistry()
    expect(() => services.get('queues')).toThrow(/"queues" is not provided/)
    expect(services.find('queues')).toBeUndefined()
    services.provide('queues', { version: 1 })
    expect(services.find<ServiceRef<'queues', { version: number }>>('queues')).toEqual({ version: 1 })
    expect(services.get('queues')).toBe(services.find('queues'))
    expect(() => services.provide('queues', {})).toThrow(/provided twice/)
  })

  it('lets a plugin publish and use only the services its manifest declares', () => {
    const registry = createServiceRegistry()
    const plugin = (services: Parameters<typeof definePlugin>[0]['services']) =>
      definePlugin({ name: 'probe', version: '1.0.0', register() {}, services })
    const tickets = scopedServices(
      registry,
      plugin({ provides: ['tickets'], requires: ['contacts'], optional: ['tags'] }),
    )
    tickets.provide('tickets', { version: 1 })
    expect(() => tickets.provide('queues', {})).toThrow(/probe provides service "queues" without declaring it/)
    registry.provide('contacts', { version: 1 })
    expect(tickets.get('contacts')).toEqual({ version: 1 })
    expect(tickets.find('tags')).toBeUndefined()
    expect(() => tickets.get('connections')).toThrow(/probe uses service "connections" without declaring it/)
    expect(() => tickets.find('connections')).toThrow(/without declaring it/)
    const undeclared = scopedServices(registry, plugin(undefined))
    expect(() => undeclared.get('tickets')).toThrow(/without declaring it/)
  })
})
