/**
 * The flow graph: one TypeBox
 * schema per node type, the output handles each type has, and the rules a saved graph must meet.
 * Pure: the service adds what needs the database (media files, queues) through `GraphChecks`.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export const INTERVAL_MAX = 120
export const MAX_NODES = 500
export const MAX_EDGES = 2000
const TEXT_MAX = 4096
const Text = (minLength = 0) => Type.String({ minLength, maxLength: TEXT_MAX })
const MediaName = Type.String({ minLength: 1, maxLength: 300, description: 'the stored name an upload answered' })
/** A question's answer key: usable later as {{answerKey}} (the renderer's variable syntax). */
export const ANSWER_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/

export const CONDITIONS = ['equals', 'contains', 'greater', 'less'] as const
export const CONTENT_TYPES = ['message', 'interval', 'img', 'audio', 'video'] as const

export const ContentElement = Type.Object({
  type: Type.Union(CONTENT_TYPES.map((c) => Type.Literal(c))),
  value: Type.String({ maxLength: TEXT_MAX }),
  number: Type.String({ minLength: 1, maxLength: 60, description: 'its id in seq, such as message1' }),
  original: Type.Optional(Type.String({ maxLength: 300 })),
  record: Type.Optional(Type.Boolean()),
})
export type ContentElement = Static<typeof ContentElement>

const IntegrationData = Type.Object({}, { additionalProperties: true })

/** Each node type's `data`. Unknown fields are kept (the editor's own), never read by the runtime. */
export const NODE_DATA = {
  start: Type.Object({ label: Type.Optional(Type.String({ maxLength: 200 })) }),
  message: Type.Object({ label: Text(1) }),
  menu: Type.Object({
    message: Text(),
    arrayOption: Type.Array(
      Type.Object({ number: Type.Integer(), value: Type.String({ minLength: 1, maxLength: 200 }) }),
      {
        minItems: 1,
        maxItems: 50,
      },
    ),
  }),
  interval: Type.Object({ label: Type.Optional(Type.String({ maxLength: 200 })), sec: Type.Integer() }),
  img: Type.Object({ url: MediaName }),
  audio: Type.Object({ url: MediaName, record: Type.Optional(Type.Boolean()) }),
  video: Type.Object({ url: MediaName }),
  randomizer: Type.Object({ percent: Type.Integer() }),
  question: Type.Object({
    typebotIntegration: Type.Object({ message: Text(1), answerKey: Type.String({ maxLength: 50 }) }),
  }),
  condition: Type.Object({
    key: Type.String({ minLength: 1, maxLength: 50 }),
    condition: Type.Union(CONDITIONS.map((c) => Type.Literal(c))),
    value: Type.String({ maxLength: 500 }),
  }),
  singleBlock: Type.Object({
    seq: Type.Array(Type.String({ maxLength: 60 }), { minItems: 1, maxItems: 50 }),
    elements: Type.Array(ContentElement, { maxItems: 50 }),
  }),
  ticket: Type.Object({ queue: Type.Object({ id: Type.Integer({ minimum: 1 }), name: Type.Optional(Type.String()) }) }),
  typebot: Type.Object({ typebotIntegration: IntegrationData }),
  openai: Type.Object({ typebotIntegration: IntegrationData }),
} satisfies Record<string, TSchema>

export type NodeType = keyof typeof NODE_DATA
export const NODE_TYPES = Object.keys(NODE_DATA) as NodeType[]
export type NodeData<T extends NodeType> = Static<(typeof NODE_DATA)[T]>

export const FlowNode = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  type: Type.Union(NODE_TYPES.map((t) => Type.Literal(t))),
  position: Type.Object({ x: Type.Number(), y: Type.Number() }),
  // A record, not an open object: the validator drops undeclared properties of objects.
  data: Type.Record(Type.String(), Type.Unknown()),
  style: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
})
export type FlowNode = Static<typeof FlowNode>
export const FlowEdge = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 200 })),
  source: Type.String({ minLength: 1, maxLength: 64 }),
  target: Type.String({ minLength: 1, maxLength: 64 }),
  // Null first: the validator coerces types, and would turn a null into "" against a string first.
  sourceHandle: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 64 })])),
  targetHandle: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 64 })])),
})
export type FlowEdge = Static<typeof FlowEdge>
export const FlowGraph = Type.Object({
  nodes: Type.Array(FlowNode, { maxItems: MAX_NODES }),
  connections: Type.Array(FlowEdge, { maxItems: MAX_EDGES }),
})
export type FlowGraph = Static<typeof FlowGraph>

/** The menu's fallback after the last wrong answer (optional; without it the flow ends). */
export const MENU_INVALID_HANDLE = 'invalid'

/** The output handles a node has; `null` is the single unnamed one. Terminal types have none. */
export function handlesOf(node: FlowNode): (string | null)[] {
  switch (node.type) {
    case 'menu':
      return [...(node.data as NodeData<'menu'>).arrayOption.map((o) => `a${o.number}`), MENU_INVALID_HANDLE]
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

export interface GraphProblem {
  /** The node (or edge) at fault: `nodes.<id>` or `connections.<index>`. */
  field: string
  rule: string
  message: string
}

/** What only the service can check: the company's stored files and queues. */
export interface GraphChecks {
  mediaExists(name: string): Promise<boolean>
  queuesExist(ids: number[]): Promise<boolean>
}

const problem = (field: string, rule: string, message: string): GraphProblem => ({ field, rule, message })

function dataProblem(node: FlowNode): GraphProblem | null {
  const schema = NODE_DATA[node.type]
  if (Value.Check(schema, node.data)) return null
  const first = [...Value.Errors(schema, node.data)][0]
  const at = first?.path ? `data${first.path.replace(/\//g, '.')}` : 'data'
  return problem(
    `nodes.${node.id}`,
    'data',
    `Node "${node.id}" (${node.type}): ${at} ${first?.message ?? 'is invalid'}`,
  )
}

/** The rules of one node's content, its data already the right shape. */
function contentProblems(node: FlowNode): GraphProblem[] {
  const field = `nodes.${node.id}`
  const out: GraphProblem[] = []
  const say = (rule: string, message: string) =>
    out.push(problem(field, rule, `Node "${node.id}" (${node.type}): ${message}`))
  if (node.type === 'interval') {
    const { sec } = node.data as NodeData<'interval'>
    if (sec <= 0) say('interval.min', 'Adicione o valor de intervalo')
    else if (sec > INTERVAL_MAX) say('interval.max', `Máximo de tempo atingido ${INTERVAL_MAX} segundos`)
  }
  if (node.type === 'randomizer') {
    const { percent } = node.data as NodeData<'randomizer'>
    if (percent < 0 || percent > 100 || percent % 10 !== 0)
      say('randomizer.percent', 'percent is 0 to 100 in steps of 10')
  }
  if (node.type === 'menu') {
    const { arrayOption } = node.data as NodeData<'menu'>
    if (arrayOption.some((o, i) => o.number !== i + 1)) say('menu.numbering', 'options must be numbered 1..n in order')
  }
  if (node.type === 'question') {
    const { answerKey } = (node.data as NodeData<'question'>).typebotIntegration
    if (!ANSWER_KEY.test(answerKey))
      say('question.answerKey', 'answerKey is a name of letters, digits and _ (not starting with a digit)')
  }
  if (node.type === 'singleBlock') {
    const { seq, elements } = node.data as NodeData<'singleBlock'>
    const byNumber = new Map(elements.map((e) => [e.number, e]))
    for (const id of seq) {
      const e = byNumber.get(id)
      if (!e) say('content.seq', `seq names "${id}", which is not one of its elements`)
      else if (e.type === 'interval') {
        const sec = Number(e.value)
        if (!Number.isInteger(sec) || sec <= 0 || sec > INTERVAL_MAX)
          say('content.interval', 'Intervalo não pode ser 0 ou maior que 120!')
      } else if (e.type === 'message' && !e.value.trim()) say('content.message', 'Campos de mensagem vazio!')
      else if (e.type !== 'message' && !e.value.trim())
        say('content.media', 'Delete os cards vazios(Imagem, Audio e Video)')
    }
  }
  return out
}

/** The media names a node sends (checked against the company's files). */
export function mediaOf(node: FlowNode): string[] {
  if (node.type === 'img' || node.type === 'audio' || node.type === 'video') return [(node.data as { url: string }).url]
  if (node.type === 'singleBlock') {
    const { seq, elements } = node.data as NodeData<'singleBlock'>
    return elements
      .filter((e) => e.type !== 'message' && e.type !== 'interval' && seq.includes(e.number))
      .map((e) => e.value)
  }
  return []
}

/**
 * Every rule of a saved graph, in order: node shapes, one start, unique ids, content rules, edges
 * (existing nodes and handles, one edge per handle), then media and queues. Empty when it is valid.
 */
export async function validateGraph(graph: FlowGraph, checks: GraphChecks): Promise<GraphProblem[]> {
  const out: GraphProblem[] = []
  const ids = new Set<string>()
  for (const node of graph.nodes) {
    if (ids.has(node.id)) out.push(problem(`nodes.${node.id}`, 'node.id', `Node id "${node.id}" is used twice`))
    ids.add(node.id)
    const p = dataProblem(node)
    if (p) out.push(p)
    else out.push(...contentProblems(node))
  }
  const [first, ...more] = graph.nodes.filter((n) => n.type === 'start')
  if (!first) out.push(problem('nodes', 'start', 'A flow has exactly one start node (found none)'))
  // Each extra start is named, so the editor can point at it.
  for (const extra of more)
    out.push(
      problem(
        `nodes.${extra.id}`,
        'start',
        `A flow has exactly one start node: "${extra.id}" is a second one (the first is "${first.id}")`,
      ),
    )
  if (out.length) return out

  const byId = new Map(graph.nodes.map((n) => [n.id, n]))
  const used = new Set<string>()
  graph.connections.forEach((e, i) => {
    const field = `connections.${i}`
    const source = byId.get(e.source)
    if (!source || !byId.has(e.target)) {
      out.push(problem(field, 'edge.node', `Edge ${i} joins "${e.source}" to "${e.target}": no such node`))
      return
    }
    const handle = e.sourceHandle || null
    if (!handlesOf(source).includes(handle)) {
      out.push(
        problem(
          field,
          'edge.handle',
          `Edge ${i} leaves "${e.source}" (${source.type}) by handle "${handle}", which it does not have`,
        ),
      )
      return
    }
    const key = `${e.source}\u0000${handle}`
    if (used.has(key))
      out.push(problem(field, 'edge.duplicate', `Node "${e.source}" has two edges leaving by handle "${handle}"`))
    used.add(key)
  })
  if (out.length) return out

  for (const node of graph.nodes)
    for (const name of mediaOf(node))
      if (!(await checks.mediaExists(name)))
        out.push(
          problem(`nodes.${node.id}`, 'media', `Node "${node.id}" (${node.type}): the file "${name}" does not exist`),
        )
  const queueIds = graph.nodes.filter((n) => n.type === 'ticket').map((n) => (n.data as NodeData<'ticket'>).queue.id)
  if (queueIds.length && !(await checks.queuesExist([...new Set(queueIds)])))
    out.push(problem('nodes', 'queue', 'A ticket node names a queue that is not one of this company'))
  return out
}
