import { describe, expect, it } from 'vitest'
import { cycles, mutualPairs, runtimeGraph, type Edge } from '../arch/graph.ts'

/**
 * Issue 36: the plugins' run-time graph (imports, services, events) has no cycle. A lower plugin
 * that must react to a higher one's change exposes a call in its contract, and the higher one calls
 * down (deleting a queue releases it in tickets and connections; deleting a prompt or an integration
 * releases it in queues and connections), instead of subscribing up to the higher one's events.
 */

const edge = (from: string, to: string, kind: Edge['kind'] = 'event', via = 'x'): Edge => ({ from, to, kind, via })

describe('the run-time dependency graph', () => {
  it('finds cycles through any kind of link, not through the imports alone', () => {
    const plugins = ['a', 'b', 'c', 'd']
    expect(cycles(plugins, [edge('a', 'b', 'import'), edge('b', 'c', 'service')])).toEqual([])
    expect(cycles(plugins, [edge('a', 'b', 'import'), edge('b', 'c', 'service'), edge('c', 'a')])).toEqual([
      ['a', 'b', 'c'],
    ])
    expect(mutualPairs([edge('a', 'b', 'import', '@atende/plugin-b'), edge('b', 'a', 'event', 'a.deleted')])).toEqual([
      'a ⇄ b: [import @atende/plugin-b] / [event a.deleted]',
    ])
  })

  it('sees every plugin, and no cycle', () => {
    const { plugins, edges } = runtimeGraph()
    expect(plugins.length).toBeGreaterThan(20)
    // Links of all three kinds are found (a regex gone blind would pass the next check).
    for (const kind of ['import', 'service', 'event'] as const)
      expect(edges.filter((e) => e.kind === kind).length, kind).toBeGreaterThan(10)
    expect(cycles(plugins, edges), mutualPairs(edges).join('\n')).toEqual([])
    expect(mutualPairs(edges)).toEqual([])
  })
})
