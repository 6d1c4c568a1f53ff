import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { RoutingContext, InboundRef } from '../src/pipeline/routing.ts'
import { createTestApp, pairedSimulator, pipelinePlugins, until, type TestApp } from './support.ts'

describe('the routing chain', () => {
  let t: TestApp
  let sim: Awaited<ReturnType<typeof pairedSimulator>>
  const seen: string[] = []
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: pipelinePlugins })
    sim = await pairedSimulator(t)
    const routing = t.app.kernel.services.get<InboundRef>('inbound')
    const tickets = t.app.kernel.services.get<TicketsRef>('tickets')
    // Registered out of order: the chain sorts by `order`.
    routing.register({
      name: 'menu',
      order: 400,
      async run(ctx: RoutingContext) {
        seen.push(`menu:${ctx.message.body}`)
        if (ctx.isNewTicket) await ctx.reply('1 - Vendas\n2 - Suporte')
        else if (ctx.message.body === '2') await tickets.update(ctx.companyId, ctx.ticket.id, { queueId: 42 })
        return true
      },
    })
    routing.register({
      name: 'ddd',
      order: 100,
      async run(ctx: RoutingContext) {
        seen.push(`ddd:${ctx.message.body}`)
        if (ctx.message.body === 'boom') throw new Error('a broken step')
        return ctx.message.body === 'skip-menu'
      },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const inbound = (body: string) =>
    sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from: '5547971112222', body })

  it('runs steps in order on customer messages; a step that handles a message stops the chain', async () => {
    const first = (await inbound('oi')).json().message
    await until(() => seen.includes('menu:oi'))
    expect(seen.slice(0, 2)).toEqual(['ddd:oi', 'menu:oi'])
    const box = async () => (await sim.call('GET', `/api/simulator/${sim.whatsapp.id}/outbox`)).json().messages as any[]
    await until(async () => (await box()).some((m) => m.body.startsWith('1 - Vendas')))
    const bot = () => t.app.kernel.db('messages').where({ ticketId: first.ticketId, fromMe: true }).first()
    await until(async () => (await bot()).sendStatus === 'sent')
    expect(await bot()).toMatchObject({ userId: null, body: '1 - Vendas\n2 - Suporte' })

    await inbound('skip-menu')
    await until(() => seen.includes('ddd:skip-menu'))
    await inbound('2')
    await until(async () => (await t.app.kernel.db('tickets').where({ id: first.ticketId }).first()).queueId === 42)
    expect(seen).not.toContain('menu:skip-menu')
  })

  it('a failing step is logged and stops the chain for that message only', async () => {
    await inbound('boom')
    await inbound('after')
    await until(() => seen.includes('menu:after'))
    expect(seen).toContain('ddd:boom')
    expect(seen).not.toContain('menu:boom')
  })

  it('routes conversations on one connection side by side, each in its order', async () => {
    const routing = t.app.kernel.services.get<InboundRef>('inbound')
    const tickets = t.app.kernel.services.get<TicketsRef>('tickets')
    let open!: () => void
    const gate = new Promise<void>((r) => (open = r))
    const lane: string[] = []
    routing.register({
      name: 'lanes',
      order: 50,
      async run(ctx: RoutingContext) {
        if (!ctx.message.body.startsWith('lane:')) return false
        const step = ctx.message.body.slice(5)
        lane.push(step === 'A2' ? `A2 queue ${ctx.ticket.queueId}` : step)
        if (step === 'A1') {
          await gate
          await tickets.update(ctx.companyId, ctx.ticket.id, { queueId: 7 })
        }
        return true
      },
    })
    const send = (from: string, body: string) =>
      sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from, body })
    const [A, B, C] = ['5547970000001', '5547970000002', '5547970000003']

    // A's first message holds its conversation's lane (a slow bot).
    const a1 = send(A, 'lane:A1')
    await until(() => lane.includes('A1'))
    // A's second is stored at once but waits behind the first.
    const a2 = send(A, 'lane:A2')
    await until(async () => !!(await t.app.kernel.db('messages').where({ body: 'lane:A2' }).first()))
    // Meanwhile the other customers are answered, each in order (the simulator answers after routing).
    for (const [from, body] of [
      [B, 'lane:B1'],
      [C, 'lane:C1'],
      [B, 'lane:B2'],
      [C, 'lane:C2'],
    ])
      expect((await send(from, body)).statusCode).toBe(200)
    expect(lane).toEqual(['A1', 'B1', 'C1', 'B2', 'C2'])

    // Released, A's second runs after its first, and sees the ticket as the first left it.
    open()
    expect((await a1).statusCode).toBe(200)
    expect((await a2).statusCode).toBe(200)
    expect(lane).toEqual(['A1', 'B1', 'C1', 'B2', 'C2', 'A2 queue 7'])
  })

  it('routes a stored message whose chain never ran (a crash between them) when its connection starts again', async () => {
    const routing = t.app.kernel.services.get<InboundRef>('inbound')
    const routed: string[] = []
    routing.register({
      name: 'outbox',
      order: 40,
      async run(ctx: RoutingContext) {
        if (!ctx.message.body.startsWith('outbox:')) return false
        routed.push(`${ctx.message.body} new ${ctx.isNewTicket}`)
        return true
      },
    })
    const db = t.app.kernel.db
    const pendingRows = () => db('routing_pending').where({ whatsappId: sim.whatsapp.id })
    const sent = await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, {
      from: '5547970000009',
      body: 'outbox:1',
    })
    const message = sent.json().message
    expect(routed).toEqual(['outbox:1 new true'])
    // The chain ran: the message's outbox row goes.
    await until(async () => (await pendingRows()).length === 0)

    // A process that died after the commit and before the chain leaves the row behind.
    const ticket = await db('tickets').where({ id: message.ticketId }).first()
    await db('routing_pending').insert({
      messageId: message.id,
      companyId: sim.whatsapp.companyId,
      whatsappId: sim.whatsapp.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      isNewTicket: true,
    })
    // The connection's session starts again (here, as after a takeover; twice at once, as a resume
    // pass and a person's click may): the message is routed once more, once, and its row goes.
    const starts = await Promise.all([
      sim.call('POST', `/api/whatsappsession/${sim.whatsapp.id}`),
      sim.call('POST', `/api/whatsappsession/${sim.whatsapp.id}`),
    ])
    expect(starts.map((r) => r.statusCode)).toEqual([200, 200])
    await until(() => routed.length >= 2)
    await until(async () => (await pendingRows()).length === 0)
    expect(routed).toEqual(['outbox:1 new true', 'outbox:1 new true'])
  })

  it('refuses two steps with one name', () => {
    const routing = t.app.kernel.services.get<InboundRef>('inbound')
    expect(() => routing.register({ name: 'menu', order: 1, run: async () => {} })).toThrow(/twice/)
  })
})
