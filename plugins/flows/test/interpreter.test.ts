import { describe, it, expect } from 'vitest'
import type { FlowGraph, FlowNode } from '../src/graph.ts'
import {
  BOT_MESSAGES_PER_MINUTE,
  INVALID_END,
  INVALID_PREFIX,
  advance,
  compile,
  compare,
  initialState,
  pickOption,
  type Effect,
  type FlowEvent,
  type RunState,
} from '../src/interpreter.ts'

const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}): FlowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data,
})
const edge = (source: string, target: string, sourceHandle: string | null = null) => ({ source, target, sourceHandle })
const render = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '')

/**
 * A scripted conversation: each line is a customer message, a wait ending (`⏰`) or the start, and
 * the bot lines it must produce. The clock is ours: a wait ends when the script says so.
 */
function play(graph: FlowGraph, script: [FlowEvent['kind'] | string, string[]][], seed = 1) {
  const flow = compile(graph)
  let s: RunState = initialState(flow.start.id, seed)
  const now = new Date('2026-01-01T12:00:00Z')
  const said = (effects: Effect[]) =>
    effects.map((e) =>
      e.kind === 'text'
        ? e.body
        : e.kind === 'media'
          ? `<${e.mediaType} ${e.name}>`
          : e.kind === 'transfer'
            ? `→ queue ${e.queueId}`
            : `→ ${e.engine}`,
    )
  for (const [line, expected] of script) {
    const event: FlowEvent =
      line === 'start'
        ? { kind: 'start' }
        : line === '⏰'
          ? { kind: 'timer', step: s.step }
          : { kind: 'input', text: line }
    const r = advance(flow, s, event, { now, render })
    expect(said(r.effects), `after "${line}"`).toEqual(expected)
    s = r.state
  }
  return s
}

const menuFlow: FlowGraph = {
  nodes: [
    node('1', 'start'),
    node('menu', 'menu', {
      message: 'Olá! Escolha:',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte técnico' },
      ],
    }),
    node('q', 'question', { typebotIntegration: { message: 'Qual o seu CPF?', answerKey: 'cpf' } }),
    node('cond', 'condition', { key: 'cpf', condition: 'contains', value: '123' }),
    node('ok', 'message', { label: 'Obrigado, CPF {{cpf}} anotado.' }),
    node('bad', 'message', { label: 'CPF {{cpf}} não reconhecido.' }),
    node('t', 'ticket', { queue: { id: 7 } }),
    node('sup', 'message', { label: 'Suporte: aguarde.' }),
  ],
  connections: [
    edge('1', 'menu'),
    edge('menu', 'q', 'a1'),
    edge('menu', 'sup', 'a2'),
    edge('q', 'cond'),
    edge('cond', 'ok', 'true'),
    edge('cond', 'bad', 'false'),
    edge('ok', 't'),
  ],
}
const MENU = 'Olá! Escolha:\n\n[1] Vendas\n[2] Suporte técnico'

describe('flow interpreter: scripted conversations', () => {
  it('menu → question → condition → message with the answer → transfer', () => {
    const s = play(menuFlow, [
      ['start', [MENU]],
      [' 1. ', ['Qual o seu CPF?']],
      ['123.456', ['Obrigado, CPF 123.456 anotado.', '→ queue 7']],
    ])
    expect(s).toMatchObject({ status: 'done', endedReason: 'transferred', vars: { cpf: '123.456' } })
  })

  it('the other branch of the condition, and the end of a path without an edge', () => {
    const s = play(menuFlow, [
      ['start', [MENU]],
      ['1', ['Qual o seu CPF?']],
      ['999', ['CPF 999 não reconhecido.']],
    ])
    expect(s).toMatchObject({ status: 'done', endedReason: 'completed' })
  })

  it('an option picked by its words, any case and accents', () => {
    play(menuFlow, [
      ['start', [MENU]],
      ['suporte TECNICO', ['Suporte: aguarde.']],
    ])
  })

  it('a wrong answer asks again three times, then ends for a person', () => {
    const again = `${INVALID_PREFIX}\n\n${MENU}`
    const s = play(menuFlow, [
      ['start', [MENU]],
      ['3', [again]],
      ['oi', [again]],
      ['quero falar', [again]],
      ['??', [INVALID_END]],
    ])
    expect(s).toMatchObject({ status: 'done', endedReason: 'menu_invalid' })
  })

  it("after the last wrong answer, the menu's invalid edge when it has one", () => {
    const graph: FlowGraph = {
      nodes: [...menuFlow.nodes, node('human', 'message', { label: 'Vou chamar alguém.' })],
      connections: [...menuFlow.connections, edge('menu', 'human', 'invalid')],
    }
    const s = play(graph, [
      ['start', [MENU]],
      ['x', [`${INVALID_PREFIX}\n\n${MENU}`]],
      ['x', [`${INVALID_PREFIX}\n\n${MENU}`]],
      ['x', [`${INVALID_PREFIX}\n\n${MENU}`]],
      ['x', ['Vou chamar alguém.']],
    ])
    expect(s.status).toBe('done')
  })

  it('an interval is a wait: a message during it is not an answer, a stale timer is ignored', () => {
    const graph: FlowGraph = {
      nodes: [
        node('1', 'start'),
        node('a', 'message', { label: 'Um' }),
        node('w', 'interval', { sec: 30 }),
        node('b', 'message', { label: 'Dois' }),
      ],
      connections: [edge('1', 'a'), edge('a', 'w'), edge('w', 'b')],
    }
    const flow = compile(graph)
    const now = new Date('2026-01-01T12:00:00Z')
    const r1 = advance(flow, initialState('1', 1), { kind: 'start' }, { now, render })
    expect(r1.state).toMatchObject({ status: 'waiting_timer', nodeId: 'w' })
    expect(r1.state.wakeAt?.toISOString()).toBe('2026-01-01T12:00:30.000Z')
    expect(advance(flow, r1.state, { kind: 'input', text: 'oi?' }, { now, render }).applied).toBe(false)
    expect(advance(flow, r1.state, { kind: 'timer', step: r1.state.step - 1 }, { now, render }).applied).toBe(false)
    const r2 = advance(flow, r1.state, { kind: 'timer', step: r1.state.step }, { now, render })
    expect(r2.effects).toEqual([{ kind: 'text', body: 'Dois' }])
    // The same timer again (a duplicate job): the step moved on, so nothing.
    expect(advance(flow, r2.state, { kind: 'timer', step: r1.state.step }, { now, render }).applied).toBe(false)
  })

  it('a content sequence sends its elements in seq order, waiting at its intervals', () => {
    const graph: FlowGraph = {
      nodes: [
        node('1', 'start'),
        node('c', 'singleBlock', {
          seq: ['message2', 'img1', 'interval1', 'message1'],
          elements: [
            { type: 'message', value: 'depois', number: 'message1' },
            { type: 'message', value: 'antes', number: 'message2' },
            { type: 'img', value: '9/flows/x.png', number: 'img1' },
            { type: 'interval', value: '5', number: 'interval1' },
          ],
        }),
        node('end', 'message', { label: 'fim' }),
      ],
      connections: [edge('1', 'c'), edge('c', 'end')],
    }
    play(graph, [
      ['start', ['antes', '<image 9/flows/x.png>']],
      ['⏰', ['depois', 'fim']],
    ])
  })

  it('the randomizer draws from the run’s seed: the same seed, the same branch; the split follows percent', () => {
    const graph = (percent: number): FlowGraph => ({
      nodes: [
        node('1', 'start'),
        node('r', 'randomizer', { percent }),
        node('a', 'message', { label: 'A' }),
        node('b', 'message', { label: 'B' }),
      ],
      connections: [edge('1', 'r'), edge('r', 'a', 'a'), edge('r', 'b', 'b')],
    })
    const now = new Date()
    const branch = (percent: number, seed: number) =>
      advance(compile(graph(percent)), initialState('1', seed), { kind: 'start' }, { now, render }).effects[0]
    expect(branch(100, 5)).toEqual({ kind: 'text', body: 'A' })
    expect(branch(0, 5)).toEqual({ kind: 'text', body: 'B' })
    expect(branch(50, 42)).toEqual(branch(50, 42))
    let a = 0
    for (let seed = 0; seed < 2000; seed++) if ((branch(30, seed) as { body: string }).body === 'A') a++
    expect(a / 2000).toBeGreaterThan(0.25)
    expect(a / 2000).toBeLessThan(0.35)
    const r = advance(compile(graph(50)), initialState('1', 42), { kind: 'start' }, { now, render })
    expect(r.log.find((l) => l.type === 'randomizer')?.payload).toMatchObject({ percent: 50 })
  })

  it('a flow looping into itself stops at the loop guard', () => {
    const graph: FlowGraph = {
      nodes: [node('1', 'start'), node('a', 'message', { label: 'eco' })],
      connections: [edge('1', 'a'), edge('a', 'a')],
    }
    const r = advance(compile(graph), initialState('1', 1), { kind: 'start' }, { now: new Date(), render })
    expect(r.effects).toHaveLength(BOT_MESSAGES_PER_MINUTE)
    expect(r.state).toMatchObject({ status: 'failed', endedReason: 'loop_guard' })
  })

  it.each(['typebot', 'openai'] as const)(
    'a %s node ends the flow handing the conversation over with its settings',
    (type) => {
      const settings = { name: 'Bot', prompt: 'p' }
      const graph: FlowGraph = {
        nodes: [
          node('1', 'start'),
          node('m', 'message', { label: 'Um momento' }),
          node('o', type, { typebotIntegration: settings }),
        ],
        connections: [edge('1', 'm'), edge('m', 'o')],
      }
      const r = advance(compile(graph), initialState('1', 1), { kind: 'start' }, { now: new Date(), render })
      expect(r.state).toMatchObject({ status: 'done', endedReason: `handed_to_${type}` })
      expect(r.effects).toEqual([
        { kind: 'text', body: 'Um momento' },
        { kind: 'handoff', engine: type, nodeId: 'o', settings },
      ])
    },
  )

  it('a run pointing at a node its version lacks ends cleanly instead of crashing', () => {
    const flow = compile(menuFlow)
    const s = { ...initialState('1', 1), status: 'waiting_input' as const, nodeId: 'gone' }
    expect(advance(flow, s, { kind: 'input', text: '1' }, { now: new Date(), render }).state).toMatchObject({
      status: 'failed',
      endedReason: 'node_missing',
    })
  })
})

describe('matching', () => {
  const options = [
    { number: 1, value: 'Vendas' },
    { number: 2, value: 'Ação rápida' },
  ]
  it.each([
    ['1', 1],
    [' 1 ', 1],
    ['1.', 1],
    ['[2]', 2],
    ['2)', 2],
    ['acao RAPIDA', 2],
    ['3', undefined],
    ['1 2', undefined],
    ['vendas!', undefined],
  ])('%j picks %s', (text, expected) => {
    expect(pickOption(text, options)?.number).toBe(expected)
  })

  it.each([
    ['São Paulo', 'equals', 'sao paulo', true],
    ['São Paulo', 'contains', 'PAULO', true],
    ['10', 'greater', '9,5', true],
    ['10', 'less', '9', false],
    ['abc', 'greater', '1', false],
    [undefined, 'equals', '', true],
  ] as const)('%j %s %j → %s', (a, op, b, expected) => {
    expect(compare(a, op, b)).toBe(expected)
  })
})
