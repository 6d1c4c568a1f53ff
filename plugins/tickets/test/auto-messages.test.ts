import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  caller,
  companyOnPlan,
  createTestApp,
  queuePlugins,
  until,
  userIn,
  type TestApp,
} from '../../queues/test/support.ts'
import { greetingAt, renderVariables } from '@atende/sdk'
import { GREETING_ACCEPTED } from '../src/auto-messages.ts'
import { RATING_OPTIONS } from '../src/rating.ts'

describe('renderVariables', () => {
  // 2024-03-05 12:34 UTC is 09:34 in São Paulo (UTC-3, no daylight saving since 2019).
  const now = new Date('2024-03-05T12:34:00Z')
  const base = {
    contactName: '  Maria  da Silva ',
    ticketId: 42,
    ticketCreatedAt: '2024-03-04T23:30:00Z',
    now,
    timeZone: 'America/Sao_Paulo',
  }

  it('fills every variable in the company time zone', () => {
    const out = renderVariables(
      '{{greeting}} {{firstName}} | {{name}} | {{protocol}} | {{date}} {{hour}} | {{userName}}/{{queueName}}/{{connectionName}}',
      { ...base, userName: 'Ana', queueName: 'Vendas', connectionName: 'Loja' },
    )
    // Opened on the 4th at 20:30 local time: the protocol carries the local day, then the id.
    expect(out).toBe('Bom dia Maria | Maria  da Silva | 2024030442 | 05/03/2024 09:34 | Ana/Vendas/Loja')
  })

  it('greets by the local hour; the older names {{ms}} and {{gretting}} work too', () => {
    const at = (iso: string) => greetingAt(new Date(iso), 'America/Sao_Paulo')
    expect(at('2024-03-05T08:00:00Z')).toBe('Bom dia') // 05:00
    expect(at('2024-03-05T07:59:00Z')).toBe('Boa noite') // 04:59
    expect(at('2024-03-05T14:59:00Z')).toBe('Bom dia') // 11:59
    expect(at('2024-03-05T15:00:00Z')).toBe('Boa tarde') // 12:00
    expect(at('2024-03-05T20:59:00Z')).toBe('Boa tarde') // 17:59
    expect(at('2024-03-05T21:00:00Z')).toBe('Boa noite') // 18:00
    expect(renderVariables('{{ms}}/{{gretting}}/{{ greeting }}', base)).toBe('Bom dia/Bom dia/Bom dia')
    expect(greetingAt(now, 'UTC')).toBe('Boa tarde')
  })

  it('renders unknown variables empty, leaves other text alone and does not escape', () => {
    expect(renderVariables('Olá {{nope}}{{firstName}} & <b>{x}</b> {{', { ...base, contactName: 'Zé & Cia' })).toBe(
      'Olá Zé & <b>{x}</b> {{',
    )
    expect(renderVariables('{{firstName}}!', { ...base, contactName: '' })).toBe('!')
  })
})

/** End to end: moves through the API, the customer's phone is the simulator's outbox. */
describe('automatic messages on ticket moves', () => {
  let t: TestApp
  let seq = 0
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: queuePlugins })
  })
  afterAll(async () => {
    await t?.close()
  })
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

  /** A company (admin) with a paired simulator connection without queues (so no chatbot answers). */
  async function setup(connection: object = {}) {
    const admin = await companyOnPlan(t)
    const call = caller(t, admin.headers)
    const w = (
      await call('POST', '/api/whatsapp', { name: `Auto ${++seq}`, provider: 'simulator', ...connection })
    ).json()
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).statusCode).toBe(200)
    const db = t.app.kernel.db
    const adminName = (await db('users').where({ id: admin.userId }).first('name')).name as string
    // Group messages are ignored by default; set before the first message (the pipeline caches it).
    await t.app.kernel.settings.set(admin.companyId, 'CheckMsgIsGroup', 'disabled')
    let n = 0
    return {
      ...admin,
      call,
      w,
      adminName,
      set: (key: string, value: string) => t.app.kernel.settings.set(admin.companyId, key, value),
      /** A new customer writes; returns their number and the ticket id. */
      async customer(name = 'Maria Silva', extra: object = {}) {
        const from = `55479${String(70_000_000 + seq * 1000 + ++n)}`
        const res = await call('POST', `/api/simulator/${w.id}/inbound`, { from, name, body: 'oi', ...extra })
        expect(res.statusCode, res.body).toBe(200)
        return { from, ticketId: res.json().message.ticketId as number }
      },
      outbox: async (to: string) =>
        (await call('GET', `/api/simulator/${w.id}/outbox?to=${to}`)).json().messages as { body: string }[],
      bot: (ticketId: number) =>
        db('messages').where({ ticketId, fromMe: true }).orderBy('id').pluck('body') as Promise<string[]>,
      move: (ticketId: number, body: object) => call('PUT', `/api/tickets/${ticketId}`, body),
    }
  }

  it("fills a quick message's variables for the composer (POST /tickets/{id}/render), within the access rule", async () => {
    const s = await setup()
    const { ticketId } = await s.customer('Joana Prado')
    const res = await s.call('POST', `/api/tickets/${ticketId}/render`, {
      text: '{{greeting}}, {{firstName}}! Protocolo {{protocol}} em {{connectionName}}. {{nada}}',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().text).toMatch(
      new RegExp(`^(Bom dia|Boa tarde|Boa noite), Joana! Protocolo \\d{8}${ticketId} em Auto \\d+\\. $`),
    )
    // An attendant outside the ticket's queue rule is refused, as for the ticket itself.
    const other = await companyOnPlan(t)
    const outsider = await caller(t, other.headers)('POST', `/api/tickets/${ticketId}/render`, { text: '{{name}}' })
    expect(outsider.statusCode).toBe(404)
  })
  it('accept: the greeting only with sendGreetingAccepted on, never for groups or landing-page tickets', async () => {
    const s = await setup()
    const off = await s.customer()
    expect((await s.move(off.ticketId, { status: 'open', userId: s.userId })).statusCode).toBe(200)

    await s.set('sendGreetingAccepted', 'enabled')
    const on = await s.customer('Maria Silva')
    const res = await s.move(on.ticketId, { status: 'open', userId: s.userId })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'open', userId: s.userId })
    await until(async () => (await s.outbox(on.from)).length === 1)
    const [greeting] = await s.outbox(on.from)
    expect(greeting.body).toMatch(
      new RegExp(
        `^(Bom dia|Boa tarde|Boa noite), Maria! Meu nome é \\*${s.adminName}\\* e agora vou prosseguir com o seu atendimento\\.$`,
      ),
    )
    expect(GREETING_ACCEPTED).toContain('{{userName}}')
    expect(await s.bot(on.ticketId)).toEqual([greeting.body])
    expect(await t.app.kernel.db('messages').where({ ticketId: on.ticketId, fromMe: true }).first('userId')).toEqual({
      userId: null,
    })

    const group = await s.customer('Ana', { groupId: '120363000000000001', groupName: 'Família' })
    expect((await t.app.kernel.db('tickets').where({ id: group.ticketId }).first()).isGroup).toBe(true)
    await s.move(group.ticketId, { status: 'open', userId: s.userId })
    const landing = await s.customer()
    await t.app.kernel.db('tickets').where({ id: landing.ticketId }).update({ origin: 'landingpage' })
    await s.move(landing.ticketId, { status: 'open', userId: s.userId })

    await sleep(300)
    expect(await s.bot(off.ticketId)).toEqual([])
    expect(await s.bot(group.ticketId)).toEqual([])
    expect(await s.bot(landing.ticketId)).toEqual([])
  })

  it('transfer: the notice with sendMsgTransfTicket on, naming the queue, or the user and queue', async () => {
    const s = await setup()
    const vendas = (await s.call('POST', '/api/queue', { name: 'Vendas', color: '#f00', greetingMessage: '' })).json()
    const suporte = (
      await s.call('POST', '/api/queue', { name: 'Suporte', color: '#0f0', greetingMessage: 'Olá' })
    ).json()
    const quiet = await s.customer()
    expect((await s.move(quiet.ticketId, { queueId: vendas.id })).statusCode).toBe(200)

    await s.set('sendMsgTransfTicket', 'enabled')
    const c = await s.customer()
    expect((await s.move(c.ticketId, { queueId: vendas.id })).json()).toMatchObject({
      status: 'pending',
      queueId: vendas.id,
      userId: null,
    })
    await until(async () => (await s.outbox(c.from)).length === 1)
    expect((await s.outbox(c.from))[0].body).toBe(
      '*Mensagem automática*:\nVocê foi transferido para o departamento *Vendas*\nAguarde, já vamos te atender!',
    )

    const ana = await userIn(t.app, s.companyId, 'user')
    const anaName = (await t.app.kernel.db('users').where({ id: ana.userId }).first('name')).name
    expect((await s.move(c.ticketId, { queueId: suporte.id, userId: ana.userId })).json()).toMatchObject({
      status: 'open',
      userId: ana.userId,
    })
    await until(async () => (await s.outbox(c.from)).length === 2)
    expect((await s.outbox(c.from))[1].body).toBe(
      `*Mensagem automática*:\nVocê foi transferido para o atendente *${anaName}* do departamento *Suporte*\nAguarde, já vamos te atender!`,
    )

    // Nothing changes hands (same queue, same user): no notice.
    await s.move(c.ticketId, { queueId: suporte.id, userId: ana.userId })
    await sleep(300)
    expect(await s.outbox(c.from)).toHaveLength(2)
    expect(await s.bot(quiet.ticketId)).toEqual([])
  })

  it('close: the completion message (with variables) and the rating question; none for groups', async () => {
    const s = await setup({
      complationMessage: 'Obrigado pelo contato, {{firstName}}! Protocolo {{protocol}}.',
      ratingMessage: '',
    })
    const plain = await s.customer('João Souza')
    expect((await s.move(plain.ticketId, { status: 'closed' })).json()).toMatchObject({ status: 'closed' })
    await until(async () => (await s.outbox(plain.from)).length === 1)
    expect((await s.outbox(plain.from))[0].body).toMatch(/^Obrigado pelo contato, João! Protocolo \d{8}\d+\.$/)
    expect((await s.outbox(plain.from))[0].body.endsWith(`${plain.ticketId}.`)).toBe(true)
    expect(await t.app.kernel.db('ticket_ratings').where({ ticketId: plain.ticketId }).first()).toBeUndefined()

    await s.set('userRating', 'enabled')
    const rated = await s.customer('Ana Lima')
    await s.move(rated.ticketId, { status: 'open', userId: s.userId })
    await s.move(rated.ticketId, { status: 'closed' })
    await until(async () => (await s.outbox(rated.from)).length === 2)
    const [completion, question] = (await s.outbox(rated.from)).map((m) => m.body)
    expect(completion).toMatch(/^Obrigado pelo contato, Ana!/)
    expect(question).toContain('1 - Insatisfeito')
    expect(question.endsWith(RATING_OPTIONS)).toBe(true)
    await until(async () => !!(await t.app.kernel.db('ticket_ratings').where({ ticketId: rated.ticketId }).first()))
    expect(await t.app.kernel.db('ticket_ratings').where({ ticketId: rated.ticketId }).first()).toMatchObject({
      companyId: s.companyId,
      whatsappId: s.w.id,
      userId: s.userId,
      rate: null,
      ratedAt: null,
    })

    const group = await s.customer('Ana', { groupId: '120363000000000002', groupName: 'Turma' })
    await s.move(group.ticketId, { status: 'closed' })
    await sleep(300)
    expect(await s.bot(group.ticketId)).toEqual([])
    expect(await t.app.kernel.db('ticket_ratings').where({ ticketId: group.ticketId })).toEqual([])
  })

  it('close without message: neither the completion message nor the rating question', async () => {
    const s = await setup({ complationMessage: 'Até logo!' })
    await s.set('userRating', 'enabled')
    const silent = await s.customer()
    const res = await s.call('PUT', `/api/tickets/${silent.ticketId}/close-without-message`)
    expect(res.json()).toMatchObject({ status: 'closed' })
    await sleep(300)
    expect(await s.bot(silent.ticketId)).toEqual([])
    expect(await t.app.kernel.db('ticket_ratings').where({ ticketId: silent.ticketId })).toEqual([])
  })

  it('a custom rating message is rendered and followed by the scale; an empty completion sends only the question', async () => {
    const s = await setup({ complationMessage: '', ratingMessage: '{{firstName}}, como foi o atendimento?' })
    await s.set('userRating', 'enabled')
    const c = await s.customer('Bia Reis')
    await s.move(c.ticketId, { status: 'closed' })
    await until(async () => (await s.outbox(c.from)).length === 1)
    expect((await s.outbox(c.from))[0].body).toBe(`Bia, como foi o atendimento?\n\n${RATING_OPTIONS}`)
  })
})
