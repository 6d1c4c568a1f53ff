import { describe, expect, it } from 'vitest'
import { checkAlone } from '../arch/alone.ts'

/**
 * Issue 36: every plugin type-checks with only its own sources in the program, so each link to
 * another plugin (its events, its Fastify decorations, its services) is an import it makes.
 */
describe('plugins type-check alone', () => {
  it('each plugin compiles from its own sources and the contracts it imports', () => {
    const results = checkAlone()
    expect(results.length).toBeGreaterThan(20)
    for (const { plugin, errors } of results) expect(errors, plugin).toEqual([])
  }, 600_000)
})
