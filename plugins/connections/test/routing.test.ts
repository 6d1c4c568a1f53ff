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

  it('refuses two steps with one name', () => {
    const routing = t.app.kernel.services.get<InboundRef>('inbound')
    expect(() => routing.register({ name: 'menu', order: 1, run: async () => {} })).toThrow(/twice/)
  })
})
