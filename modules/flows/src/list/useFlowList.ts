import { usePagedList } from '@atende/ui'
import type { FlowWire } from '../types.ts'

/** The server's order (name, then id) and search (name), for rows changed in place. */
const byName = (a: FlowWire, b: FlowWire) => a.name.localeCompare(b.name) || a.id - b.id
function matches(flow: FlowWire, search: string) {
  const s = search.trim().toLowerCase()
  return !s || flow.name.toLowerCase().includes(s)
}

/** GET /api/flowbuilder page by page for one search ({ flows, hasMore }). */
export function useFlowList(search: string) {
  return usePagedList<FlowWire>({ path: '/flowbuilder', key: 'flows', search, compare: byName, matches, name: 'flows' })
}
