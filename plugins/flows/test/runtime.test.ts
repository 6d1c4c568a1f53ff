import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import { INVALID_PREFIX } from '../src/interpreter.ts'
import {
  caller,
  companyWithUser,
  createTestApp,
  edge,
  flowPlugins,
  node,
  ok,
  savedFlow,
  simulatorConnection,
  until,
  type TestApp,
} from './support.ts'
import type { FlowsRef } from '../src/api.ts'

/**
 * The runtime end to end: customers write from the simulated phone, the flows answer through the
 * connection. Waits end when the test says: the sweep is run with a clock past them (the real
 * wake jobs are due minutes later, after the file is done).
 */
describe('flows at run time, through the simulator', () => {
  let t: TestApp
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: flowPlugins })
  })
  afterAll(async () => {
    await t?.close()
  })

  const flowsService = () => t.app.kernel.services.get<FlowsRef>('flows')
  /** Every wait ends: the sweep runs with a clock 3 minutes ahead (the longest wait is 120 s). */
  const passTime = () => flowsService().sweep(new Date(Date.now() + 180_000))
  const runs = (companyId: number) => t.db('flow_runs').where({ companyId }).orderBy('id')

  async function company() {
    const { headers, companyId, userId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = caller(t, headers)
    const sales = await ok(call('POST', '/api/queue', { name: 'Vendas', color: '#0a0', greetingMessage: 'Vendas' }))
    const { w, customer } = await simulatorConnection(t, call, companyId)
    const phrase = async (flowId: number, text: string) =>
      ok(call('POST', '/api/flowcampaign', { name: text, flowId, whatsappId: w.id, phrase: text }))
    return { call, companyId, userId, sales, w, customer, phrase }
  }

  const registration = (queueId: number) => ({
    nodes: [
      node('1', 'start'),
      node('menu', 'menu', {
        message: 'Olá {{firstName}}! O que deseja?',
        arrayOption: [
          { number: 1, value: 'Cadastro' },
          { number: 2, value: 'Falar com vendas' },
        ],
      }),
      node('q', 'question', { typebotIntegration: { message: 'Qual a sua cidade?', answerKey: 'cidade' } }),
      node('c', 'condition', { key: 'cidade', condition: 'equals', value: 'Joinville' }),
      node('local', 'message', { label: 'Temos loja em {{cidade}}!' }),
      node('far', 'message', { label: 'Entregamos em {{cidade}}.' }),
      node('t', 'ticket', { queue: { id: queueId } }),
    ],
    connections: [
      edge('1', 'menu'),
      edge('menu', 'q', 'a1'),
      edge('menu', 't', 'a2'),
      edge('q', 'c'),
      edge('c', 'local', 'true'),
      edge('c', 'far', 'false'),
      edge('local', 't'),
      edge('far', 't'),
    ],
  })
  const MENU = (name: string) => `Olá ${name}! O que deseja?\n\n[1] Cadastro\n[2] Falar com vendas`

  it('a phrase starts the flow: menu → question → condition → message with the answer → pending in the queue', async () => {
    const c = await company()
    const flow = await savedFlow(c.call, 'Cadastro', registration(c.sales.id))
    await c.phrase(flow.id, 'Quero comprar')
    const customer = c.customer()
    expect(await customer.say('  quero COMPRAR ')).toEqual([MENU(customer.from)])
    expect(await customer.ticket()).toMatchObject({ status: 'pending', chatbot: true, queueId: null })
    expect(await customer.say('Quero comprar')).toEqual([`${INVALID_PREFIX}\n\n${MENU(customer.from)}`]) // an answer, not a restart
    expect(await customer.say('1.')).toEqual(['Qual a sua cidade?'])
    expect(await customer.say(' joinville ')).toEqual(['Temos loja em joinville!'])
    expect(await customer.ticket()).toMatchObject({
      status: 'pending',
      chatbot: false,
      queueId: c.sales.id,
      userId: null,
    })
    const [run] = await runs(c.companyId)
    expect(run).toMatchObject({ status: 'done', endedReason: 'transferred', startedBy: 'phrase' })
    const events = (await t.db('flow_run_events').where({ runId: run.id }).orderBy('id')).map((e) => e.type)
    expect(events).toEqual(['start', 'menu.invalid', 'menu.option', 'question.answer', 'condition', 'transfer', 'end'])
    // The conversation is on the ticket, in order, for the attendant who takes it.
    const ticket = await customer.ticket()
    const bodies = (await t.db('messages').where({ ticketId: ticket.id }).orderBy('id')).map(
      (m) => `${m.fromMe ? 'bot' : 'customer'}: ${m.body}`,
    )
    expect(bodies[0]).toBe('customer:   quero COMPRAR ')
    expect(bodies.at(-1)).toBe('bot: Temos loja em joinville!')
    expect(bodies).toHaveLength(8)
    // After the flow the ticket waits for an attendant: other messages get no bot answer.
    expect(await customer.say('obrigado', 0)).toEqual([])
  })

  it('an interval is a durable wait: a message during it is kept but not an answer; the wait ends once', async () => {
    const c = await company()
    const flow = await savedFlow(c.call, 'Espera', {
      nodes: [
        node('1', 'start'),
        node('a', 'message', { label: 'Um momento...' }),
        node('w', 'interval', { sec: 120 }),
        node('b', 'message', { label: 'Pronto!' }),
      ],
      connections: [edge('1', 'a'), edge('a', 'w'), edge('w', 'b')],
    })
    await c.phrase(flow.id, 'oi')
    const customer = c.customer()
    expect(await customer.say('oi')).toEqual(['Um momento...'])
    expect(await customer.say('e aí?', 0)).toEqual([])
    const [waiting] = await runs(c.companyId)
    expect(waiting).toMatchObject({ status: 'waiting_timer', nodeId: 'w' })
    await passTime()
    expect(await customer.expect(1)).toEqual(['Pronto!'])
    // The wait's own job, arriving late (or twice), finds the run moved on: nothing more is sent.
    const { WAKE_JOB } = await import('../src/engine.ts')
    await t.app.kernel.jobs.add(WAKE_JOB, { companyId: c.companyId, runId: Number(waiting.id), step: waiting.step })
    await passTime()
    await until(async () => (await runs(c.companyId))[0].status === 'done')
    expect(await customer.expect(0)).toEqual([])
    expect((await customer.outbox()).map((m) => m.body)).toEqual(['Um momento...', 'Pronto!'])
  })

  it('a person taking the ticket ends the run: the bot never talks over them', async () => {
    const c = await company()
    const flow = await savedFlow(c.call, 'Pessoa', registration(c.sales.id))
    await c.phrase(flow.id, 'menu')
    const customer = c.customer()
    await customer.say('menu')
    const ticket = await customer.ticket()
    await t.app.kernel.services
      .get<TicketsRef>('tickets')
      .update(c.companyId, ticket.id, { status: 'open', userId: c.userId })
    await until(async () => (await runs(c.companyId))[0].status === 'cancelled')
    expect((await runs(c.companyId))[0].endedReason).toBe('human')
    expect(await customer.say('1', 0)).toEqual([])
  })

  it('a ticket moved to another queue while the bot holds it ends the run, after any number of bot messages', async () => {
    const c = await company()
    const support = await ok(
      c.call('POST', '/api/queue', { name: 'Suporte', color: '#00a', greetingMessage: 'Suporte' }),
    )
    const flow = await savedFlow(c.call, 'Mover', registration(c.sales.id))
    await c.phrase(flow.id, 'menu')
    const customer = c.customer()
    // Two bot messages: each moved the ticket's last message, not the ticket.
    expect(await customer.say('menu')).toEqual([MENU(customer.from)])
    expect(await customer.say('1')).toEqual(['Qual a sua cidade?'])
    const ticket = await customer.ticket()
    await t.app.kernel.services.get<TicketsRef>('tickets').update(c.companyId, ticket.id, { queueId: support.id })
    await until(async () => (await runs(c.companyId))[0].status === 'cancelled')
    expect((await runs(c.companyId))[0].endedReason).toBe('transferred')
    expect(await customer.say('Joinville', 0)).toEqual([])
  })

  it('a conversation keeps the version it started on when the flow is edited or deleted', async () => {
    const c = await company()
    const v1 = {
      nodes: [
        node('1', 'start'),
        node('q', 'question', { typebotIntegration: { message: 'Nome?', answerKey: 'nome' } }),
        node('m', 'message', { label: 'v1: {{nome}}' }),
      ],
      connections: [edge('1', 'q'), edge('q', 'm')],
    }
    const flow = await savedFlow(c.call, 'Versões', v1)
    await c.phrase(flow.id, 'start')
    const first = c.customer()
    const second = c.customer()
    expect(await first.say('start')).toEqual(['Nome?'])
    // Edited: node q is gone in v2.
    await ok(
      c.call('POST', '/api/flowbuilder/flow', {
        idFlow: flow.id,
        nodes: [node('1', 'start'), node('m', 'message', { label: 'v2' })],
        connections: [edge('1', 'm')],
      }),
    )
    expect(await second.say('start')).toEqual(['v2'])
    expect(await first.say('Ana')).toEqual(['v1: Ana'])
    // Deleted while a third conversation waits in it.
    await ok(c.call('POST', '/api/flowbuilder/flow', { idFlow: flow.id, ...v1 }))
    const third = c.customer()
    expect(await third.say('start')).toEqual(['Nome?'])
    await ok(c.call('DELETE', `/api/flowbuilder/${flow.id}`))
    expect(await third.say('Bia')).toEqual(['v1: Bia'])
    // The phrase went with the flow.
    expect(await c.customer().say('start', 0)).toEqual([])
  })

  it('sends images, audio and content sequences as media, in order', async () => {
    const c = await company()
    const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
    const put = (name: string, mimetype: string) =>
      t.app.kernel.storage.put(c.companyId, { data: PNG, fileName: name, mimetype, area: 'flows' })
    const img = await put('foto.png', 'image/png')
    const audio = await put('voz.ogg', 'audio/ogg')
    const flow = await savedFlow(c.call, 'Mídia', {
      nodes: [
        node('1', 'start'),
        node('i', 'img', { url: img.key }),
        node('s', 'singleBlock', {
          seq: ['message1', 'audio1'],
          elements: [
            { type: 'message', value: 'Ouça:', number: 'message1' },
            { type: 'audio', value: audio.key, number: 'audio1', record: true },
          ],
        }),
      ],
      connections: [edge('1', 'i'), edge('i', 's')],
    })
    await c.phrase(flow.id, 'catalogo')
    const customer = c.customer()
    expect(await customer.say('Catálogo', 3)).toEqual(['<image>', 'Ouça:', '<audio>'])
    const box = await customer.outbox()
    expect(box[0].media).toMatchObject({ kind: 'image', fileName: 'foto.png' })
  })

  it('a sub-queue flow runs once when a ticket waits in its main queue: a menu, then the chosen queue', async () => {
    const c = await company()
    const support = await ok(
      c.call('POST', '/api/queue', { name: 'Suporte', color: '#00a', greetingMessage: 'Suporte' }),
    )
    await ok(
      c.call('POST', `/api/queue-flow/sub-flows/company/${c.companyId}`, {
        name: 'Triagem',
        queueId: support.id,
        welcomeMessage: 'Suporte: qual assunto?',
        subFlows: [
          { name: 'Boleto', targetQueueId: c.sales.id, welcomeMessage: 'Vendas resolve boletos.' },
          { name: 'Internet', targetQueueId: support.id },
        ],
      }),
    )
    const customer = c.customer()
    expect(await customer.say('bom dia', 0)).toEqual([])
    const ticket = await customer.ticket()
    await t.app.kernel.services.get<TicketsRef>('tickets').update(c.companyId, ticket.id, { queueId: support.id })
    expect(await customer.expect(1)).toEqual(['Suporte: qual assunto?\n\n[1] Boleto\n[2] Internet'])
    expect(await customer.say('boleto')).toEqual(['Vendas resolve boletos.'])
    await until(async () => (await customer.ticket()).queueId === c.sales.id)
    expect(await customer.ticket()).toMatchObject({ status: 'pending', chatbot: false })
    // Back in the main queue later: the sub-queue flow does not start again on this ticket.
    await t.app.kernel.services.get<TicketsRef>('tickets').update(c.companyId, ticket.id, { queueId: support.id })
    expect(await customer.say('de novo', 0)).toEqual([])
    expect(await runs(c.companyId)).toHaveLength(1)
  })

  it('a flow looping into itself stops at the loop guard, logged, and the ticket waits for a person', async () => {
    const c = await company()
    const flow = await savedFlow(c.call, 'Laço', {
      nodes: [node('1', 'start'), node('a', 'message', { label: 'eco' })],
      connections: [edge('1', 'a'), edge('a', 'a')],
    })
    await c.phrase(flow.id, 'eco')
    const customer = c.customer()
    expect(await customer.say('eco', 30)).toHaveLength(30)
    expect((await runs(c.companyId))[0]).toMatchObject({ status: 'failed', endedReason: 'loop_guard' })
    expect(await customer.ticket()).toMatchObject({ chatbot: false, status: 'pending' })
  })
})
