import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import flowsPlugin from '@atende/plugin-flows'
import plugin from '../src/index.ts'
import { BOT_JOB, BOT_SWEEP_JOB } from '../src/bots.ts'
import { choice, fakeTypebot, text, textInput } from './fakes/typebot.ts'

/** Typebot conversations end to end: the simulator phone, the real pipeline and jobs, a local Typebot. */
describe('typebot integrations through the simulator', () => {
  let t: TestApp
  const fake = fakeTypebot()
  let url = ''
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'
    process.env.TYPEBOT_TIMEOUT_MS = '300'
    process.env.TYPEBOT_RETRY_MS = '0'
    url = await fake.start()
    // A menu, then a goodbye: the end of the flow.
    fake.bot('menu', (turn, answer) =>
      turn === 0
        ? { json: { messages: [text('b1', 'Olá **{{name}}**!')], input: choice('Vendas', 'Suporte') } }
        : { json: { messages: [text('b2', `Você escolheu ${answer}. Até logo!`)] } },
    )
    // A bubble, a wait of a minute, two more bubbles, a question; then an echo, forever.
    fake.bot('espera', (turn, answer) =>
      turn === 0
        ? {
            json: {
              messages: [text('w1', 'Vou verificar...'), text('w2', 'Pronto!'), text('w3', 'Qual seu nome?')],
              input: textInput,
              clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 60 }, lastBubbleBlockId: 'w1' }],
            },
          }
        : answer === 'inválido'
          ? { status: 400, json: { message: 'Invalid message' } }
          : { json: { messages: [text(`e${turn}`, `Eco: ${answer}`)], input: textInput } },
    )
    // An echo that thinks a while: messages of one ticket must reach it one at a time, in order.
    fake.bot('lento', (turn, answer) => ({
      json: {
        messages:
          turn === 0
            ? [{ id: 'p', type: 'image', content: { url: `${url}/logo.png` } }]
            : [text(`l${turn}`, `Eco: ${answer}`)],
        input: textInput,
      },
      delayMs: turn === 0 ? 0 : 150,
    }))
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, flowsPlugin, plugin],
    })
  })
  afterAll(async () => {
    for (const k of ['OUTBOUND_ALLOWED_HOSTS', 'TYPEBOT_TIMEOUT_MS', 'TYPEBOT_RETRY_MS']) delete process.env[k]
    await t?.close()
    await fake.close()
  })

  let seq = 0
  async function setup(slug: string, extra: object = {}) {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers: headers as Headers, payload })
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const integration = await ok(
      call('POST', '/api/queueIntegration', {
        type: 'typebot',
        name: 'Robô',
        urlN8N: url,
        typebotSlug: slug,
        typebotDelayMessage: 0,
        typebotKeywordFinish: 'sair',
        typebotKeywordRestart: 'reiniciar',
        typebotRestartMessage: 'Recomeçando.',
        typebotUnknownMessage: 'Não entendi.',
        ...extra,
      }),
    )
    const w = await ok(
      call('POST', '/api/whatsapp', { name: `Tb ${++seq}`, provider: 'simulator', integrationId: integration.id }),
    )
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    const from = `55479${String(60_000_001 + seq)}`
    const outbox = async (): Promise<string[]> =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages.map((m: { body: string }) => m.body)
    const say = async (body: string) =>
      (await ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', body }))).message
    const ticket = async (id: number) => t.db('tickets').where({ id }).first()
    const session = async (ticketId: number) => t.db('integration_sessions').where({ companyId, ticketId }).first()
    /** Every queued message answered and the lease let go. */
    const settled = async (ticketId: number) => {
      await until(async () => {
        const s = await session(ticketId)
        const inbox = s ? await t.db('integration_inbox').where({ sessionRowId: s.id }).first() : null
        return s && !inbox && !s.leaseOwner
      })
    }
    return { companyId, integration, say, outbox, ticket, session, settled, call }
  }

  it('walks a menu to its end: numbered choices, "2" answered as the item, then the ticket goes to people', async () => {
    const s = await setup('menu')
    const first = await s.say('oi')
    await until(async () => (await s.outbox()).length === 2)
    expect(await s.outbox()).toEqual(['Olá *{{name}}*!', '1. Vendas\n2. Suporte'])
    const start = fake.calls.filter((c) => c.route === 'start').at(-1)!
    expect(start.body.prefilledVariables).toMatchObject({
      name: 'Rita',
      pushName: 'Rita',
      ticketId: String(first.ticketId),
      companyId: String(s.companyId),
    })
    expect(start.raw).not.toContain('"string"')
    expect(await s.ticket(first.ticketId)).toMatchObject({ useIntegration: true, integrationId: s.integration.id })

    await s.say('2')
    await until(async () => (await s.outbox()).length === 3)
    expect(fake.calls.at(-1)!.body).toEqual({ message: { type: 'text', text: 'Suporte' } })
    expect((await s.outbox())[2]).toBe('Você escolheu Suporte. Até logo!')
    await until(async () => (await s.ticket(first.ticketId)).useIntegration === false)
    expect(await s.session(first.ticketId)).toMatchObject({ status: 'closed' })
    expect(await s.ticket(first.ticketId)).toMatchObject({ status: 'pending', userId: null })

    // The bot is done with this ticket: the next message is the team's.
    const calls = fake.calls.length
    await s.say('obrigada')
    await s.settled(first.ticketId)
    expect(fake.calls.length).toBe(calls)
    expect(await t.db('ticket_notes').where({ ticketId: first.ticketId })).toEqual([])

    // Deleting the ticket deletes its conversation.
    expect((await s.call('DELETE', `/api/tickets/${first.ticketId}`)).statusCode).toBe(200)
    await until(async () => !(await s.session(first.ticketId)))
  })

  it('a wait holds the later bubbles back until its job runs; a refused answer gets the unknown message', async () => {
    const s = await setup('espera')
    const first = await s.say('oi')
    await until(async () => (await s.session(first.ticketId))?.pendingDueAt)
    await s.settled(first.ticketId)
    expect(await s.outbox()).toEqual(['Vou verificar...'])
    const held = await s.session(first.ticketId)
    expect(new Date(held.pendingDueAt).getTime()).toBeGreaterThan(Date.now() + 50_000)
    const pending = typeof held.pending === 'string' ? JSON.parse(held.pending) : held.pending
    expect(pending).toEqual([
      {
        waitMs: 60_000,
        items: [
          { kind: 'text', body: 'Pronto!' },
          { kind: 'text', body: 'Qual seu nome?' },
        ],
      },
    ])

    // The minute passes (the clock of the row, not of the test), and the wait's job runs.
    await t
      .db('integration_sessions')
      .where({ id: held.id })
      .update({ pendingDueAt: new Date(Date.now() - 1000) })
    await t.app.kernel.jobs.add(BOT_JOB, { companyId: s.companyId, sessionRowId: held.id })
    await until(async () => (await s.outbox()).length === 3)
    expect(await s.outbox()).toEqual(['Vou verificar...', 'Pronto!', 'Qual seu nome?'])
    expect(await s.session(first.ticketId)).toMatchObject({ pendingDueAt: null })

    await s.say('inválido')
    await until(async () => (await s.outbox()).length === 4)
    expect((await s.outbox())[3]).toBe('Não entendi.')
    await s.say('Rita')
    await until(async () => (await s.outbox()).length === 5)
    expect((await s.outbox())[4]).toBe('Eco: Rita')
    expect(await s.ticket(first.ticketId)).toMatchObject({ useIntegration: true })
  })

  it('the customer writing during a wait gets the held-back bubbles first, in order', async () => {
    const s = await setup('espera')
    const first = await s.say('oi')
    await until(async () => (await s.session(first.ticketId))?.pendingDueAt)
    await s.say('olá?')
    await until(async () => (await s.outbox()).length === 4)
    expect(await s.outbox()).toEqual(['Vou verificar...', 'Pronto!', 'Qual seu nome?', 'Eco: olá?'])
    expect(await s.session(first.ticketId)).toMatchObject({ pendingDueAt: null })
  })

  it('the restart keyword starts a new session after the restart message; the finish keyword stops the bot', async () => {
    const s = await setup('menu')
    const first = await s.say('oi')
    await until(async () => (await s.outbox()).length === 2)
    const before = (await s.session(first.ticketId)).sessionId
    await s.say('REINICIAR')
    await until(async () => (await s.outbox()).length === 5)
    expect((await s.outbox()).slice(2)).toEqual(['Recomeçando.', 'Olá *{{name}}*!', '1. Vendas\n2. Suporte'])
    expect((await s.session(first.ticketId)).sessionId).not.toBe(before)

    const calls = fake.calls.length
    await s.say('sair')
    await until(async () => (await s.ticket(first.ticketId)).useIntegration === false)
    expect(fake.calls.length).toBe(calls)
    expect(await s.session(first.ticketId)).toMatchObject({ status: 'closed', sessionId: '' })
    expect(await s.outbox()).toHaveLength(5)
  })

  it('a session idle past typebotExpires, or one Typebot forgot, starts again', async () => {
    const s = await setup('menu', { typebotExpires: 5 })
    const first = await s.say('oi')
    await until(async () => (await s.outbox()).length === 2)
    const row = await s.session(first.ticketId)
    await t
      .db('integration_sessions')
      .where({ id: row.id })
      .update({ lastActivityAt: new Date(Date.now() - 6 * 60_000) })
    const starts = () => fake.calls.filter((c) => c.route === 'start').length
    let before = starts()
    await s.say('1')
    await until(async () => (await s.outbox()).length === 4)
    expect(starts()).toBe(before + 1)
    expect((await s.outbox()).slice(2)).toEqual(['Olá *{{name}}*!', '1. Vendas\n2. Suporte'])

    fake.forget((await s.session(first.ticketId)).sessionId)
    before = starts()
    await s.say('1')
    await until(async () => (await s.outbox()).length === 6)
    expect(starts()).toBe(before + 1)
    expect(await s.ticket(first.ticketId)).toMatchObject({ useIntegration: true })
  })

  it('an outage hands the ticket to people with a note, and the bot stays out of it', async () => {
    const s = await setup('menu')
    fake.force({ status: 503, json: { message: 'down' } })
    try {
      const first = await s.say('oi')
      await until(async () => (await s.ticket(first.ticketId)).useIntegration === false)
      const notes = await t.db('ticket_notes').where({ ticketId: first.ticketId })
      expect(notes).toHaveLength(1)
      expect(notes[0].note).toBe('A integração "Robô" falhou (answered HTTP 503); o atendimento segue com a equipe.')
      expect(await s.session(first.ticketId)).toMatchObject({ status: 'closed' })
      expect(await s.outbox()).toEqual([])
      const calls = fake.calls.length
      await s.say('alguém?')
      await s.settled(first.ticketId)
      expect(fake.calls.length).toBe(calls)
    } finally {
      fake.force(null)
    }
  })

  it('answers one message of a ticket at a time, in order; an image bubble it cannot fetch goes as its link', async () => {
    const s = await setup('lento')
    const first = await s.say('oi')
    await until(async () => (await s.outbox()).length === 1)
    expect(await s.outbox()).toEqual([`${url}/logo.png`])
    for (const word of ['um', 'dois', 'três']) await s.say(word)
    await until(async () => (await s.outbox()).length === 4, 10_000)
    expect((await s.outbox()).slice(1)).toEqual(['Eco: um', 'Eco: dois', 'Eco: três'])
    expect(fake.maxInflight()).toBe(1)
    await s.settled(first.ticketId)
  })

  it('a message left by a dead job is answered once its lease runs out, by the sweep', async () => {
    const s = await setup('lento')
    const first = await s.say('oi')
    await until(async () => (await s.outbox()).length === 1)
    await s.settled(first.ticketId)
    const row = await s.session(first.ticketId)
    // A job that died holding the lease: the next message's job finds it taken and leaves.
    await t
      .db('integration_sessions')
      .where({ id: row.id })
      .update({ leaseOwner: 'morto', leaseUntil: new Date(Date.now() + 60_000) })
    await s.say('alô')
    await until(async () => (await t.db('integration_inbox').where({ sessionRowId: row.id })).length === 1)
    expect(await s.outbox()).toHaveLength(1)
    // Its lease runs out (the row's clock), and the sweep starts a drain.
    await t
      .db('integration_sessions')
      .where({ id: row.id })
      .update({ leaseUntil: new Date(Date.now() - 1000) })
    await t
      .db('integration_inbox')
      .where({ sessionRowId: row.id })
      .update({ createdAt: new Date(Date.now() - 60_000) })
    await t.app.kernel.jobs.add(BOT_SWEEP_JOB, {})
    await until(async () => (await s.outbox()).length === 2)
    expect((await s.outbox())[1]).toBe('Eco: alô')
  })

  it('a wait whose time comes after an attendant took the ticket sends nothing', async () => {
    const s = await setup('espera')
    const first = await s.say('oi')
    await until(async () => (await s.session(first.ticketId))?.pendingDueAt)
    await s.settled(first.ticketId)
    const [user] = await t.db('users').where({ companyId: s.companyId }).select('id')
    await t.db('tickets').where({ id: first.ticketId }).update({ userId: user.id, status: 'open' })
    const held = await s.session(first.ticketId)
    await t
      .db('integration_sessions')
      .where({ id: held.id })
      .update({ pendingDueAt: new Date(Date.now() - 1000) })
    await t.app.kernel.jobs.add(BOT_JOB, { companyId: s.companyId, sessionRowId: held.id })
    await until(async () => (await s.session(first.ticketId)).pendingDueAt === null)
    await s.settled(first.ticketId)
    expect(await s.outbox()).toEqual(['Vou verificar...'])
  })

  it('says nothing once an attendant has the ticket', async () => {
    const s = await setup('menu')
    const first = await s.say('oi')
    await until(async () => (await s.outbox()).length === 2)
    const [user] = await t.db('users').where({ companyId: s.companyId }).select('id')
    await t.db('tickets').where({ id: first.ticketId }).update({ userId: user.id, status: 'open' })
    const calls = fake.calls.length
    await s.say('2')
    await new Promise((r) => setImmediate(r))
    expect(fake.calls.length).toBe(calls)
    expect(await s.outbox()).toHaveLength(2)
  })

  it("a flow's Typebot node hands the conversation to that bot, kept out of the integrations list", async () => {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers: headers as Headers, payload })
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const flow = await ok(call('POST', '/api/flowbuilder', { name: 'Com Typebot' }))
    await ok(
      call('POST', '/api/flowbuilder/flow', {
        idFlow: flow.id,
        nodes: [
          { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
          { id: 'm', type: 'message', position: { x: 0, y: 0 }, data: { label: 'Chamando o robô' } },
          {
            id: 'tb',
            type: 'typebot',
            position: { x: 0, y: 0 },
            data: {
              typebotIntegration: { name: 'Robô do fluxo', urlN8N: url, typebotSlug: 'menu', typebotDelayMessage: 0 },
            },
          },
        ],
        connections: [
          { source: '1', target: 'm', sourceHandle: null },
          { source: 'm', target: 'tb', sourceHandle: null },
        ],
      }),
    )
    const w = await ok(call('POST', '/api/whatsapp', { name: `Tb fluxo ${++seq}`, provider: 'simulator' }))
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    await ok(call('POST', '/api/flowcampaign', { name: 'robo', flowId: flow.id, whatsappId: w.id, phrase: 'robô' }))
    const from = `55479${String(60_000_001 + seq)}`
    const outbox = async (): Promise<string[]> =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages.map((m: { body: string }) => m.body)
    const { message } = await ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', body: 'robô' }))
    await until(async () => (await outbox()).length === 3)
    expect(await outbox()).toEqual(['Chamando o robô', 'Olá *{{name}}*!', '1. Vendas\n2. Suporte'])
    await ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', body: '1' }))
    await until(async () => (await outbox()).length === 4)
    expect((await outbox())[3]).toBe('Você escolheu Vendas. Até logo!')
    const ticket = await t.db('tickets').where({ id: message.ticketId }).first()
    expect(await t.db('queue_integrations').where({ companyId, id: ticket.integrationId }).first('origin')).toEqual({
      origin: `flow:${flow.id}:tb`,
    })
    expect((await ok(call('GET', '/api/queueIntegration'))).queueIntegrations).toEqual([])
    expect((await call('GET', `/api/queueIntegration/${ticket.integrationId}`)).statusCode).toBe(404)
  })
})
