import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { caller, companyOnPlan, createTestApp, queuePlugins, until, type TestApp } from '../../queues/test/support.ts'
import { menuText } from '../../queues/src/chatbot.ts'
import {
  RATING_INTRO,
  RATING_OPTIONS,
  RATING_THANKS,
  RATING_WINDOW_MS,
  parseRate,
  ratingQuestion,
} from '../src/rating.ts'

describe('rating answers (pure)', () => {
  it('takes 1, 2 or 3 (spaces, bold, a final dot); nothing else', () => {
    expect(['1', ' 2 ', '*3*', '3.', '2!'].map(parseRate)).toEqual([1, 2, 3, 3, 2])
    expect(['0', '4', '10', '3 estrelas', 'oi', '', '1,5'].map(parseRate)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ])
  })
  it('the question is the connection text (or ours) followed by the scale', () => {
    expect(ratingQuestion('  ')).toBe(`${RATING_INTRO}\n\n${RATING_OPTIONS}`)
    expect(ratingQuestion('Nota?')).toBe(`Nota?\n\n1 - Insatisfeito\n2 - Satisfeito\n3 - Muito satisfeito`)
  })
})

/**
 * The customer's phone is the simulator. The connection has queues, so the queue chatbot (order 400)
 * greets every new ticket: the rating step (order 50) must catch the answer before it does.
 */
describe('the customer rates a closed ticket', () => {
  let t: TestApp
  let seq = 0
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: queuePlugins })
  })
  afterAll(async () => {
    await t?.close()
  })
  const db = () => t.app.kernel.db

  async function closedAndAsked() {
    const admin = await companyOnPlan(t)
    const call = caller(t, admin.headers)
    const vendas = (await call('POST', '/api/queue', { name: 'Vendas', color: '#f00', greetingMessage: '' })).json()
    const w = (
      await call('POST', '/api/whatsapp', {
        name: `Rate ${++seq}`,
        provider: 'simulator',
        greetingMessage: 'Bem-vindo!',
        queueIds: [vendas.id],
        complationMessage: 'Até logo!',
      })
    ).json()
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).statusCode).toBe(200)
    await t.app.kernel.settings.set(admin.companyId, 'userRating', 'enabled')
    await t.app.kernel.settings.set(admin.companyId, 'sendGreetingMessageOneQueues', 'disabled')
    const from = `55479${String(60_000_000 + seq)}`
    const outbox = async () =>
      (await call('GET', `/api/simulator/${w.id}/outbox?to=${from}`)).json().messages as { body: string }[]
    const say = async (body: string) => {
      const res = await call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Carla', body })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().message as { id: number; ticketId: number }
    }
    const first = await say('oi')
    await until(async () => (await outbox()).length === 1) // the chatbot's menu
    expect(
      (await call('PUT', `/api/tickets/${first.ticketId}`, { status: 'open', userId: admin.userId })).statusCode,
    ).toBe(200)
    expect((await call('PUT', `/api/tickets/${first.ticketId}`, { status: 'closed' })).statusCode).toBe(200)
    await until(async () => !!(await db()('ticket_ratings').where({ ticketId: first.ticketId }).first()))
    await until(async () => (await outbox()).length === 3) // completion, question
    const contactId = (await db()('tickets').where({ id: first.ticketId }).first()).contactId as number
    const active = () =>
      db()('tickets').where({ contactId, whatsappId: w.id }).whereIn('status', ['open', 'pending']).select()
    return { ...admin, call, w, vendas, from, outbox, say, rated: first.ticketId, contactId, active }
  }

  it("answering '3' stores the rate, thanks the customer and leaves no new ticket", async () => {
    const s = await closedAndAsked()
    expect((await s.outbox()).map((m) => m.body).slice(1)).toEqual(['Até logo!', ratingQuestion('')])
    const answer = await s.say('3')
    // The answer joins the rated conversation; the fresh ticket the pipeline made for it is gone.
    await until(async () => (await s.outbox()).length === 4)
    expect((await s.outbox())[3].body).toBe(RATING_THANKS)
    expect(await db()('ticket_ratings').where({ ticketId: s.rated }).first()).toMatchObject({
      rate: 3,
      userId: s.userId,
      contactId: s.contactId,
      whatsappId: s.w.id,
    })
    expect((await db()('ticket_ratings').where({ ticketId: s.rated }).first()).ratedAt).not.toBeNull()
    expect(await s.active()).toEqual([])
    expect(await db()('tickets').where({ id: answer.ticketId }).first()).toBeUndefined()
    expect(await db()('messages').where({ id: answer.id }).first()).toMatchObject({
      ticketId: s.rated,
      body: '3',
      fromMe: false,
    })
    expect(await db()('messages').where({ ticketId: s.rated }).orderBy('id', 'desc').first()).toMatchObject({
      body: RATING_THANKS,
      fromMe: true,
      userId: null,
    })
    expect(await db()('tickets').where({ id: s.rated }).first()).toMatchObject({ status: 'closed' })

    // The question is answered: the next message is a new conversation, greeted by the chatbot.
    const next = await s.say('2')
    await until(async () => (await s.outbox()).length === 5)
    expect((await s.outbox())[4].body).toBe(menuText('Bem-vindo!', [{ n: 1, title: 'Vendas' }], false))
    expect((await s.active()).map((r: any) => r.id)).toEqual([next.ticketId])
    expect((await db()('ticket_ratings').where({ ticketId: s.rated }).first()).rate).toBe(3)
  })

  it("answering 'oi' drops the question: a normal new ticket, the chatbot greets it", async () => {
    const s = await closedAndAsked()
    const m = await s.say('oi')
    await until(async () => (await s.outbox()).length === 4)
    expect((await s.outbox())[3].body).toBe(menuText('Bem-vindo!', [{ n: 1, title: 'Vendas' }], false))
    expect((await s.active()).map((r: any) => r.id)).toEqual([m.ticketId])
    expect(await db()('ticket_ratings').where({ ticketId: s.rated }).first()).toBeUndefined()
    // '1' now is a menu answer, not a rating.
    await s.say('1')
    await until(async () => (await db()('tickets').where({ id: m.ticketId }).first()).queueId === s.vendas.id)
    expect(await db()('ticket_ratings').where({ companyId: s.companyId })).toEqual([])
  })

  it('an answer after the window, or after the ticket was reopened, is a normal message', async () => {
    const late = await closedAndAsked()
    await db()('ticket_ratings')
      .where({ ticketId: late.rated })
      .update({ askedAt: new Date(Date.now() - RATING_WINDOW_MS - 60_000) })
    const m = await late.say('3')
    expect((await late.active()).map((r: any) => r.id)).toEqual([m.ticketId])
    expect(await db()('ticket_ratings').where({ ticketId: late.rated }).first()).toBeUndefined()

    const reopened = await closedAndAsked()
    expect((await reopened.call('PUT', `/api/tickets/${reopened.rated}`, { status: 'open' })).statusCode).toBe(200)
    const again = await reopened.say('3')
    expect(again.ticketId).toBe(reopened.rated)
    expect((await reopened.active()).map((r: any) => r.id)).toEqual([reopened.rated])
    expect((await db()('ticket_ratings').where({ ticketId: reopened.rated }).first()).rate).toBeNull()
  })
})
