import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { caller, companyOnPlan, createTestApp, queuePlugins, until, type TestApp } from './support.ts'
import { menuText } from '../src/chatbot.ts'
import type { TicketsRef } from '@atende/plugin-tickets/api'

const CLOSED = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
  weekday: d,
  weekdayEn: d,
  startTime: '',
  endTime: '',
}))
const ALWAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
  weekday: d,
  weekdayEn: d,
  startTime: '00:00',
  endTime: '23:59',
}))

/** End to end: the customer writes from the simulated phone; the bot answers through the connection. */
describe('queue chatbot through the simulator', () => {
  let t: TestApp
  let seq = 0
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: queuePlugins })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A company with two queues (Vendas with a menu, Suporte without) on a paired simulator connection. */
  async function setup(connection: object = {}) {
    const { headers, companyId } = await companyOnPlan(t)
    const call = caller(t, headers)
    const vendas = (
      await call('POST', '/api/queue', { name: 'Vendas', color: '#f00', orderQueue: 1, greetingMessage: 'Vendas aqui' })
    ).json()
    const suporte = (
      await call('POST', '/api/queue', {
        name: 'Suporte',
        color: '#0f0',
        orderQueue: 2,
        greetingMessage: 'Suporte aqui',
        outOfHoursMessage: 'Suporte fechado',
      })
    ).json()
    const opt = async (body: object) => (await call('POST', '/api/queue-options', body)).json()
    const planos = await opt({ queueId: vendas.id, title: 'Planos', message: 'Qual plano?' })
    const boletos = await opt({ queueId: vendas.id, title: 'Boletos', message: 'Enviaremos o boleto' })
    const basico = await opt({
      queueId: vendas.id,
      parentId: planos.id,
      title: 'Básico',
      message: 'Um vendedor já fala do Básico',
    })
    const w = (
      await call('POST', '/api/whatsapp', {
        name: `Sim ${++seq}`,
        provider: 'simulator',
        greetingMessage: 'Bem-vindo!',
        queueIds: [vendas.id, suporte.id],
        ...connection,
      })
    ).json()
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).statusCode).toBe(200)
    let customerSeq = 0
    /** One customer: `say` waits for the bot's next reply (or for none, with `expectReply: false`). */
    const customer = () => {
      const from = `55479${String(80_000_000 + seq * 1000 + ++customerSeq)}`
      let seen = 0
      const outbox = async () =>
        (await call('GET', `/api/simulator/${w.id}/outbox?to=${from}`)).json().messages as { body: string }[]
      return {
        from,
        async say(body: string) {
          const res = await call('POST', `/api/simulator/${w.id}/inbound`, { from, body })
          expect(res.statusCode, res.body).toBe(200)
          await until(async () => (await outbox()).length > seen)
          const box = await outbox()
          seen = box.length
          return box[box.length - 1].body
        },
        async sayNoReply(body: string) {
          expect((await call('POST', `/api/simulator/${w.id}/inbound`, { from, body })).statusCode).toBe(200)
        },
        ticket: async () => {
          const contact = await t.db('contacts').where({ companyId, number: from }).first('id')
          return t.db('tickets').where({ companyId, contactId: contact.id }).orderBy('id', 'desc').first()
        },
      }
    }
    return { companyId, call, vendas, suporte, planos, boletos, basico, w, customer }
  }

  it('greets with the numbered menu, walks the option tree (number, title, #) and ends pending in the queue', async () => {
    const s = await setup()
    const c = s.customer()
    const top = menuText(
      'Bem-vindo!',
      [
        { n: 1, title: 'Vendas' },
        { n: 2, title: 'Suporte' },
      ],
      false,
    )
    expect(await c.say('oi')).toBe(top)
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: null, chatbot: true })
    expect(await c.say('7')).toBe(top) // invalid: the menu again (no attempt limit)
    const vendasMenu = menuText(
      'Vendas aqui',
      [
        { n: 1, title: 'Planos' },
        { n: 2, title: 'Boletos' },
      ],
      true,
    )
    expect(await c.say('1')).toBe(vendasMenu)
    expect(await c.ticket()).toMatchObject({ queueId: s.vendas.id, chatbot: true })
    const planosMenu = menuText('Qual plano?', [{ n: 1, title: 'Básico' }], true)
    expect(await c.say('PLANOS')).toBe(planosMenu) // by title, any case
    expect(await c.say('#')).toBe(vendasMenu) // back one level
    expect(await c.say('#')).toBe(top) // back to the queue menu
    expect(await c.ticket()).toMatchObject({ queueId: null })
    await c.say('1')
    await c.say('1')
    expect(await c.say('1')).toBe('Um vendedor já fala do Básico') // a leaf ends the walk
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: s.vendas.id, chatbot: false })
    expect(Number((await t.db('queue_bot_state').where({ companyId: s.companyId }).count({ n: '*' }).first())!.n)).toBe(
      0,
    )
    // Later messages of the ticket are the attendants' business: no more bot answers. The chain runs
    // before the inbound call answers, so a reply would already be stored.
    const sent = async () =>
      Number(
        (await t
          .db('messages')
          .where({ ticketId: (await c.ticket()).id, fromMe: true })
          .count({ n: '*' })
          .first())!.n,
      )
    const before = await sent()
    await c.sayNoReply('#')
    await c.sayNoReply('1')
    expect(await sent()).toBe(before)
  })

  it('a queue without options takes the ticket with its greeting', async () => {
    const s = await setup()
    const c = s.customer()
    await c.say('oi')
    expect(await c.say('suporte')).toBe('Suporte aqui')
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: s.suporte.id, chatbot: false })
  })

  it('after maxAttemptsWithoutResponse invalid answers, redirects (queue, option, or nowhere)', async () => {
    const toQueue = await setup({ maxAttemptsWithoutResponse: 2, redirectQueueId: undefined })
    await toQueue.call('PUT', `/api/whatsapp/${toQueue.w.id}`, { redirectQueueId: toQueue.suporte.id })
    let c = toQueue.customer()
    const top = await c.say('oi')
    expect(await c.say('x')).toBe(top)
    expect(await c.say('y')).toBe('Suporte aqui')
    expect(await c.ticket()).toMatchObject({ queueId: toQueue.suporte.id, chatbot: false })

    // Inside a queue: the queue's own limit and its 'option-{id}' redirect.
    const toOption = await setup()
    await toOption.call('PUT', `/api/queue/${toOption.vendas.id}`, {
      maxAttemptsWithoutResponse: 1,
      redirectQueueId: `option-${toOption.boletos.id}`,
    })
    c = toOption.customer()
    await c.say('oi')
    await c.say('1')
    expect(await c.say('nada')).toBe('Enviaremos o boleto')
    expect(await c.ticket()).toMatchObject({ queueId: toOption.vendas.id, chatbot: false })

    // No redirect: the bot lets go and the ticket waits without a queue.
    const nowhere = await setup({ maxAttemptsWithoutResponse: 1 })
    c = nowhere.customer()
    await c.say('oi')
    await c.sayNoReply('zzz')
    await until(async () => (await c.ticket()).chatbot === false)
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: null })
  })

  it('out of hours sends the out-of-hours message and leaves the ticket pending in the queue (queue and company schedules)', async () => {
    const s = await setup({ outOfHoursMessage: 'Estamos fechados' })
    await t.app.kernel.settings.set(s.companyId, 'scheduleType', 'queue')
    await s.call('PUT', `/api/queue/${s.suporte.id}`, { schedules: CLOSED })
    await s.call('PUT', `/api/queue/${s.vendas.id}`, { schedules: CLOSED, outOfHoursMessage: '' })
    let c = s.customer()
    await c.say('oi')
    expect(await c.say('2')).toBe('Suporte fechado') // the queue's own message
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: s.suporte.id, chatbot: false })
    c = s.customer()
    await c.say('oi')
    expect(await c.say('1')).toBe('Estamos fechados') // none on the queue: the connection's
    expect(await c.ticket()).toMatchObject({ queueId: s.vendas.id })

    // Company hours: the company's weekly schedule decides, whatever the queue's says.
    await t.app.kernel.settings.set(s.companyId, 'scheduleType', 'company')
    await s.call('PUT', `/api/queue/${s.suporte.id}`, { schedules: ALWAYS })
    // The company's hours are the companies plugin's: set through its route, as the settings screen does.
    const setHours = async (schedules: object[]) => {
      const res = await s.call('PUT', `/api/companies/${s.companyId}/schedules`, { schedules })
      expect(res.statusCode, res.body).toBe(200)
    }
    await setHours(CLOSED)
    c = s.customer()
    await c.say('oi')
    expect(await c.say('2')).toBe('Suporte fechado')
    await setHours(ALWAYS)
    c = s.customer()
    await c.say('oi')
    expect(await c.say('2')).toBe('Suporte aqui')
  })

  it('with one queue and sendGreetingMessageOneQueues enabled, goes straight into it; disabled shows the menu', async () => {
    const s = await setup()
    await s.call('PUT', `/api/whatsapp/${s.w.id}`, { queueIds: [s.suporte.id] })
    await t.app.kernel.settings.set(s.companyId, 'sendGreetingMessageOneQueues', 'enabled')
    let c = s.customer()
    expect(await c.say('oi')).toBe('Suporte aqui')
    expect(await c.ticket()).toMatchObject({ queueId: s.suporte.id, chatbot: false })
    await t.app.kernel.settings.set(s.companyId, 'sendGreetingMessageOneQueues', 'disabled')
    c = s.customer()
    expect(await c.say('oi')).toBe(menuText('Bem-vindo!', [{ n: 1, title: 'Suporte' }], false))
  })

  it('leaves tickets alone on a connection without queues, and forgets the walk when the ticket closes', async () => {
    const s = await setup()
    const c = s.customer()
    await c.say('oi')
    const ticket = await c.ticket()
    expect(await t.db('queue_bot_state').where({ ticketId: ticket.id }).first()).toBeTruthy()
    await t.app.kernel.services.get<TicketsRef>('tickets').update(s.companyId, ticket.id, { status: 'closed' })
    await until(async () => !(await t.db('queue_bot_state').where({ ticketId: ticket.id }).first()))

    await s.call('PUT', `/api/whatsapp/${s.w.id}`, { queueIds: [] })
    const d = s.customer()
    await d.sayNoReply('oi')
    expect(await d.ticket()).toMatchObject({ status: 'pending', queueId: null, chatbot: false })
    expect((await s.call('GET', `/api/simulator/${s.w.id}/outbox?to=${d.from}`)).json().messages).toEqual([])
  })
})
