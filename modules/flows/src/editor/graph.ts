/**
 * The flow editor's rules as pure functions (ids, handles,
 * placement), over xyflow's nodes and edges; the wire graph is the plugin's FlowGraph.
 */
import type { Edge, Node } from '@xyflow/react'
import type { FlowEdge, FlowGraph, FlowNode, NodeDataMap, NodeType } from '../types.ts'

export type EditorNode = Node<Record<string, unknown>, NodeType>
export const START_ID = '1'
export const NODE_ID_LENGTH = 30
/** A new node sits this far right of the node it follows (and this far from any other). */
export const NEW_NODE_GAP = 40
/** A duplicate sits this far right of the rightmost node. */
export const DUPLICATE_OFFSET = 240
export const EDGE_STROKE = 6
/** Width assumed for a node not measured yet (the node cards are this wide). */
export const NODE_WIDTH = 220
/** Height assumed for a node not measured yet (a new node's card, before it is drawn). */
export const NODE_HEIGHT = 120
export const MENU_INVALID_HANDLE = 'invalid'

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random 30-character alphanumeric id. */
export function randomId(length = NODE_ID_LENGTH): string {
  const bytes = new Uint32Array(length)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')
}

/** The output handles a node has, as the plugin's graph.ts: null is the single unnamed one. */
export function handlesOf(type: NodeType, data: Record<string, unknown>): (string | null)[] {
  switch (type) {
    case 'menu': {
      const options = ((data as NodeDataMap['menu']).arrayOption ?? []) as { number: number }[]
      return [...options.map((o) => `a${o.number}`), MENU_INVALID_HANDLE]
    }
    case 'randomizer':
      return ['a', 'b']
    case 'condition':
      return ['true', 'false']
    case 'ticket':
    case 'typebot':
    case 'openai':
      return []
    default:
      return [null]
  }
}

/** Right of the last node (its width plus 40 px), at its height: placeNew's last resort. */
export function appendPosition(nodes: EditorNode[]): { x: number; y: number } {
  const last = nodes[nodes.length - 1]
  if (!last) return { x: 100, y: 100 }
  const width = last.measured?.width ?? last.width ?? NODE_WIDTH
  return { x: last.position.x + width + NEW_NODE_GAP, y: last.position.y }
}

type Box = { x: number; y: number; w: number; h: number }
const boxOf = (n: EditorNode): Box => ({
  x: n.position.x,
  y: n.position.y,
  w: n.measured?.width ?? n.width ?? NODE_WIDTH,
  h: n.measured?.height ?? n.height ?? NODE_HEIGHT,
})
/** Two boxes closer than half the gap: cards touching, or an edge's arrow hidden between them. */
const crowds = (a: Box, b: Box) => {
  const m = NEW_NODE_GAP / 2
  return a.x < b.x + b.w + m && b.x < a.x + a.w + m && a.y < b.y + b.h + m && b.y < a.y + a.h + m
}

/**
 * The first free spot for a new node's card from `at` down: each node in the way pushes it below
 * that node (so it ends at most below the column's last one), never on top of another card.
 */
export function freeSpot(
  nodes: EditorNode[],
  at: { x: number; y: number },
  height = NODE_HEIGHT,
): { x: number; y: number } {
  const boxes = nodes.map(boxOf)
  let spot = { x: Math.round(at.x), y: Math.round(at.y) }
  for (let i = 0; i <= boxes.length; i++) {
    const hit = boxes.find((b) => crowds({ ...spot, w: NODE_WIDTH, h: height }, b))
    if (!hit) return spot
    spot = { x: spot.x, y: Math.round(hit.y + hit.h + NEW_NODE_GAP) }
  }
  return spot
}

/**
 * Where a new node goes (the editor's "+ Adicionar"): to the right of the selected node, at its
 * height (below whatever already sits there), where the user is building; with nothing selected,
 * at the centre of the view (`center`, in flow coordinates), below what is there; with neither,
 * right of the last node. Never on top of another card, so edges are not hidden behind it.
 */
export function placeNew(
  nodes: EditorNode[],
  where: { selected?: EditorNode | null; center?: { x: number; y: number } | null; height?: number },
): { x: number; y: number } {
  const h = where.height ?? NODE_HEIGHT
  if (where.selected) {
    const b = boxOf(where.selected)
    return freeSpot(nodes, { x: b.x + b.w + NEW_NODE_GAP, y: b.y }, h)
  }
  if (where.center) return freeSpot(nodes, { x: where.center.x - NODE_WIDTH / 2, y: where.center.y - h / 2 }, h)
  return freeSpot(nodes, appendPosition(nodes), h)
}

/**
 * About how tall a node's card will be before it is drawn (a menu grows a row per option, plus its
 * "invalid answer" row; two-way nodes have two rows), so a new one is not placed over the next.
 */
export function expectedHeight(type: NodeType, data: Record<string, unknown>): number {
  if (type === 'menu') {
    const options = ((data as Partial<NodeDataMap['menu']>).arrayOption ?? []).length
    return 90 + 40 * (options + 1)
  }
  if (type === 'randomizer' || type === 'condition') return 160
  return NODE_HEIGHT
}

/** Where a duplicate goes: 240 px right of the rightmost node, at the original's height. */
export function duplicatePosition(nodes: EditorNode[], original: EditorNode): { x: number; y: number } {
  const right = Math.max(...nodes.map((n) => n.position.x))
  return { x: right + DUPLICATE_OFFSET, y: original.position.y }
}

export const edgeStyle = { strokeWidth: EDGE_STROKE }

export function makeEdge(e: {
  id?: string
  source: string
  target: string
  sourceHandle?: string | null
  targetHandle?: string | null
}): Edge {
  const handle = e.sourceHandle ?? null
  return {
    id: e.id || `e-${e.source}-${handle ?? 'out'}-${e.target}`,
    source: e.source,
    target: e.target,
    sourceHandle: handle,
    targetHandle: e.targetHandle ?? null,
    style: edgeStyle,
  }
}

/** A start node: the flow's unique entry, id '1' ('Início do fluxo'). */
export function startNode(label: string, position = { x: 100, y: 150 }): EditorNode {
  return { id: START_ID, type: 'start', position, data: { label }, deletable: false }
}

/** The editor's state from a saved graph; a new flow (no graph) starts with the start node. */
export function fromWire(graph: FlowGraph | null, startLabel: string): { nodes: EditorNode[]; edges: Edge[] } {
  if (!graph || !graph.nodes.length) return { nodes: [startNode(startLabel)], edges: [] }
  const nodes: EditorNode[] = graph.nodes.map((n) => ({
    id: n.id,
    type: n.type,
    position: { x: n.position.x, y: n.position.y },
    data: n.data,
    ...(n.style ? { style: n.style as Node['style'] } : {}),
    ...(n.type === 'start' ? { deletable: false } : {}),
  }))
  return { nodes, edges: graph.connections.map(makeEdge) }
}

/** What POST /flowbuilder/flow takes: only the wire fields (no selection, sizes, drag state). */
export function toWire(nodes: EditorNode[], edges: Edge[]): FlowGraph {
  return {
    nodes: nodes.map((n): FlowNode => ({
      id: n.id,
      type: n.type as NodeType,
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
      data: n.data,
      ...(n.style ? { style: n.style as Record<string, unknown> } : {}),
    })),
    connections: edges.map((e): FlowEdge => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
  }
}

/** Edges whose source handle the node no longer has (a removed menu option) go. */
export function pruneEdges(nodes: EditorNode[], edges: Edge[]): Edge[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  return edges.filter((e) => {
    const source = byId.get(e.source)
    if (!source || !byId.has(e.target)) return false
    return handlesOf(source.type as NodeType, source.data).includes(e.sourceHandle ?? null)
  })
}

/** A new connection replaces the one already leaving the same handle (one edge per handle). */
export function connect(edges: Edge[], c: { source: string; target: string; sourceHandle?: string | null }): Edge[] {
  const handle = c.sourceHandle ?? null
  const kept = edges.filter((e) => !(e.source === c.source && (e.sourceHandle ?? null) === handle))
  return [...kept, makeEdge({ source: c.source, target: c.target, sourceHandle: handle })]
}

/** The answer keys of the question nodes: the 'variables' list rebuilt on load. */
export function variablesOf(nodes: { type?: string; data: Record<string, unknown> }[]): string[] {
  const keys = nodes
    .filter((n) => n.type === 'question')
    .map((n) => (n.data as NodeDataMap['question']).typebotIntegration?.answerKey?.trim())
    .filter((k): k is string => !!k)
  return [...new Set(keys)]
}

/** A question saved: its old key leaves the list, the new one joins it once. */
export function updateVariables(list: string[], oldKey: string | undefined, newKey: string): string[] {
  const without = oldKey ? list.filter((k) => k !== oldKey) : list.slice()
  return without.includes(newKey) ? without : [...without, newKey]
}

export function readVariables(raw: string | null): string[] {
  if (!raw) return []
  try {
    const v: unknown = JSON.parse(raw)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}
