/**
 * The flow interpreter: a pure `advance(flow, state, event, ctx) → { state, effects, log }`. It never
 * touches the database, the clock or Math.random: the engine hands it `now`, a renderer and the run's
 * own seeded generator state, and applies the effects it returns in one transaction.
 *
 * Node semantics (issue "Flow builder"):
 * - message sends its text; img/audio/video send the file; singleBlock sends its elements in `seq`
 *   order, its intervals being durable waits like the interval node's;
 * - menu sends the text and "[n] option" lines and waits; "1", "1.", " 1 " and the option's own
 *   words (any case, accents ignored) pick it; a wrong answer asks again, up to MENU_RETRIES times,
 *   then takes the menu's `invalid` edge, or ends the flow with INVALID_END (a person takes over);
 * - question sends its text, waits, and keeps the answer as {{answerKey}} for later nodes (a run
 *   variable: never written to the contact);
 * - condition compares a variable with a value (equals / contains ignore case and accents;
 *   greater / less compare numbers) and takes the `true` or `false` edge;
 * - randomizer takes `a` with `percent`% chance, else `b`; the draw is logged;
 * - ticket moves the conversation to the queue (pending) and ends the flow;
 * - typebot / openai end the flow and hand the conversation to that engine with the node's settings
 *   (an effect the engine applies after the commit, through the engine's published service);
 * - a node without an edge out ends the flow: the ticket waits for a person, queue unchanged.
 */
import { INTERVAL_MAX, MENU_INVALID_HANDLE, type FlowGraph, type FlowNode, type NodeData } from './graph.ts'

export const MENU_RETRIES = 3
export const INVALID_PREFIX = 'Opção inválida. Responda com o número de uma das opções.'
export const INVALID_END = 'Não entendi sua resposta. Um atendente vai continuar o seu atendimento.'
/** The loop guard: bot messages per conversation per minute. */
export const BOT_MESSAGES_PER_MINUTE = 30
/** Nodes one event may walk through without waiting (a flow that loops into itself). */
export const MAX_NODES_PER_EVENT = 200

export type RunStatus = 'running' | 'waiting_input' | 'waiting_timer' | 'done' | 'failed' | 'cancelled'
export const LIVE: RunStatus[] = ['running', 'waiting_input', 'waiting_timer']

export interface RunState {
  status: RunStatus
  nodeId: string
  step: number
  seqIndex: number
  attempts: number
  vars: Record<string, string>
  rng: number
  wakeAt: Date | null
  windowStart: Date | null
  windowCount: number
  endedReason: string | null
}

export type FlowEvent = { kind: 'start' } | { kind: 'input'; text: string } | { kind: 'timer'; step: number }

export type Effect =
  | { kind: 'text'; body: string }
  | { kind: 'media'; mediaType: 'image' | 'audio' | 'video'; name: string; voice?: boolean }
  | { kind: 'transfer'; queueId: number }
  /** The conversation goes to an outside engine with the node's settings (after the commit). */
  | { kind: 'handoff'; engine: 'typebot' | 'openai'; nodeId: string; settings: Record<string, unknown> }

export interface LogEntry {
  type: string
  payload: Record<string, unknown>
}

export interface AdvanceContext {
  now: Date
  render(text: string, vars: Record<string, string>): string
}

export interface Advanced {
  /** False when the event did not apply (a stale timer, input while not waiting for it). */
  applied: boolean
  state: RunState
  effects: Effect[]
  log: LogEntry[]
}

/** A graph indexed for walking; built once per immutable version. */
export interface CompiledFlow {
  graph: FlowGraph
  start: FlowNode
  node(id: string): FlowNode | undefined
  next(node: FlowNode, handle?: string | null): FlowNode | undefined
}

export function compile(graph: FlowGraph): CompiledFlow {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]))
  const edges = new Map(graph.connections.map((e) => [`${e.source}\u0000${e.sourceHandle ?? ''}`, e.target]))
  return {
    graph,
    start: graph.nodes.find((n) => n.type === 'start')!,
    node: (id) => byId.get(id),
    next(node, handle = null) {
      const to = edges.get(`${node.id}\u0000${handle ?? ''}`)
      return to === undefined ? undefined : byId.get(to)
    },
  }
}

/** mulberry32: a small seeded generator whose whole state is one 32-bit integer, kept on the run. */
export function draw(state: number): { value: number; state: number } {
  const s = (state + 0x6d2b79f5) | 0
  let t = s
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: s }
}

/** Lowercase, without accents, surrounding spaces and inner runs of spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** The option a reply picks: its number ("1", "1.", "1)", " 1 ") or its words. */
export function pickOption(text: string, options: { number: number; value: string }[]) {
  const a = normalise(text).replace(/^[[(]?(\d+)[\]).:-]?$/, '$1')
  if (/^\d+$/.test(a)) return options.find((o) => o.number === Number(a))
  return options.find((o) => normalise(o.value) === a)
}

export function menuBody(data: NodeData<'menu'>) {
  const lines = data.arrayOption.map((o) => `[${o.number}] ${o.value}`).join('\n')
  return [data.message.trim(), lines].filter(Boolean).join('\n\n')
}

export function compare(actual: string | undefined, op: NodeData<'condition'>['condition'], expected: string) {
  const a = actual ?? ''
  if (op === 'equals') return normalise(a) === normalise(expected)
  if (op === 'contains') return normalise(a).includes(normalise(expected))
  const x = Number(a.replace(',', '.'))
  const y = Number(expected.replace(',', '.'))
  if (!Number.isFinite(x) || !Number.isFinite(y) || !a.trim() || !expected.trim()) return false
  return op === 'greater' ? x > y : x < y
}

export function initialState(startId: string, seed: number): RunState {
  return {
    status: 'running',
    nodeId: startId,
    step: 0,
    seqIndex: 0,
    attempts: 0,
    vars: {},
    rng: seed | 0,
    wakeAt: null,
    windowStart: null,
    windowCount: 0,
    endedReason: null,
  }
}

export function advance(flow: CompiledFlow, prev: RunState, event: FlowEvent, ctx: AdvanceContext): Advanced {
  const s: RunState = { ...prev, vars: { ...prev.vars } }
  const effects: Effect[] = []
  const log: LogEntry[] = []
  const unchanged: Advanced = { applied: false, state: prev, effects, log }
  const note = (type: string, payload: Record<string, unknown> = {}) => log.push({ type, payload })

  const end = (status: 'done' | 'failed', reason: string) => {
    s.status = status
    s.endedReason = reason
    s.wakeAt = null
    note('end', { reason, nodeId: s.nodeId })
  }
  const emit = (e: Effect) => {
    // The loop guard counts what the customer receives.
    if (e.kind === 'text' || e.kind === 'media') {
      if (!s.windowStart || ctx.now.getTime() - s.windowStart.getTime() >= 60_000) {
        s.windowStart = ctx.now
        s.windowCount = 0
      }
      if (s.windowCount >= BOT_MESSAGES_PER_MINUTE) {
        if (s.status !== 'failed') end('failed', 'loop_guard')
        return
      }
      s.windowCount++
    }
    effects.push(e)
  }
  const send = (text: string) => {
    const body = ctx.render(text, s.vars).trim()
    if (body) emit({ kind: 'text', body })
  }
  const sendMedia = (type: 'img' | 'audio' | 'video', name: string, record?: boolean) =>
    emit({
      kind: 'media',
      mediaType: type === 'img' ? 'image' : type,
      name,
      ...(type === 'audio' && record ? { voice: true } : {}),
    })
  /** Move on to the node behind `handle`, or finish where there is none. */
  const ended = () => s.status === 'done' || s.status === 'failed'
  const go = (from: FlowNode, handle: string | null = null) => {
    if (ended()) return
    const to = flow.next(from, handle)
    s.attempts = 0
    s.seqIndex = 0
    if (!to) return end('done', 'completed')
    s.nodeId = to.id
    s.status = 'running'
  }
  const wait = (status: 'waiting_input' | 'waiting_timer', seconds = 0) => {
    if (ended()) return
    s.status = status
    s.wakeAt = status === 'waiting_timer' ? new Date(ctx.now.getTime() + Math.min(seconds, INTERVAL_MAX) * 1000) : null
  }

  const current = flow.node(s.nodeId)
  if (event.kind === 'start') {
    s.nodeId = flow.start.id
    s.status = 'running'
    note('start', { nodeId: flow.start.id })
  } else if (!current) {
    // Versions are immutable, so this is a defect, not an edit: end cleanly rather than crash.
    end('failed', 'node_missing')
  } else if (event.kind === 'timer') {
    if (s.status !== 'waiting_timer' || event.step !== s.step) return unchanged
    note('timer', { nodeId: current.id })
    s.wakeAt = null
    if (current.type === 'singleBlock') {
      s.seqIndex++
      s.status = 'running'
    } else go(current)
  } else {
    if (s.status !== 'waiting_input') return unchanged
    if (current.type === 'menu') {
      const data = current.data as NodeData<'menu'>
      const option = pickOption(event.text, data.arrayOption)
      if (option) {
        note('menu.option', { nodeId: current.id, option: option.number })
        go(current, `a${option.number}`)
      } else if (s.attempts < MENU_RETRIES) {
        s.attempts++
        note('menu.invalid', { nodeId: current.id, attempt: s.attempts })
        send(`${INVALID_PREFIX}\n\n${menuBody(data)}`)
      } else {
        note('menu.invalid', { nodeId: current.id, attempt: s.attempts + 1, fallback: true })
        if (flow.next(current, MENU_INVALID_HANDLE)) go(current, MENU_INVALID_HANDLE)
        else {
          send(INVALID_END)
          end('done', 'menu_invalid')
        }
      }
    } else if (current.type === 'question') {
      const { answerKey } = (current.data as NodeData<'question'>).typebotIntegration
      s.vars[answerKey] = event.text.trim().slice(0, 1000)
      note('question.answer', { nodeId: current.id, answerKey })
      go(current)
    } else return unchanged
  }

  // Walk until the flow waits or ends.
  for (let walked = 0; s.status === 'running'; walked++) {
    if (walked >= MAX_NODES_PER_EVENT) {
      end('failed', 'loop_guard')
      break
    }
    const node = flow.node(s.nodeId)
    if (!node) {
      end('failed', 'node_missing')
      break
    }
    switch (node.type) {
      case 'start':
        go(node)
        break
      case 'message':
        send((node.data as NodeData<'message'>).label)
        go(node)
        break
      case 'img':
      case 'audio':
      case 'video': {
        const data = node.data as { url: string; record?: boolean }
        sendMedia(node.type, data.url, data.record)
        go(node)
        break
      }
      case 'interval':
        wait('waiting_timer', (node.data as NodeData<'interval'>).sec)
        break
      case 'menu':
        send(menuBody(node.data as NodeData<'menu'>))
        wait('waiting_input')
        break
      case 'question':
        send((node.data as NodeData<'question'>).typebotIntegration.message)
        wait('waiting_input')
        break
      case 'condition': {
        const c = node.data as NodeData<'condition'>
        const result = compare(s.vars[c.key], c.condition, c.value)
        note('condition', { nodeId: node.id, key: c.key, result })
        go(node, result ? 'true' : 'false')
        break
      }
      case 'randomizer': {
        const { percent } = node.data as NodeData<'randomizer'>
        const d = draw(s.rng)
        s.rng = d.state
        const branch = d.value * 100 < percent ? 'a' : 'b'
        note('randomizer', { nodeId: node.id, percent, branch })
        go(node, branch)
        break
      }
      case 'singleBlock': {
        const { seq, elements } = node.data as NodeData<'singleBlock'>
        const byNumber = new Map(elements.map((e) => [e.number, e]))
        while (s.status === 'running' && s.seqIndex < seq.length) {
          const e = byNumber.get(seq[s.seqIndex])
          if (e?.type === 'interval') {
            wait('waiting_timer', Number(e.value))
            break
          }
          if (e?.type === 'message') send(e.value)
          else if (e) sendMedia(e.type, e.value, e.record)
          s.seqIndex++
        }
        if (s.status === 'running') go(node)
        break
      }
      case 'ticket': {
        const queueId = (node.data as NodeData<'ticket'>).queue.id
        emit({ kind: 'transfer', queueId })
        note('transfer', { nodeId: node.id, queueId })
        end('done', 'transferred')
        break
      }
      case 'typebot':
      case 'openai': {
        const settings = (node.data as NodeData<'openai'>).typebotIntegration as Record<string, unknown>
        emit({ kind: 'handoff', engine: node.type, nodeId: node.id, settings })
        note('handoff', { nodeId: node.id, engine: node.type })
        end('done', `handed_to_${node.type}`)
        break
      }
    }
  }
  s.step = prev.step + 1
  return { applied: true, state: s, effects, log }
}
