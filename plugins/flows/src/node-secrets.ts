import type { Vault } from '@atende/sdk'
import type { FlowGraph } from './graph.ts'

/** The OpenAI node's keys (apiKey, voiceKey): secrets inside a graph. */
const SECRET_FIELDS = ['apiKey', 'voiceKey'] as const

type Settings = Record<string, unknown>
const settingsOf = (node: FlowGraph['nodes'][number]): Settings | null =>
  node.type === 'openai' ? ((node.data as { typebotIntegration?: Settings }).typebotIntegration ?? null) : null

/**
 * On save: each key the editor typed is sealed (kernel vault); a key left empty keeps the one the
 * same node had in the previous version (the editor never receives keys, so it sends none back).
 */
export function sealGraph(graph: FlowGraph, previous: FlowGraph | null, vault: Vault): FlowGraph {
  const before = new Map((previous?.nodes ?? []).map((n) => [n.id, settingsOf(n)]))
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const settings = settingsOf(node)
      if (!settings) return node
      const next: Settings = { ...settings }
      for (const field of SECRET_FIELDS) {
        const typed = typeof settings[field] === 'string' ? (settings[field] as string).trim() : ''
        const kept = before.get(node.id)?.[field]
        next[field] = typed ? vault.seal(typed) : typeof kept === 'string' ? kept : ''
        delete next[`${field}Set`]
      }
      return { ...node, data: { ...node.data, typebotIntegration: next } }
    }),
  }
}

/** On read: keys become '' with `apiKeySet` / `voiceKeySet` saying one is stored. */
export function maskGraph(graph: FlowGraph): FlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const settings = settingsOf(node)
      if (!settings) return node
      const next: Settings = { ...settings }
      for (const field of SECRET_FIELDS) {
        next[`${field}Set`] = typeof settings[field] === 'string' && settings[field] !== ''
        next[field] = ''
      }
      return { ...node, data: { ...node.data, typebotIntegration: next } }
    }),
  }
}
