import { describe, it, expect } from 'vitest'
import { createServiceRegistry } from '../src/services.ts'

describe('service registry', () => {
  it('get names a missing service; find answers undefined; a name is provided once', () => {
    const services = createServiceRegistry()
    expect(() => services.get('queues')).toThrow(/"queues" is not provided/)
    expect(services.find('queues')).toBeUndefined()
    services.provide('queues', { version: 1 })
    expect(services.find<{ version: number }>('queues')).toEqual({ version: 1 })
    expect(services.get('queues')).toBe(services.find('queues'))
    expect(() => services.provide('queues', {})).toThrow(/provided twice/)
  })
})
